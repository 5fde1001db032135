/**
 * Report schedules (R-RSCHED-1..R-RSCHED-7): administrators list, make, change and remove them.
 * Every change checks the version read (409 naming who changed it), records an audit entry and
 * tells the open scheduling screens, in one transaction; the next run is worked out on save.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  reportScheduleSchema,
  type ReportSchedule,
  type ReportScheduleValues,
  type ScheduleLastRun,
} from '@dispatch/domain/report-schedules/report-schedule-schemas';
import {
  nextRunAfter,
  type ScheduleTiming,
} from '@dispatch/domain/report-schedules/schedule-frequency';
import { recordAudit } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { backgroundJobs } from '../../db/schema/background-jobs';
import { reportDeliveries, reportSchedules } from '../../db/schema/report-schedules';
import { publish } from '../../dispatch/publish';
import { ApiError, notFound, validationError } from '../../http/api-error';

export type ScheduleRow = typeof reportSchedules.$inferSelect;

/** The audit trail's and the live events' name for schedules. */
export const scheduleResource = 'reportSchedules';

export type Writer = { userId: number; username: string; now: Date; timeZone: string };

/** monthDay 'last' is stored as 0. */
export function timingOf(
  row: Pick<ScheduleRow, 'frequency' | 'weekday' | 'monthDay' | 'timeOfDay'>,
): ScheduleTiming {
  return {
    frequency: row.frequency as ScheduleTiming['frequency'],
    weekday: row.weekday,
    monthDay: row.monthDay === 0 ? 'last' : row.monthDay,
    timeOfDay: row.timeOfDay,
  };
}

function storedValues(values: ReportScheduleValues) {
  return {
    name: values.name,
    reportKey: values.reportKey,
    period: values.period,
    params: values.params,
    formats: values.formats,
    frequency: values.frequency,
    // Only what the frequency uses is kept, so a weekly schedule made monthly forgets its weekday.
    weekday: values.frequency === 'weekly' ? values.weekday : null,
    monthDay:
      values.frequency !== 'monthly' ? null : values.monthDay === 'last' ? 0 : values.monthDay,
    timeOfDay: values.timeOfDay,
    recipientUserIds: values.recipientUserIds,
    recipientEmails: values.recipientEmails,
    active: values.active,
  };
}

function nextRunOf(values: ReturnType<typeof storedValues>, writer: Writer): Date | null {
  return values.active ? nextRunAfter(timingOf(values), writer.now, writer.timeZone) : null;
}

type JobSummary = Pick<
  typeof backgroundJobs.$inferSelect,
  'id' | 'state' | 'message' | 'createdAt' | 'finishedAt'
>;

function lastRunOf(
  job: JobSummary | undefined,
  delivery: typeof reportDeliveries.$inferSelect | undefined,
  deliveryJob: JobSummary | undefined,
): ScheduleLastRun | null {
  if (!job) return null;
  let email: ScheduleLastRun['email'] = 'none';
  let emailMessage = delivery?.emailMessage ?? null;
  if (delivery?.emailState === 'skipped') email = 'skipped';
  if (delivery?.emailState === 'sending') {
    email =
      deliveryJob?.state === 'completed'
        ? 'sent'
        : deliveryJob?.state === 'failed' || deliveryJob?.state === 'cancelled'
          ? 'failed'
          : 'sending';
    emailMessage = deliveryJob?.message ?? emailMessage;
  }
  return {
    jobId: job.id,
    state: job.state as ScheduleLastRun['state'],
    message: job.message,
    at: (job.finishedAt ?? job.createdAt).toISOString(),
    inboxCount: delivery?.inboxCount ?? 0,
    emailCount: delivery?.emails.length ?? 0,
    email,
    emailMessage,
  };
}

/** Schedules as the screen shows them: recipients named, the last run with how it was delivered. */
async function answers(
  db: Db | Tx,
  rows: ScheduleRow[],
  timeZone: string,
): Promise<ReportSchedule[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((row) => row.recipientUserIds))];
  const jobIds = rows.flatMap((row) => (row.lastJobId === null ? [] : [row.lastJobId]));
  const jobColumns = {
    id: backgroundJobs.id,
    state: backgroundJobs.state,
    message: backgroundJobs.message,
    createdAt: backgroundJobs.createdAt,
    finishedAt: backgroundJobs.finishedAt,
  };
  const [names, jobs, deliveries] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    jobIds.length
      ? db.select(jobColumns).from(backgroundJobs).where(inArray(backgroundJobs.id, jobIds))
      : [],
    jobIds.length
      ? db.select().from(reportDeliveries).where(inArray(reportDeliveries.jobId, jobIds))
      : [],
  ]);
  const deliveryJobIds = deliveries.flatMap((row) =>
    row.deliveryJobId === null ? [] : [row.deliveryJobId],
  );
  const deliveryJobs = deliveryJobIds.length
    ? await db
        .select(jobColumns)
        .from(backgroundJobs)
        .where(inArray(backgroundJobs.id, deliveryJobIds))
    : [];
  const userName = new Map(names.map((user) => [user.id, user.username]));
  return rows.map((row) => {
    const delivery = deliveries.find((each) => each.jobId === row.lastJobId);
    return reportScheduleSchema.parse({
      id: row.id,
      name: row.name,
      reportKey: row.reportKey,
      period: row.period,
      params: row.params,
      formats: row.formats,
      frequency: row.frequency,
      weekday: row.weekday,
      monthDay: timingOf(row).monthDay,
      timeOfDay: row.timeOfDay,
      recipientUserIds: row.recipientUserIds,
      recipientEmails: row.recipientEmails,
      recipientUsers: Object.fromEntries(
        row.recipientUserIds.map((id) => [String(id), userName.get(id) ?? `#${id}`]),
      ),
      active: row.active,
      owner: row.owner,
      nextRunAt: row.nextRunAt?.toISOString() ?? null,
      lastRun: lastRunOf(
        jobs.find((job) => job.id === row.lastJobId),
        delivery,
        deliveryJobs.find((job) => job.id === delivery?.deliveryJobId),
      ),
      timeZone,
      version: row.version,
      modifiedAt: row.modifiedAt.toISOString(),
      modifiedBy: row.modifiedBy ?? '',
    });
  });
}

