/**
 * When a report schedule runs (R-RSCHED-4): daily, weekly on a weekday, or monthly on a day of
 * the month or its last day, at a time of day on the server's clock. A monthly day the month does
 * not have (the 31st in April) runs on the month's last day.
 */
import {
  addDays,
  instantAt,
  isoWeekday,
  lastDayOfMonth,
  splitDay,
  wallClockOf,
} from './zoned-time';

export const scheduleFrequencies = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];

export type ScheduleTiming = {
  frequency: ScheduleFrequency;
  /** Weekly: ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number | null;
  /** Monthly: the day of the month, or the month's last day. */
  monthDay: number | 'last' | null;
  /** HH:mm on the server's clock. */
  timeOfDay: string;
};

/** Whether the schedule runs on this calendar day. */
export function runsOn(timing: ScheduleTiming, day: string): boolean {
  switch (timing.frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return isoWeekday(day) === timing.weekday;
    case 'monthly': {
      const [year, month, date] = splitDay(day);
      const last = lastDayOfMonth(year, month);
      const wanted =
        timing.monthDay === 'last' || timing.monthDay === null ? last : timing.monthDay;
      return date === Math.min(wanted, last);
    }
  }
}

/**
 * The first time after `after` the schedule is due, in `timeZone`. A run missed while the
 * server was down is not made up for each day missed: the next is counted from now.
 */
export function nextRunAfter(timing: ScheduleTiming, after: Date, timeZone: string): Date {
  const today = wallClockOf(after, timeZone).day;
  // A monthly schedule is due within 31 days; a day further would mean the timing cannot run.
  for (let offset = 0; offset <= 62; offset += 1) {
    const day = addDays(today, offset);
    if (!runsOn(timing, day)) continue;
    const at = instantAt(day, timing.timeOfDay, timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new RangeError(`The schedule never runs: ${JSON.stringify(timing)}`);
}
