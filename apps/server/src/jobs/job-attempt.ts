/** One attempt at a job, as a pg-boss worker runs it (R-JOB-4..R-JOB-6). */
import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { isJobFinished, type JobKind, type JobState } from '@dispatch/domain/jobs/background-jobs';
import type { DatabaseConnection } from '../db/client';
import { backgroundJobs } from '../db/schema/background-jobs';
import type { JobContext } from './job-handler';
import { jobLanguageOf } from './job-language';
import type { EnqueueRequest, RunnerState } from './job-runner-state';
import { completeJob, failJob, updateJob } from './job-writes';

export async function runAttempt(
  state: RunnerState,
  database: string,
  connection: DatabaseConnection,
  queued: PgBoss.JobWithMetadata<{ jobId: number }>,
): Promise<void> {
  const handler = state.handlerOf(queued.name);
  const [row] = await connection.db
    .select()
    .from(backgroundJobs)
    .where(eq(backgroundJobs.queueJobId, queued.id));
  // R-JOB-6: a job runs once; a second delivery of a finished one (its worker stopped after
  // committing) finds it done.
  if (!row || isJobFinished(row.state as JobState)) return;
  const attempt = queued.retryCount + 1;
  const running = await updateJob(
    connection,
    row.id,
    {
      state: 'running',
      attempts: attempt,
      startedAt: row.startedAt ?? state.now(),
      message: null,
    },
    ['queued', 'running', 'retrying'],
  );
  if (!running) return;

  let lastProgress = { percent: -1, message: '' as string | undefined, at: 0 };
  const context: JobContext = {
    database,
    connection,
    db: connection.db,
    now: state.now,
    job: {
      id: row.id,
      kind: row.kind as JobKind,
      title: row.title,
      requestedByUserId: row.requestedByUserId,
      requestedBy: row.requestedBy,
      scheduleId: row.scheduleId,
      attempt,
      // Read at each attempt: a user who changed language meanwhile reads the rest in the new one.
      language: await jobLanguageOf(connection.db, row.requestedByUserId),
    },
    async progress(percent, message) {
      const clamped = Math.max(0, Math.min(99, Math.round(percent)));
      const at = Date.now();
      // The owner's screen needs steps, not every row: at most four messages a second.
      if (clamped === lastProgress.percent && message === lastProgress.message) return;
      if (at - lastProgress.at < 250 && message === lastProgress.message) return;
      lastProgress = { percent: clamped, message, at };
      await updateJob(connection, row.id, { progress: clamped, message: message ?? null }, [
        'running',
      ]);
    },
  };

  let followUps: EnqueueRequest[];
  try {
    const outcome = await handler.run(context, handler.params.parse(row.params));
    // A completion refused (its kind's own writes met a conflict) rolls back whole: the attempt
    // failed, with that reason, like an error of the work itself.
    followUps = await completeJob(state, connection, row.id, outcome);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const last = queued.retryCount >= queued.retryLimit;
    state.logger.warn({ err: error, database, jobId: row.id, attempt, last }, 'job attempt failed');
    if (last) await failJob(state, connection, row.id, message, handler);
    else {
      await updateJob(connection, row.id, { state: 'retrying', message }, ['running']);
    }
    throw error;
  }
  // Queued only now: on PGlite a send inside the transaction would wait for the transaction.
  for (const followUp of followUps) await state.enqueue(database, followUp);
}
