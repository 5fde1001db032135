/**
 * The languages a customer's documents are written in (issue 25, item 4): its delivery tickets
 * and invoices are printed in the language set on the customer. English is the product's own
 * language, so it is every customer's until someone sets another.
 */
import type { Choice } from './resources/field';
import { productLanguages, type ProductLanguage } from './languages';

export const documentLanguages = productLanguages;
export type DocumentLanguage = ProductLanguage;

export const defaultDocumentLanguage: DocumentLanguage = 'en';

/**
 * The languages as a pick list offers them: each named in itself, as the language menu of the top
 * bar names them, so whoever reads the list finds their own language whatever the screen's.
 */
export const documentLanguageChoices = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
] as const satisfies readonly (Choice & { value: DocumentLanguage })[];

/** A stored or sent language, English for anything this does not know. */
export function documentLanguageOf(value: unknown): DocumentLanguage {
  return documentLanguages.find((language) => language === value) ?? defaultDocumentLanguage;
}
