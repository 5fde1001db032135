import { describe, expect, it } from 'vitest';
import { periodRange, relativePeriods } from './report-periods';
import { addDays, instantAt, isoWeekday, wallClockOf } from './zoned-time';

describe('R-RSCHED-3: relative periods', () => {
  it('works out each period from a Wednesday in mid-month', () => {
    const today = '2026-11-18';
    expect(isoWeekday(today)).toBe(3);
    expect(periodRange('yesterday', today)).toEqual({ from: '2026-11-17', to: '2026-11-17' });
    expect(periodRange('today', today)).toEqual({ from: '2026-11-18', to: '2026-11-18' });
    expect(periodRange('tomorrow', today)).toEqual({ from: '2026-11-19', to: '2026-11-19' });
    expect(periodRange('last7Days', today)).toEqual({ from: '2026-11-11', to: '2026-11-17' });
    expect(periodRange('lastWeek', today)).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(periodRange('thisMonthSoFar', today)).toEqual({ from: '2026-11-01', to: '2026-11-18' });
    expect(periodRange('lastMonth', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodRange('next7Days', today)).toEqual({ from: '2026-11-18', to: '2026-11-24' });
  });

  it('crosses month and year ends', () => {
    expect(periodRange('yesterday', '2027-01-01')).toEqual({
      from: '2026-12-31',
      to: '2026-12-31',
    });
    expect(periodRange('tomorrow', '2026-12-31')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(periodRange('lastMonth', '2027-01-15')).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(periodRange('last7Days', '2026-03-03')).toEqual({
      from: '2026-02-24',
      to: '2026-03-02',
    });
    expect(periodRange('next7Days', '2026-12-29')).toEqual({
      from: '2026-12-29',
      to: '2027-01-04',
    });
    expect(periodRange('thisMonthSoFar', '2026-03-01')).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
  });

  it('knows how long February is, in leap years too', () => {
    expect(periodRange('lastMonth', '2026-03-31')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(periodRange('lastMonth', '2028-03-10')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(periodRange('lastMonth', '2026-05-31')).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
    });
  });

  it('takes last week as Monday to Sunday, on a Monday and on a Sunday alike', () => {
    expect(periodRange('lastWeek', '2026-11-16')).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(periodRange('lastWeek', '2026-11-22')).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    // The week before New Year's Day, across the year end.
    expect(periodRange('lastWeek', '2027-01-04')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('always gives a range that starts on or before it ends', () => {
    for (let offset = 0; offset < 800; offset += 13) {
      const today = addDays('2026-01-01', offset);
      for (const period of relativePeriods) {
        const range = periodRange(period, today);
        expect(range.from <= range.to, `${period} from ${today}`).toBe(true);
      }
    }
  });

  it('reads today on the server’s clock, across a DST change', () => {
    // New York springs forward at 2026-03-08 02:00 EST (07:00 UTC).
    const zone = 'America/New_York';
    const justAfterMidnight = instantAt('2026-03-08', '00:30', zone);
    expect(justAfterMidnight.toISOString()).toBe('2026-03-08T05:30:00.000Z');
    const today = wallClockOf(justAfterMidnight, zone).day;
    expect(periodRange('yesterday', today)).toEqual({ from: '2026-03-07', to: '2026-03-07' });
    // The first hour after the change: still the 8th, not the 7th, though UTC is the same date.
    const morning = new Date('2026-03-08T07:30:00Z');
    expect(wallClockOf(morning, zone)).toEqual({ day: '2026-03-08', hour: 3, minute: 30 });
    // In the autumn, 23:30 on the 31st is already November 1st in UTC.
    const evening = instantAt('2026-10-31', '23:30', zone);
    expect(evening.toISOString()).toBe('2026-11-01T03:30:00.000Z');
    expect(periodRange('today', wallClockOf(evening, zone).day)).toEqual({
      from: '2026-10-31',
      to: '2026-10-31',
    });
  });
});
