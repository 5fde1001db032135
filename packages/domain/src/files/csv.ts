/**
 * Every CSV the product writes (lists, inquiries, reports, audits, the AI query's answers, pending
 * orders) goes through here: RFC 4180 quoting, CRLF lines, and no live formulas. A spreadsheet
 * runs a cell that starts with =, +, -, @, a tab or a carriage return as a formula
 * (`=HYPERLINK(…)`, `+cmd|…`): such text is led by an apostrophe, so it opens as the text it is
 * (OWASP, CSV injection). Numbers stay numbers, negative ones too.
 */

/** A cell's value; a flag is written 1 or empty, a date in ISO form, anything else as JSON. */
export type CsvValue = string | number | boolean | Date | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** One cell as it is written: neutralised, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: unknown): string {
  let text = plainText(value);
  if (typeof value === 'string' && formulaStart.test(text) && !plainNumber.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** The rows as CSV text, each line ended by CRLF. */
export function csvText(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/**
 * A CSV file's content: a byte-order mark first, so a spreadsheet reads accented names (and yd³)
 * as UTF-8.
 */
export function csvFile(rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${csvText(rows)}`;
}
