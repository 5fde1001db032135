/**
 * How the export files spell values (R-ACCT-2): amounts with two decimals and no separators,
 * quantities without trailing zeros, US dates, CSV quoting (RFC 4180, CRLF) and the names
 * QuickBooks accepts; and Windows-1252 bytes for the desktop packages that read files in it.
 */
import { toCents } from '../pricing/price-escalation';

/** "1234.50", "-88.05", "0.00" (never "-0.00"). */
export function formatAmount(value: number): string {
  const cents = toCents(value);
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole}.${fraction}`;
}

/** "9.5", "-10", "0.125": at most three decimals (quantities are numeric(12, 3)). */
export function formatQuantity(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return String(rounded === 0 ? 0 : rounded);
}

function dayParts(day: string): [string, string, string] {
  const [year, month, date] = day.split('-') as [string, string, string];
  return [year, month, date];
}

/** 2026-03-09 as 03/09/2026 (QuickBooks). */
export function usDate(day: string): string {
  const [year, month, date] = dayParts(day);
  return `${month}/${date}/${year}`;
}

/** 2026-03-09 as 03/09/26: Sage 50's ##/##/## (month/day/year). */
export function shortUsDate(day: string): string {
  const [year, month, date] = dayParts(day);
  return `${month}/${date}/${year.slice(2)}`;
}

/** One CSV field: quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Rows as CSV text: comma-separated, CRLF after every row (RFC 4180). */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/**
 * A value in an IIF field: tabs and line breaks would start a new field or row, and QuickBooks
 * stops reading a transaction at a semicolon, so they become spaces and commas.
 */
export function iifText(value: string): string {
  return value
    .replace(/[\t\r\n]+/g, ' ')
    .replaceAll(';', ',')
    .replaceAll('"', "'")
    .trim();
}

/**
 * A customer or item name as QuickBooks takes it: a colon would name a sub-customer (Customer:Job)
 * or sub-item, so it becomes a dash; cut to QuickBooks' length (41 for names, 31 for items).
 */
export function qbName(value: string, maxLength: number): string {
  return iifText(value).replaceAll(':', '-').slice(0, maxLength).trim();
}

/** QuickBooks Desktop's longest customer name and item name. */
export const qbNameLength = 41;
export const qbItemLength = 31;

/** Windows-1252's characters in 0x80..0x9F, where it differs from Latin-1. */
const windows1252Extras: Readonly<Record<string, number>> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/**
 * Text as Windows-1252 bytes: what QuickBooks Desktop and Sage 50 read. A character it lacks is
 * written without its accents when that is enough (ő → o), else as "?".
 */
export function windows1252Bytes(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const extra = windows1252Extras[character];
    if (extra !== undefined) bytes.push(extra);
    else if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else {
      const plain = character.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      const first = plain.codePointAt(0) ?? 0x3f;
      bytes.push(plain.length === 1 && first < 0x80 ? first : 0x3f);
    }
  }
  return Uint8Array.from(bytes);
}
