import type { TableCell } from 'pdfmake/interfaces';
import type { DocumentLanguage } from '@dispatch/domain/document-language';

/** How the house PDFs (receipts, invoices, tickets) write amounts: one format for all of them. */

/** The locale each document language writes numbers and dates in (the credit letters' too). */
const locales: Record<DocumentLanguage, string> = { en: 'en-US', es: 'es' };

export type PdfFormats = {
  /** Money to the cent with the language's separators; nothing for a missing amount. */
  money: (value: number | null | undefined) => string;
  /** A quantity with up to three decimals (numeric(12, 3)). */
  quantity: (value: number) => string;
  /** Any other number (a tax rate, a variance), with the options Intl takes. */
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  /**
   * A calendar day (YYYY-MM-DD): as it is in English, the house style of invoices; day first
   * in Spanish (08/04/2026), which a Spanish reader would otherwise read the wrong way round.
   */
  day: (value: string) => string;
  /** A moment's date ("Mar 10, 2026", "10 mar 2026") and time ("1:05 PM", "13:05"). */
  date: (value: Date, timeZone?: string) => string;
  time: (value: Date, timeZone?: string) => string;
  /** A unit's abbreviation (units.ts) as the language writes it: "ea" is "ud." in Spanish. */
  unit: (abbreviation: string) => string;
};

/** The abbreviations that are English words; the others (yd³, lb, gal, ft) read the same. */
const unitsEs: Readonly<Record<string, string>> = { ea: 'ud.', cars: 'vagones' };

export function pdfFormats(language: DocumentLanguage): PdfFormats {
  const locale = locales[language];
  const zone = (timeZone: string | undefined) => (timeZone ? { timeZone } : {});
  const spanishDay = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    money: (value) =>
      value === null || value === undefined
        ? ''
        : value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    quantity: (value) => value.toLocaleString(locale, { maximumFractionDigits: 3 }),
    number: (value, options) => value.toLocaleString(locale, options),
    day: (value) =>
      language === 'en' || !/^\d{4}-\d{2}-\d{2}$/.test(value)
        ? value
        : spanishDay.format(new Date(`${value}T00:00:00Z`)),
    date: (value, timeZone) =>
      value.toLocaleDateString(locale, { dateStyle: 'medium', ...zone(timeZone) }),
    time: (value, timeZone) =>
      value.toLocaleTimeString(locale, { timeStyle: 'short', ...zone(timeZone) }),
    unit: (abbreviation) =>
      language === 'es' ? (unitsEs[abbreviation] ?? abbreviation) : abbreviation,
  };
}

const english = pdfFormats('en');

/** Money in English, as receipts write it. */
export const money = english.money;

/** A quantity in English, as receipts and reports write it. */
export const quantity = english.quantity;

/** A right-aligned table cell (numbers), in a house style when given. */
export function right(text: string, style?: string): TableCell {
  return style ? { text, alignment: 'right', style } : { text, alignment: 'right' };
}
