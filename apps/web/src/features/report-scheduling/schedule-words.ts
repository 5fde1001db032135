/**
 * A schedule in words (R-RSCHED-4): "Weekly on Monday at 06:00", its next run on the server's
 * clock, and how its last run went. One place for the list and the form.
 */
import { useTranslation } from 'react-i18next';
import type {
  ReportSchedule,
  ScheduleLastRun,
} from '@dispatch/domain/report-schedules/report-schedule-schemas';
import type { ScheduleTiming } from '@dispatch/domain/report-schedules/schedule-frequency';
import { wallClockOf } from '@dispatch/domain/report-schedules/zoned-time';

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the server's clock reads it: "2026-11-20 06:00". */
export function onServerClock(iso: string, timeZone: string): string {
  const clock = wallClockOf(new Date(iso), timeZone);
  return `${clock.day} ${pad(clock.hour)}:${pad(clock.minute)}`;
}

export function useScheduleWords() {
  const { t } = useTranslation();
  const weekday = (day: number | null) => t(`reportScheduling.weekdays.${day ?? 1}`);
  return {
    weekday,
    timing(timing: ScheduleTiming): string {
      switch (timing.frequency) {
        case 'daily':
          return t('reportScheduling.timing.daily', { time: timing.timeOfDay });
        case 'weekly':
          return t('reportScheduling.timing.weekly', {
            day: weekday(timing.weekday),
            time: timing.timeOfDay,
          });
        case 'monthly':
          return timing.monthDay === 'last' || timing.monthDay === null
            ? t('reportScheduling.timing.monthlyLast', { time: timing.timeOfDay })
            : t('reportScheduling.timing.monthly', {
                day: timing.monthDay,
                time: timing.timeOfDay,
              });
      }
    },
    next(schedule: ReportSchedule): string {
      return schedule.nextRunAt
        ? onServerClock(schedule.nextRunAt, schedule.timeZone)
        : t('reportScheduling.paused');
    },
    /** "2 inboxes · e-mail sent"; empty while nothing was delivered. */
    delivery(run: ScheduleLastRun): string {
      const parts: string[] = [];
      if (run.inboxCount > 0) parts.push(t('reportScheduling.inboxes', { count: run.inboxCount }));
      if (run.email !== 'none') parts.push(t(`reportScheduling.email.${run.email}`));
      return parts.join(' · ');
    },
  };
}
