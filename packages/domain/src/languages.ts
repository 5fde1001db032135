/**
 * The languages the product speaks: its screens, the jobs it runs for a user, the reports, letters,
 * tickets and invoices it writes. Adding one here is where a new language starts.
 */
export const productLanguages = ['en', 'es'] as const;
export type ProductLanguage = (typeof productLanguages)[number];
