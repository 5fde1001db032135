/** The minute's upkeep of a database's jobs (R-JOB-7). */
import { and, inArray, lt } from 'drizzle-orm';
import type { JobKind } from '@dispatch/domain/jobs/background-jobs';
import { backgroundJobs } from '../db/schema/background-jobs';
import { sendJob } from './job-queue';
import type { RunnerState } from './job-runner-state';
import { failJob } from './job-writes';

/**
 * Rows whose send was lost are sent again, rows whose pg-boss job failed or vanished without
 * their worker saying so (it stopped, and its last attempt expired) are marked failed, and the
 * tickers run.
 */
export async function tickDatabase(state: RunnerState, database: string): Promise<void> {
  const boss = await state.bossOf(database);
  const connection = await state.tenancy.open(database);
  const stale = new Date(state.now().getTime() - state.options.resendAfterSeconds * 1000);
  const open = await connection.db
    .select()
    .from(backgroundJobs)
    .where(
      and(
        inArray(backgroundJobs.state, ['queued', 'running', 'retrying']),
        lt(backgroundJobs.createdAt, stale),
      ),
    );
  for (const row of open) {
    const handler = state.handlers.get(row.kind as JobKind);
    if (!handler) continue;
    const queued = await boss.getJobById(row.kind, row.queueJobId);
    if (!queued && row.state === 'queued') await sendJob(state, boss, row, database);
    else if (!queued || queued.state === 'failed' || queued.state === 'cancelled') {
      await failJob(
        state,
        connection,
        row.id,
        'The job stopped before it finished and has no attempts left.',
        handler,
      );
    }
  }
  for (const ticker of state.tickers) {
    await ticker({
      database,
      connection,
      now: state.now(),
      enqueue: (request) => state.enqueue(database, request),
    });
  }
}