export async function listSchedules(db: Db, timeZone: string): Promise<ReportSchedule[]> {
  const rows = await db
    .select()
    .from(reportSchedules)
    .orderBy(asc(reportSchedules.name), asc(reportSchedules.id));
  return answers(db, rows, timeZone);
}

async function findRow(
  db: Db | Tx,
  id: number,
  forUpdate = false,
): Promise<ScheduleRow | undefined> {
  const query = db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function getSchedule(
  db: Db | Tx,
  id: number,
  timeZone: string,
): Promise<ReportSchedule> {
  const row = await findRow(db, id);
  if (!row) throw notFound(`Report schedule ${id}`);
  const [answer] = await answers(db, [row], timeZone);
  return answer!;
}

/** R-RSCHED-2: each recipient user must be a user of this database. */
async function checkRecipients(tx: Tx, values: ReportScheduleValues): Promise<void> {
  if (values.recipientUserIds.length === 0) return;
  const known = await tx
    .select({ id: users.id, customerId: users.customerId })
    .from(users)
    .where(inArray(users.id, values.recipientUserIds));
  const staff = new Set(known.filter((user) => user.customerId === null).map((user) => user.id));
  const problems = values.recipientUserIds.flatMap((id, index) =>
    staff.has(id)
      ? []
      : [{ field: `recipientUserIds.${index}`, reason: 'is not a staff user of this database' }],
  );
  if (problems.length) throw validationError(problems);
}

async function changed(
  tx: Tx,
  row: ScheduleRow,
  action: 'created' | 'updated' | 'deleted',
  writer: Writer,
  before: ReportSchedule | null,
  after: ReportSchedule | null,
): Promise<void> {
  await recordAudit(tx, {
    username: writer.username,
    at: writer.now,
    resource: scheduleResource,
    recordId: row.id,
    action,
    before,
    after,
  });
  await publish(tx, {
    name: 'resourceChanged_v1',
    data: {
      resource: scheduleResource,
      id: row.id,
      action,
      version: action === 'deleted' ? null : row.version,
      by: writer.username,
    },
  });
}

export async function createSchedule(
  db: Db,
  values: ReportScheduleValues,
  writer: Writer,
): Promise<ReportSchedule> {
  return db.transaction(async (tx) => {
    await checkRecipients(tx, values);
    const stored = storedValues(values);
    const [row] = await tx
      .insert(reportSchedules)
      .values({
        ...stored,
        ownerUserId: writer.userId,
        owner: writer.username,
        nextRunAt: nextRunOf(stored, writer),
        createdAt: writer.now,
        modifiedAt: writer.now,
        modifiedBy: writer.username,
      })
      .returning();
    const [answer] = await answers(tx, [row!], writer.timeZone);
    await changed(tx, row!, 'created', writer, null, answer!);
    return answer!;
  });
}

/** R-RSCHED-7: 409 naming who changed the schedule and when. */
function staleSchedule(current: ScheduleRow): ApiError {
  const who = current.modifiedBy || 'someone else';
  const when = current.modifiedAt.toISOString();
  return new ApiError(
    'conflict',
    `Report schedule ${current.name} was changed by ${who} at ${when} since you opened it. Reload it to see their change, then make yours again.`,
    {
      code: 'stale_version',
      data: { currentVersion: current.version, modifiedBy: who, modifiedAt: when },
    },
  );
}

export async function updateSchedule(
  db: Db,
  id: number,
  values: ReportScheduleValues & { version: number },
  writer: Writer,
): Promise<ReportSchedule> {
  return db.transaction(async (tx) => {
    const current = await findRow(tx, id, true);
    if (!current) throw notFound(`Report schedule ${id}`);
    if (current.version !== values.version) throw staleSchedule(current);
    await checkRecipients(tx, values);
    const [before] = await answers(tx, [current], writer.timeZone);
    const stored = storedValues(values);
    const [row] = await tx
      .update(reportSchedules)
      .set({
        ...stored,
        nextRunAt: nextRunOf(stored, writer),
        version: current.version + 1,
        modifiedAt: writer.now,
        modifiedBy: writer.username,
      })
      .where(and(eq(reportSchedules.id, id), eq(reportSchedules.version, values.version)))
      .returning();
    const [answer] = await answers(tx, [row!], writer.timeZone);
    await changed(tx, row!, 'updated', writer, before!, answer!);
    return answer!;
  });
}

export async function deleteSchedule(db: Db, id: number, writer: Writer): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findRow(tx, id, true);
    if (!current) throw notFound(`Report schedule ${id}`);
    const [before] = await answers(tx, [current], writer.timeZone);
    // Its runs and inbox entries stay: they are what was delivered.
    await tx.delete(reportSchedules).where(eq(reportSchedules.id, id));
    await changed(tx, current, 'deleted', writer, before!, null);
  });
}

/** The schedule row (for running it now), or 404. */
export async function scheduleRow(db: Db, id: number): Promise<ScheduleRow> {
  const row = await findRow(db, id);
  if (!row) throw notFound(`Report schedule ${id}`);
  return row;
}
