/**
 * R-VALID-15..16: dates travel as ISO strings. Values without a zone are the plant's wall-clock
 * time, so they are read in the local zone of the Date objects involved; a zone (Z or ±hh:mm) pins
 * the instant. The legacy back end stores "no date" as a day in 1899.
 */
import { z } from 'zod';
import { isRealDay } from './calendar-day';

/** The year the legacy back end uses for an empty date. */
const emptyDateYear = 1899;

const isoDatePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

type IsoDateParts = {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  /** Minutes east of UTC, or undefined for local wall-clock time. */
  readonly offsetMinutes: number | undefined;
};

function parseOffset(zone: string | undefined): number | undefined | null {
  if (zone === undefined) return undefined;
  if (zone === 'Z') return 0;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 23 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

function isoDateParts(value: string): IsoDateParts | undefined {
  const match = isoDatePattern.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = match;
  const parts = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
    millisecond: Number(fraction.padEnd(3, '0').slice(0, 3)),
  };
  const offsetMinutes = parseOffset(zone);
  const valid =
    isRealDay(parts.year, parts.month, parts.day) &&
    parts.hour <= 23 &&
    parts.minute <= 59 &&
    parts.second <= 59 &&
    offsetMinutes !== null;
  return valid ? { ...parts, offsetMinutes } : undefined;
}

/** True for a date, date-time, date-time with seconds or fractions, each optionally zoned. */
export function isIsoDateString(value: string): boolean {
  return isoDateParts(value) !== undefined;
}

/**
 * Reads an ISO string. Null, undefined, an empty string and the 1899 empty date give null; a
 * malformed string throws, because silently dropping a date would lose data.
 */
export function parseIsoDate(value: string | null | undefined): Date | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const parts = isoDateParts(value);
  if (!parts) throw new RangeError(`Not an ISO date: ${value}`);
  if (parts.year === emptyDateYear) return null;
  const { year, month, day, hour, minute, second, millisecond, offsetMinutes } = parts;
  if (offsetMinutes === undefined) {
    const local = new Date(2000, month - 1, day, hour, minute, second, millisecond);
    // setFullYear, not the constructor, so years 0 to 99 are not read as 1900 to 1999.
    local.setFullYear(year);
    return local;
  }
  const utc = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, millisecond));
  utc.setUTCFullYear(year);
  return new Date(utc.getTime() - offsetMinutes * 60_000);
}

const invalidDateMessage = 'Enter a valid date (YYYY-MM-DD, optionally with a time).';

/** An ISO date string as it travels between server and client. */
export const isoDateStringSchema = z
  .string()
  .max(40)
  .refine(isIsoDateString, { message: invalidDateMessage, abort: true });
