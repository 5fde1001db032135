/**
 * Letter templates (R-CREDIT-6..R-CREDIT-8): the form letters credit staff send, kept through the
 * resource engine (ADR 009): listed and searched, versioned (a stale save is a 409 naming who
 * saved), deactivated rather than deleted, audited. A template names only known merge fields; the
 * rule runs in the editor before sending and on the server before saving.
 */
import { defineResource, type RecordRule } from '../resources/define';
import { choice, flag, multiline, text } from '../resources/field';
import type { LetterLanguage } from './letter-render';
import { mergeFieldProblems } from './merge-fields';

/** The languages a letter is written in, by the number the template stores. */
export const templateLanguages = [
  { value: 1, code: 'en', label: 'English' },
  { value: 2, code: 'es', label: 'Spanish' },
] as const satisfies readonly { value: number; code: LetterLanguage; label: string }[];

export type TemplateLanguageId = (typeof templateLanguages)[number]['value'];

export function languageOf(languageId: number | null | undefined): LetterLanguage {
  return templateLanguages.find((language) => language.value === languageId)?.code ?? 'en';
}

const knownMergeFields: RecordRule = (record) => [
  ...mergeFieldProblems('subject', typeof record.subject === 'string' ? record.subject : ''),
  ...mergeFieldProblems('body', typeof record.body === 'string' ? record.body : ''),
];

export const letterTemplateResource = defineResource({
  name: 'letterTemplates',
  path: 'letter-templates',
  singular: 'Letter template',
  plural: 'Letter templates',
  screen: 'FormLetterMaintenance',
  forms: ['FormLetterMaintenance'],
  // Form letters choose a template from the pick list (R-CREDIT-11).
  pickedBy: ['FormLetter'],
  labelField: 'name',
  fields: {
    name: text({ label: 'Name', required: true, list: true, max: 80 }),
    languageId: choice(
      templateLanguages.map(({ value, label }) => ({ value, label })),
      { label: 'Language', list: true, default: 1 },
    ),
    subject: text({ label: 'Subject', required: true, list: true, max: 200 }),
    body: multiline({ label: 'Letter', required: true, max: 20_000 }),
    inactiveFlag: flag({ label: 'Inactive', list: true }),
  },
  search: ['name', 'subject'],
  sort: ['name', 'modifiedAt'],
  filters: ['languageId'],
  rules: [knownMergeFields],
});
