/**
 * How report cells read (R-RPT-7): one formatter per column kind, shared by the PDF (text) and
 * the CSV (plain values a spreadsheet parses); Excel gets typed cells with number formats instead.
 */
import type { ReportLanguage } from '@dispatch/domain/reports/report-language';
import { reportDayLabel } from '@dispatch/domain/reports/report-period';
import type { CellValue, ColumnKind } from './report-document';

const fixed = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A cell as the PDF prints it. */
export function cellText(
  kind: ColumnKind,
  value: CellValue,
  language: ReportLanguage = 'en',
): string {
  if (value === null || value === '') return '';
  if (typeof value === 'string') {
    if (kind === 'date') return reportDayLabel(value, language);
    // The header names the period's year: a stamp needs the day and the time.
    if (kind === 'dateTime') {
      return `${reportDayLabel(value.slice(0, 10), language).split(' ').slice(0, 2).join(' ')} ${value.slice(11, 16)}`;
    }
    return value;
  }
  switch (kind) {
    case 'integer':
      return fixed(value, 0);
    case 'quantity':
    case 'money':
    case 'hours':
      return fixed(value, 2);
    case 'percent':
      return `${fixed(value, 1)}%`;
    default:
      return String(value);
  }
}

/** A cell as the CSV holds it: numbers without separators, days and times as ISO. */
export function cellCsv(kind: ColumnKind, value: CellValue): string | number {
  if (value === null) return '';
  if (typeof value === 'number') {
    return kind === 'money' ? Math.round(value * 100) / 100 : value;
  }
  return value;
}

export function isNumeric(kind: ColumnKind): boolean {
  return (
    kind === 'integer' ||
    kind === 'quantity' ||
    kind === 'money' ||
    kind === 'percent' ||
    kind === 'hours'
  );
}
