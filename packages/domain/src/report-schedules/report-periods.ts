/**
 * Relative periods (R-RSCHED-3, R-RPT-52): a schedule asks for "yesterday" or "last month", not
 * for fixed dates, and the days are worked out when it runs, from the day the server's clock
 * reads then. The reports screen's quick picks are the same periods, from the user's today.
 * Weeks run Monday to Sunday.
 */
import { z } from 'zod';
import {
  addDays,
  dayOf,
  isoWeekday,
  lastDayOfMonth,
  splitDay,
  type CalendarDay,
} from './zoned-time';

export const relativePeriods = [
  'yesterday',
  'today',
  'tomorrow',
  'last7Days',
  'lastWeek',
  'thisMonthSoFar',
  'lastMonth',
  'next7Days',
] as const;
export type RelativePeriod = (typeof relativePeriods)[number];
export const relativePeriodSchema = z.enum(relativePeriods, {
  error: `must be one of ${relativePeriods.join(', ')}`,
});

/** Periods that look ahead: they suit reports of scheduled work (material and truck demand). */
export const lookingAheadPeriods: ReadonlySet<RelativePeriod> = new Set(['tomorrow', 'next7Days']);

export type DayRange = { from: CalendarDay; to: CalendarDay };

/**
 * The days a period covers, seen from `today`. "Last 7 days" are the seven whole days before
 * today; "next 7 days" are today and the six after it, so a morning run covers the day ahead.
 */
export function periodRange(period: RelativePeriod, today: CalendarDay): DayRange {
  const [year, month] = splitDay(today);
  switch (period) {
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'today':
      return { from: today, to: today };
    case 'tomorrow':
      return { from: addDays(today, 1), to: addDays(today, 1) };
    case 'last7Days':
      return { from: addDays(today, -7), to: addDays(today, -1) };
    case 'lastWeek': {
      const monday = addDays(today, 1 - isoWeekday(today) - 7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'thisMonthSoFar':
      return { from: dayOf(year, month, 1), to: today };
    case 'lastMonth':
      return {
        from: dayOf(year, month - 1, 1),
        to: dayOf(year, month - 1, lastDayOfMonth(year, month - 1)),
      };
    case 'next7Days':
      return { from: today, to: addDays(today, 6) };
  }
}
