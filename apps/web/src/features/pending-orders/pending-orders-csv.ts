/** R-PEND-8: the rows shown, as CSV the way a spreadsheet opens them. */
import type { PendingRow } from '@dispatch/domain/orders/pending-orders';

export type CsvValue = string | number | null | undefined;

export type CsvColumn = {
  readonly header: string;
  readonly value: (row: PendingRow) => CsvValue;
};

/**
 * One cell: quoted when it holds a quote, comma or line break; text a spreadsheet would run as a
 * formula (=, +, -, @ first) is led by an apostrophe.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function pendingCsv(rows: readonly PendingRow[], columns: readonly CsvColumn[]): string {
  const lines = [
    columns.map((column) => csvCell(column.header)).join(','),
    ...rows.map((row) => columns.map((column) => csvCell(column.value(row))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves the text as a file through the browser's own download. */
export function downloadCsv(fileName: string, csv: string): void {
  // A byte order mark, so a spreadsheet reads accents (Spanish names) as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
