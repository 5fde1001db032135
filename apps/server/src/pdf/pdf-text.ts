import type { TableCell } from 'pdfmake/interfaces';

/** How the house PDFs (receipts, invoices, tickets) write amounts: one format for all of them. */

/** Money to the cent with thousands separators; nothing for a missing amount. */
export const money = (value: number | null | undefined): string =>
  value === null || value === undefined
    ? ''
    : value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A quantity with up to three decimals (numeric(12, 3)). */
export const quantity = (value: number): string =>
  value.toLocaleString('en-US', { maximumFractionDigits: 3 });

/** A right-aligned table cell (numbers), in a house style when given. */
export function right(text: string, style?: string): TableCell {
  return style ? { text, alignment: 'right', style } : { text, alignment: 'right' };
}
