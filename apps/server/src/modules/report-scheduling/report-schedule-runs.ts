/**
 * Running schedules (R-RSCHED-8): once a minute, each due schedule becomes a report job. A
 * schedule is claimed by moving its next run on in a statement that matches the due time it
 * read, so with several API processes ticking, exactly one queues each due run.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import {
  reportScheduleSchema,
  scheduledRunParams,
  scheduledRunTitle,
} from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { nextRunAfter } from '@dispatch/domain/report-schedules/schedule-frequency';
import { wallClockOf } from '@dispatch/domain/report-schedules/zoned-time';
import type { Db } from '../../db/client';
import { reportSchedules } from '../../db/schema/report-schedules';
import { publish } from '../../dispatch/publish';
import { jobLanguageOf } from '../../jobs/job-language';
import type { EnqueueRequest, JobTicker } from '../../jobs/job-runner';
import { scheduleResource, timingOf, type ScheduleRow } from './report-schedules.service';

type Enqueue = (request: EnqueueRequest) => Promise<BackgroundJob>;

/**
 * Queues one run of a schedule. Its days are the period seen from `at` on the server's clock
 * (the due time, so a run queued late still reports on the days it was due for); its title,
 * progress, files and summary are in the language of the user it runs for (issue 25).
 */
export async function queueScheduledRun(
  db: Db,
  enqueue: Enqueue,
  row: ScheduleRow,
  options: { at: Date; timeZone: string; requestedByUserId: number | null; requestedBy: string },
): Promise<BackgroundJob> {
  const schedule = reportScheduleSchema
    .pick({ id: true, name: true, reportKey: true, period: true, params: true, formats: true })
    .parse(row);
  // In the language of the user it runs for: the owner's when due, the caller's on Run now.
  const language = await jobLanguageOf(db, options.requestedByUserId);
  const params = scheduledRunParams(
    schedule,
    wallClockOf(options.at, options.timeZone).day,
    language,
  );
  const job = await enqueue({
    kind: 'report',
    title: scheduledRunTitle(schedule, params),
    params,
    requestedByUserId: options.requestedByUserId,
    requestedBy: options.requestedBy,
    scheduleId: row.id,
  });
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(reportSchedules)
      .set({ lastJobId: job.id })
      .where(eq(reportSchedules.id, row.id))
      .returning({ version: reportSchedules.version });
    if (updated) {
      await publish(tx, {
        name: 'resourceChanged_v1',
        data: {
          resource: scheduleResource,
          id: row.id,
          action: 'updated',
          version: updated.version,
          by: options.requestedBy,
        },
      });
    }
  });
  return job;
}

type Logger = { warn(object: object, message?: string): void };

/** The minute's ticker: every active schedule whose time has come, claimed and queued. */
export function dueSchedulesTicker(timeZone: string, logger: Logger): JobTicker {
  return async ({ database, connection, now, enqueue }) => {
    const { db } = connection;
    const due = await db
      .select()
      .from(reportSchedules)
      .where(and(eq(reportSchedules.active, true), lte(reportSchedules.nextRunAt, now)));
    for (const row of due) {
      const dueAt = row.nextRunAt!;
      // Counted from now: a server that was down for days runs a schedule once, not once a day.
      const next = nextRunAfter(timingOf(row), now, timeZone);
      const [claimed] = await db
        .update(reportSchedules)
        .set({ nextRunAt: next })
        .where(
          and(
            eq(reportSchedules.id, row.id),
            eq(reportSchedules.active, true),
            eq(reportSchedules.nextRunAt, dueAt),
          ),
        )
        .returning();
      // Another process claimed it, or an administrator changed it meanwhile.
      if (!claimed) continue;
      try {
        await queueScheduledRun(db, enqueue, claimed, {
          at: dueAt,
          timeZone,
          requestedByUserId: claimed.ownerUserId,
          requestedBy: claimed.owner,
        });
      } catch (error) {
        logger.warn(
          { err: error, database, scheduleId: row.id },
          'a due report schedule could not be queued',
        );
      }
    }
  };
}
