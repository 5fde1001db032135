import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDateTime } from './date-format';
import { isIsoDateString, isoDateStringSchema, parseIsoDate } from './iso-date';

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/** Calendar parts away from 1899 and from the small hours, where daylight saving shifts clocks. */
const localParts = fc
  .record({
    year: fc.integer({ min: 1900, max: 2199 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 4, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
  })
  .map((p) => ({
    ...p,
    text: `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`,
  }));

const offsetMinutes = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 });
const zoneOf = (offset: number): string =>
  `${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;

describe('R-VALID-15..16: ISO date strings', () => {
  it('accepts a date, a date-time, seconds, fractions and a zone', () => {
    for (const value of [
      '2024-02-29',
      '2024-02-29T07:05',
      '2024-02-29T07:05:09',
      '2024-02-29T07:05:09.1',
      '2024-02-29T07:05:09.123456789',
      '2024-02-29T07:05Z',
      '2024-02-29T07:05:09+05:30',
      '2024-02-29T07:05:09.5-08:00',
    ]) {
      expect(isIsoDateString(value), value).toBe(true);
      expect(isoDateStringSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it('rejects malformed and impossible dates', () => {
    for (const value of [
      '',
      '2024-2-29',
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-01-01T24:00',
      '2024-01-01T10:60',
      '2024-01-01T10:00:60',
      '2024-01-01T10:00+24:00',
      '2024-01-01T10:00+05:60',
      '2024-01-01Z',
      '2024-01-01 10:00',
      '2024-01-01T10:00:00.',
      'yesterday',
    ]) {
      expect(isIsoDateString(value), value).toBe(false);
    }
    const result = isoDateStringSchema.safeParse('2024-04-31');
    expect(result.error?.issues[0]?.message).toBe(
      'Enter a valid date (YYYY-MM-DD, optionally with a time).',
    );
  });

  it('reads a value without a zone as local wall-clock time', () => {
    expect(parseIsoDate('2024-03-05')).toEqual(new Date(2024, 2, 5));
    expect(parseIsoDate('2024-03-05T08:30')).toEqual(new Date(2024, 2, 5, 8, 30));
    expect(parseIsoDate('2024-03-05T08:30:15.25')).toEqual(new Date(2024, 2, 5, 8, 30, 15, 250));
    expect(parseIsoDate('2024-03-05T08:30:15.123999')).toEqual(
      new Date(2024, 2, 5, 8, 30, 15, 123),
    );
  });

  it('reads a zoned value as that instant', () => {
    expect(parseIsoDate('2024-03-05T08:30:00Z')?.toISOString()).toBe('2024-03-05T08:30:00.000Z');
    expect(parseIsoDate('2024-03-05T08:30:00+02:00')?.toISOString()).toBe(
      '2024-03-05T06:30:00.000Z',
    );
    expect(parseIsoDate('2024-03-05T08:30-01:30')?.toISOString()).toBe('2024-03-05T10:00:00.000Z');
  });

  it('agrees with UTC arithmetic for any zoned value', () => {
    fc.assert(
      fc.property(localParts, offsetMinutes, (p, offset) => {
        const parsed = parseIsoDate(`${p.text}${zoneOf(offset)}`);
        const utc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
        expect(parsed?.getTime()).toBe(utc - offset * 60_000);
      }),
    );
  });

  it('keeps two-digit years as written', () => {
    expect(parseIsoDate('0050-06-01')?.getFullYear()).toBe(50);
    expect(parseIsoDate('0050-06-01T00:00Z')?.getUTCFullYear()).toBe(50);
  });

  it('treats a year of 1899 as an empty date', () => {
    expect(parseIsoDate('1899-12-30T00:00:00')).toBeNull();
    expect(parseIsoDate('1899-12-30T00:00:00Z')).toBeNull();
    fc.assert(
      fc.property(localParts, (p) => {
        const text = p.text.replace(/^\d{4}/, '1899');
        expect(parseIsoDate(text)).toBeNull();
        expect(parseIsoDate(p.text)).not.toBeNull();
      }),
    );
  });

  it('gives null for a missing value and throws on a malformed one', () => {
    expect(parseIsoDate(null)).toBeNull();
    expect(parseIsoDate(undefined)).toBeNull();
    expect(parseIsoDate('  ')).toBeNull();
    expect(() => parseIsoDate('2024-02-30')).toThrow(RangeError);
  });

  it('round-trips any local date-time through parse and format', () => {
    fc.assert(
      fc.property(localParts, (p) => {
        const parsed = parseIsoDate(p.text);
        expect(parsed).not.toBeNull();
        if (parsed) expect(formatDateTime(parsed)).toBe(p.text);
      }),
    );
  });
});
