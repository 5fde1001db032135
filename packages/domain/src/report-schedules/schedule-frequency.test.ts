import { describe, expect, it } from 'vitest';
import { nextRunAfter, runsOn, type ScheduleTiming } from './schedule-frequency';
import { instantAt, localTimeZone, wallClockOf } from './zoned-time';

const utc = 'UTC';
const newYork = 'America/New_York';
const madrid = 'Europe/Madrid';

const daily = (timeOfDay: string): ScheduleTiming => ({
  frequency: 'daily',
  weekday: null,
  monthDay: null,
  timeOfDay,
});
const weekly = (weekday: number, timeOfDay = '06:00'): ScheduleTiming => ({
  frequency: 'weekly',
  weekday,
  monthDay: null,
  timeOfDay,
});
const monthly = (monthDay: number | 'last', timeOfDay = '06:00'): ScheduleTiming => ({
  frequency: 'monthly',
  weekday: null,
  monthDay,
  timeOfDay,
});

const at = (iso: string) => new Date(iso);

describe('R-RSCHED-4: the next run of a schedule', () => {
  it('runs daily at its time: later today, or tomorrow once the time has passed', () => {
    expect(nextRunAfter(daily('06:00'), at('2026-11-18T05:59:00Z'), utc).toISOString()).toBe(
      '2026-11-18T06:00:00.000Z',
    );
    expect(nextRunAfter(daily('06:00'), at('2026-11-18T06:00:00Z'), utc).toISOString()).toBe(
      '2026-11-19T06:00:00.000Z',
    );
    expect(nextRunAfter(daily('00:00'), at('2026-12-31T23:59:00Z'), utc).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('runs weekly on its weekday, Monday 1 to Sunday 7', () => {
    // 2026-11-18 is a Wednesday.
    expect(nextRunAfter(weekly(1), at('2026-11-18T12:00:00Z'), utc).toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
    expect(nextRunAfter(weekly(3, '13:00'), at('2026-11-18T12:00:00Z'), utc).toISOString()).toBe(
      '2026-11-18T13:00:00.000Z',
    );
    expect(nextRunAfter(weekly(3, '11:00'), at('2026-11-18T12:00:00Z'), utc).toISOString()).toBe(
      '2026-11-25T11:00:00.000Z',
    );
    expect(nextRunAfter(weekly(7), at('2026-11-18T12:00:00Z'), utc).toISOString()).toBe(
      '2026-11-22T06:00:00.000Z',
    );
  });

  it('runs monthly on its day, on the last day of shorter months, or on the last day', () => {
    expect(nextRunAfter(monthly(15), at('2026-11-18T12:00:00Z'), utc).toISOString()).toBe(
      '2026-12-15T06:00:00.000Z',
    );
    expect(nextRunAfter(monthly(31), at('2026-04-01T00:00:00Z'), utc).toISOString()).toBe(
      '2026-04-30T06:00:00.000Z',
    );
    expect(nextRunAfter(monthly(30), at('2026-02-01T00:00:00Z'), utc).toISOString()).toBe(
      '2026-02-28T06:00:00.000Z',
    );
    expect(nextRunAfter(monthly(29), at('2028-02-01T00:00:00Z'), utc).toISOString()).toBe(
      '2028-02-29T06:00:00.000Z',
    );
    expect(nextRunAfter(monthly('last'), at('2026-02-28T07:00:00Z'), utc).toISOString()).toBe(
      '2026-03-31T06:00:00.000Z',
    );
    expect(nextRunAfter(monthly(1), at('2026-12-01T06:00:00Z'), utc).toISOString()).toBe(
      '2027-01-01T06:00:00.000Z',
    );
    expect(runsOn(monthly(31), '2026-03-30')).toBe(false);
    expect(runsOn(monthly(31), '2026-03-31')).toBe(true);
  });

  it('keeps the time of day on the local clock across DST changes', () => {
    // New York: EST (-5) until 2026-03-08, EDT (-4) after.
    const before = nextRunAfter(daily('06:00'), at('2026-03-07T12:00:00Z'), newYork);
    expect(before.toISOString()).toBe('2026-03-08T10:00:00.000Z');
    const after = nextRunAfter(daily('06:00'), before, newYork);
    expect(after.toISOString()).toBe('2026-03-09T10:00:00.000Z');
    expect(wallClockOf(after, newYork)).toEqual({ day: '2026-03-09', hour: 6, minute: 0 });
    const beforeAutumn = nextRunAfter(daily('06:00'), at('2026-10-31T12:00:00Z'), newYork);
    expect(beforeAutumn.toISOString()).toBe('2026-11-01T11:00:00.000Z');
  });

  it('runs a skipped time an hour later, and a repeated time once', () => {
    // 02:30 does not exist in New York on 2026-03-08: the run is at 03:30 EDT.
    const skipped = nextRunAfter(daily('02:30'), at('2026-03-08T05:00:00Z'), newYork);
    expect(skipped.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(wallClockOf(skipped, newYork)).toEqual({ day: '2026-03-08', hour: 3, minute: 30 });
    // 01:30 happens twice on 2026-11-01: the first (EDT) is the run, the second is not.
    const first = nextRunAfter(daily('01:30'), at('2026-11-01T04:00:00Z'), newYork);
    expect(first.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    const next = nextRunAfter(daily('01:30'), first, newYork);
    expect(next.toISOString()).toBe('2026-11-02T06:30:00.000Z');
    // Madrid, east of UTC: 02:30 is skipped on 2026-03-29 and read twice on 2026-10-25.
    expect(instantAt('2026-03-29', '02:30', madrid).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(instantAt('2026-10-25', '02:30', madrid).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses a timing that never runs', () => {
    expect(() =>
      nextRunAfter({ ...weekly(1), weekday: null }, at('2026-11-18T00:00:00Z'), utc),
    ).toThrow(RangeError);
  });

  it('reads the zone the process runs in', () => {
    expect(typeof localTimeZone()).toBe('string');
    expect(localTimeZone().length).toBeGreaterThan(0);
  });
});
