/**
 * The background job runner (R-JOB-1..R-JOB-8, ADR 013): one pg-boss queue per named database,
 * over the database's own connection (PGlite or a PostgreSQL pool), so jobs survive restarts, run
 * once, retry with backoff and run schedules on the embedded default as in production. Every API
 * process runs workers; pg-boss hands each job to one of them.
 *
 * pg-boss keeps the queue; `background_jobs` keeps what the user sees. A job's row is written
 * first and names the pg-boss job it sends, so a send lost between the two is sent again by the
 * minute's tick, and a worker that finds its row already finished does nothing (once only).
 */
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import {
  isJobFinished,
  type BackgroundJob,
  type JobKind,
  type JobState,
} from '@dispatch/domain/jobs/background-jobs';
import type { Tenancy } from '../db/tenancy';
import { backgroundJobs } from '../db/schema/background-jobs';
import { conflict, notFound, validationError } from '../http/api-error';
import type { AnyJobHandler } from './job-handler';
import { findJobRow, withFiles } from './job-rows';
import { openBoss, sendJob, stopBoss } from './job-queue';
import {
  databaseKey,
  type CompletionHook,
  type EnqueueRequest,
  type FailureHook,
  type JobTicker,
  type Logger,
  type RunnerState,
} from './job-runner-state';

export type { CompletionHook, EnqueueRequest, FailureHook, JobTicker } from './job-runner-state';
import { tickDatabase } from './job-tick';
import { updateJob } from './job-writes';

export type JobRunnerOptions = {
  /** How often an idle worker asks for work (seconds; pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** How often lost attempts are looked for (seconds). */
  maintenanceIntervalSeconds?: number;
  /** Replaces every kind's own expiry: tests of a worker that stops mid-run. */
  expireInSeconds?: number;
  /** The first retry's delay; each next one doubles it (seconds). */
  retryDelaySeconds?: number;
  /** A queued row whose send was lost is sent again once it is this old (seconds). */
  resendAfterSeconds?: number;
};

export type JobRunner = {
  register(handler: AnyJobHandler): void;
  afterCompleted(kind: JobKind, hook: CompletionHook): void;
  /** Runs `hook` in the transaction that records a job of `kind` as finally failed. */
  afterFailed(kind: JobKind, hook: FailureHook): void;
  addTicker(ticker: JobTicker): void;
  /** Writes the job's row and queues it; answers the job as its owner will see it. */
  enqueue(database: string, request: EnqueueRequest): Promise<BackgroundJob>;
  cancel(database: string, jobId: number): Promise<BackgroundJob>;
  /** A failed or cancelled job again, as a new job with the same parameters. */
  retry(
    database: string,
    jobId: number,
    by: { userId: number; username: string },
  ): Promise<BackgroundJob>;
  /** Starts the queue and its workers for a database (once; later calls wait for the first). */
  start(database: string): Promise<void>;
  /** Every database of the catalog: schedules run whether or not anyone has signed in. */
  startAll(): Promise<void>;
  /** The minute's work, now (tests, and a schedule saved for the current minute). */
  tick(database: string): Promise<void>;
  close(options?: { graceful?: boolean }): Promise<void>;
};

const defaults = {
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 30,
  retryDelaySeconds: 5,
  resendAfterSeconds: 30,
};

