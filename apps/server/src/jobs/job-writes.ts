/**
 * The writes that move a background job's row from state to state, each telling the job's owner
 * (jobProgress_v1) in the same transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { BackgroundJob, JobState } from '@dispatch/domain/jobs/background-jobs';
import type { DatabaseConnection, Tx } from '../db/client';
import { backgroundJobFiles, backgroundJobs } from '../db/schema/background-jobs';
import { publish, type PublishedEvent } from '../dispatch/publish';
import { liveSessionIdsOf } from '../auth/session-store';
import type { AnyJobHandler, JobOutcome } from './job-handler';
import type { EnqueueRequest, RunnerState } from './job-runner-state';
import { withFiles, type JobRow } from './job-rows';

/** The job as its owner sees it, to the owner's sessions only, with any other messages. */
export async function publishJob(
  tx: Tx,
  row: JobRow,
  extra: (job: BackgroundJob) => PublishedEvent[] = () => [],
) {
  const [job] = await withFiles(tx, [row]);
  const sessionIds =
    row.requestedByUserId === null ? [] : await liveSessionIdsOf(tx, [row.requestedByUserId]);
  await publish(tx, { name: 'jobProgress_v1', data: job!, ids: [row.id], sessionIds });
  for (const event of extra(job!)) {
    await publish(tx, { ...event, sessionIds: event.sessionIds ?? sessionIds });
  }
  return job!;
}

export async function updateJob(
  connection: DatabaseConnection,
  id: number,
  set: Partial<typeof backgroundJobs.$inferInsert>,
  onlyIn: readonly JobState[],
): Promise<JobRow | undefined> {
  return connection.db.transaction(async (tx) => {
    const [row] = await tx
      .update(backgroundJobs)
      .set(set)
      .where(and(eq(backgroundJobs.id, id), inArray(backgroundJobs.state, [...onlyIn])))
      .returning();
    if (row) await publishJob(tx, row);
    return row;
  });
}

export async function completeJob(
  state: RunnerState,
  connection: DatabaseConnection,
  id: number,
  outcome: JobOutcome,
): Promise<EnqueueRequest[]> {
  return connection.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, id))
      .for('update');
    // Cancelled while it ran: what it made is dropped.
    if (!current || current.state !== 'running') return [];
    for (const file of outcome.files ?? []) {
      await tx.insert(backgroundJobFiles).values({
        jobId: id,
        name: file.name,
        contentType: file.contentType,
        size: file.content.length,
        content: file.content,
      });
    }
    const [done] = await tx
      .update(backgroundJobs)
      .set({
        state: 'completed',
        progress: 100,
        message: outcome.message,
        result: outcome.result ?? null,
        finishedAt: state.now(),
      })
      .where(eq(backgroundJobs.id, id))
      .returning();
    const [job] = await withFiles(tx, [done!]);
    await outcome.commit?.(tx, job!);
    const followUps: EnqueueRequest[] = [];
    for (const { kind, hook } of state.completionHooks) {
      if (kind === current.kind) followUps.push(...((await hook(tx, job!)) ?? []));
    }
    await publishJob(tx, done!, (finished) => outcome.events?.(finished) ?? []);
    return followUps;
  });
}

export async function failJob(
  state: RunnerState,
  connection: DatabaseConnection,
  id: number,
  message: string,
  handler: AnyJobHandler,
) {
  await connection.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(backgroundJobs)
      .set({ state: 'failed', message, finishedAt: state.now() })
      .where(
        and(
          eq(backgroundJobs.id, id),
          inArray(backgroundJobs.state, ['queued', 'running', 'retrying']),
        ),
      )
      .returning();
    if (!failed) return;
    const job = await publishJob(tx, failed, (each) => handler.failedEvents?.(each) ?? []);
    for (const { kind, hook } of state.failureHooks) {
      if (kind === failed.kind) await hook(tx, job);
    }
  });
}
