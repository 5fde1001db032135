/** A letter template's fields as the editor's form holds them. */
import type { ResourceRow } from '../../resources/resource-api';

export type LetterTemplateValues = {
  name: string;
  languageId: number;
  subject: string;
  body: string;
  inactiveFlag: boolean;
};
export const blank: LetterTemplateValues = {
  name: '',
  languageId: 1,
  subject: '',
  body: '',
  inactiveFlag: false,
};

export function valuesOf(row: ResourceRow | undefined): LetterTemplateValues {
  if (!row) return blank;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: text(row.name),
    languageId: typeof row.languageId === 'number' ? row.languageId : 1,
    subject: text(row.subject),
    body: text(row.body),
    inactiveFlag: row.inactiveFlag === true,
  };
}