export function createJobRunner(deps: {
  tenancy: Tenancy;
  now: () => Date;
  logger: Logger;
  options?: JobRunnerOptions;
}): JobRunner {
  const started = new Map<string, Promise<PgBoss>>();
  let closing = false;
  const state: RunnerState = {
    tenancy: deps.tenancy,
    now: deps.now,
    logger: deps.logger,
    options: { ...defaults, ...deps.options },
    handlers: new Map<JobKind, AnyJobHandler>(),
    tickers: [],
    completionHooks: [],
    failureHooks: [],
    workers: new Map<string, string>(),
    handlerOf(kind) {
      const handler = state.handlers.get(kind as JobKind);
      if (!handler) throw new Error(`No handler for background jobs of kind '${kind}'.`);
      return handler;
    },
    bossOf,
    enqueue,
    tick,
  };
  const { handlers, tickers, completionHooks, failureHooks } = state;

  async function bossOf(database: string): Promise<PgBoss> {
    const name = databaseKey(database);
    let boss = started.get(name);
    if (!boss) {
      boss = openBoss(state, name);
      started.set(name, boss);
      boss.catch(() => started.delete(name));
    }
    return boss;
  }

  async function enqueue(database: string, request: EnqueueRequest): Promise<BackgroundJob> {
    const handler = state.handlerOf(request.kind);
    const checked = handler.params.safeParse(request.params);
    if (!checked.success) {
      throw validationError(
        checked.error.issues.map((issue) => ({
          field: issue.path.join('.') || 'params',
          reason: issue.message,
        })),
      );
    }
    const boss = await bossOf(database);
    const connection = await deps.tenancy.open(database);
    const [row] = await connection.db
      .insert(backgroundJobs)
      .values({
        queueJobId: randomUUID(),
        kind: request.kind,
        title: request.title,
        params: checked.data as object,
        requestedByUserId: request.requestedByUserId,
        requestedBy: request.requestedBy,
        scheduleId: request.scheduleId ?? null,
        createdAt: deps.now(),
      })
      .returning();
    await sendJob(state, boss, row!, database);
    const [job] = await withFiles(connection.db, [row!]);
    return job!;
  }

  /** The minute's upkeep (job-tick.ts). */
  function tick(database: string): Promise<void> {
    return tickDatabase(state, database);
  }

  return {
    register(handler) {
      if (started.size > 0) throw new Error('Register job handlers before any queue starts.');
      handlers.set(handler.kind, handler);
    },
    afterCompleted(kind, hook) {
      completionHooks.push({ kind, hook });
    },
    afterFailed(kind, hook) {
      failureHooks.push({ kind, hook });
    },
    addTicker(ticker) {
      tickers.push(ticker);
    },
    enqueue,
    async cancel(database, jobId) {
      const connection = await state.tenancy.open(database);
      const row = await findJobRow(connection.db, jobId);
      if (!row) throw notFound(`Background job ${jobId}`);
      if (isJobFinished(row.state as JobState)) {
        throw conflict(
          `The job has already ${row.state === 'completed' ? 'completed' : row.state}.`,
        );
      }
      const boss = await bossOf(database);
      await boss.cancel(row.kind, row.queueJobId);
      const cancelled = await updateJob(
        connection,
        jobId,
        { state: 'cancelled', message: 'Cancelled.', finishedAt: deps.now() },
        ['queued', 'running', 'retrying'],
      );
      const [job] = await withFiles(connection.db, [
        cancelled ?? (await findJobRow(connection.db, jobId))!,
      ]);
      return job!;
    },
    async retry(database, jobId, by) {
      const connection = await state.tenancy.open(database);
      const row = await findJobRow(connection.db, jobId);
      if (!row) throw notFound(`Background job ${jobId}`);
      if (row.state !== 'failed' && row.state !== 'cancelled') {
        throw conflict('Only a failed or cancelled job can be run again.');
      }
      return enqueue(database, {
        kind: row.kind as JobKind,
        title: row.title,
        params: row.params,
        requestedByUserId: by.userId,
        requestedBy: by.username,
        scheduleId: row.scheduleId,
      });
    },
    async start(database) {
      if (!closing) await bossOf(database);
    },
    async startAll() {
      for (const database of await state.tenancy.list()) {
        await bossOf(database.databaseName);
      }
    },
    tick,
    async close(closeOptions = {}) {
      closing = true;
      const bosses = await Promise.allSettled([...started.values()]);
      started.clear();
      await Promise.all(
        bosses.flatMap((result) =>
          result.status === 'fulfilled'
            ? [
                // A job still running is waited for (a minute at most): pg-boss records it
                // complete through the database's pool once its handler returns, so the pool
                // must outlive it. With 10 s a report still being made on a loaded machine was
                // completed after its database had closed (an unhandled "pool after end").
                stopBoss(result.value, {
                  graceful: closeOptions.graceful ?? true,
                  wait: true,
                  timeout: 60_000,
                  close: false,
                }),
              ]
            : [],
        ),
      );
    },
  };
}
