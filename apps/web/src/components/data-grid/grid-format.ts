/**
 * The text a grid cell shows for a value of each field kind. Pure, so it is tested on its own; the
 * grid adds only what text cannot carry (a flag's check mark, a colour's swatch).
 */
import type { FieldKind } from '@dispatch/domain/resources/field';
import { formatTimeOfDay } from '@dispatch/domain/dates/date-format';
import { parseIsoDate } from '@dispatch/domain/dates/iso-date';
import { dateLocale } from '../../lib/i18n/i18n';

/** Kinds whose cells are numbers: right-aligned, with tabular figures, so digits line up. */
const numericKinds: ReadonlySet<FieldKind> = new Set([
  'integer',
  'decimal',
  'money',
  'latitude',
  'longitude',
]);

export function isNumericKind(kind: FieldKind): boolean {
  return numericKinds.has(kind);
}

/** A first width that fits the usual content of a kind; the user resizes from there. */
export function defaultWidth(kind: FieldKind): number {
  switch (kind) {
    case 'flag':
      return 90;
    case 'time':
      return 90;
    case 'date':
    case 'integer':
    case 'decimal':
    case 'money':
    case 'latitude':
    case 'longitude':
      return 120;
    case 'color':
    case 'phone':
      return 140;
    case 'email':
    case 'emailList':
    case 'multiline':
      return 240;
    default:
      return 180;
  }
}

// Formatters are built once: Intl objects are costly and a grid formats thousands of cells.
// `undefined` locale is the browser's, as the product's dates are (R-CONST-12).
const money = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });
// Coordinates keep their precision (6 places is about 10 cm) and no grouping.
const coordinate = new Intl.NumberFormat(undefined, {
  maximumFractionDigits: 6,
  useGrouping: false,
});
const shortDates = new Map<string, Intl.DateTimeFormat>();

/** The short date of the user's language: the browser's own when it is English (R-CONST-12). */
function shortDate(): Intl.DateTimeFormat {
  const locale = dateLocale();
  let format = shortDates.get(locale ?? '');
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'short' });
    shortDates.set(locale ?? '', format);
  }
  return format;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : undefined;
  }
  return undefined;
}

/** An ISO day or date-time as the browser's short date; '' for none or the legacy 1899 day. */
function formatDay(value: unknown): string {
  if (typeof value !== 'string') return '';
  try {
    const date = parseIsoDate(value);
    return date ? shortDate().format(date) : '';
  } catch {
    // A malformed value is shown as sent rather than hidden: the user can see something is off.
    return value;
  }
}

/** 'HH:mm', 'HH:mm:ss' or an ISO date-time as HH:mm. */
function formatTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (/^\d{2}:\d{2}/.test(value)) return value.slice(0, 5);
  try {
    const date = parseIsoDate(value);
    return date ? formatTimeOfDay(date) : '';
  } catch {
    return value;
  }
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value) ?? '';
}

/** The display text of a value; flags and colours read it too (for the copy and the title). */
export function formatValue(kind: FieldKind, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'flag':
      return value === true ? '✓' : '';
    case 'money': {
      const number = asNumber(value);
      return number === undefined ? '' : money.format(number);
    }
    case 'decimal': {
      const number = asNumber(value);
      return number === undefined ? '' : decimal.format(number);
    }
    case 'integer': {
      // Whole numbers are often codes (truck 1204, plant 7): no grouping separators.
      const number = asNumber(value);
      return number === undefined ? '' : String(Math.trunc(number));
    }
    case 'latitude':
    case 'longitude': {
      const number = asNumber(value);
      return number === undefined ? '' : coordinate.format(number);
    }
    case 'date':
      return formatDay(value);
    case 'time':
      return formatTime(value);
    case 'color':
      return typeof value === 'string' ? value.toUpperCase() : '';
    case 'emailList':
      // Kept as 'a@x,b@y' (R-VALID-13); a space after each comma lets the eye split them.
      return Array.isArray(value)
        ? value.map(asText).join(', ')
        : asText(value).split(',').join(', ');
    case 'multiline':
      // One row is one line: line breaks would be cut off by the row height anyway.
      return asText(value).replace(/\s*\n\s*/g, ' ');
    default:
      return asText(value);
  }
}
