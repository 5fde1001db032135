import { describe, expect, it } from 'vitest';
import { calendarDaySchema, isCalendarDay, isRealDay } from './calendar-day';

describe('a calendar day', () => {
  it('takes the days that exist, leap days in leap years', () => {
    for (const day of ['2026-12-03', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) {
      expect(isCalendarDay(day), day).toBe(true);
    }
  });

  it('refuses days that do not, year 0, and what is not YYYY-MM-DD', () => {
    for (const day of ['2026-02-30', '2026-02-29', '1900-02-29', '0000-01-01', '2026-13-01']) {
      expect(isCalendarDay(day), day).toBe(false);
    }
    for (const text of ['2026-2-3', '20261203', '2026-12-03T00:00', ' 2026-12-03', '']) {
      expect(isCalendarDay(text), text).toBe(false);
    }
    expect(calendarDaySchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe(
      'must be a real date as YYYY-MM-DD',
    );
  });

  it('knows the years of the first centuries as well as ours', () => {
    expect(isRealDay(4, 2, 29)).toBe(true);
    expect(isRealDay(100, 2, 29)).toBe(false);
    expect(isRealDay(10_000, 1, 1)).toBe(false);
  });
});

describe('isCalendarDay', () => {
  it.each([
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2027-1-01', false],
    ['2027-13-01', false],
  ])('%s is %s', (day, expected) => {
    expect(isCalendarDay(day)).toBe(expected);
  });
});
