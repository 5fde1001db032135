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
import { and, eq, inArray, lt } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import {
  isJobFinished,
  type BackgroundJob,
  type JobKind,
  type JobState,
} from '@dispatch/domain/jobs/background-jobs';
import type { DatabaseConnection, Tx } from '../db/client';
import type { Tenancy } from '../db/tenancy';
import { backgroundJobFiles, backgroundJobs } from '../db/schema/background-jobs';
import { publish, type PublishedEvent } from '../dispatch/publish';
import { liveSessionIdsOf } from '../auth/session-store';
import { conflict, notFound, validationError } from '../http/api-error';
import type { AnyJobHandler, JobContext, JobOutcome } from './job-handler';
import { findJobRow, withFiles, type JobRow } from './job-rows';

type Logger = {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
};

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

export type EnqueueRequest = {
  kind: JobKind;
  title: string;
  params: unknown;
  requestedByUserId: number | null;
  requestedBy: string;
  scheduleId?: number | null;
};

/** Work done once a minute per database, by one process: due schedules become jobs (R-JOB-7). */
export type JobTicker = (context: {
  database: string;
  connection: DatabaseConnection;
  now: Date;
  enqueue: (request: EnqueueRequest) => Promise<BackgroundJob>;
}) => Promise<void>;

/**
 * Another module's part in a job's completion (a scheduled report's inbox entries), run in the
 * transaction that completes it; the jobs it answers are queued once that transaction commits.
 */
export type CompletionHook = (tx: Tx, job: BackgroundJob) => Promise<EnqueueRequest[] | void>;

export type JobRunner = {
  register(handler: AnyJobHandler): void;
  afterCompleted(kind: JobKind, hook: CompletionHook): void;
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

const tickQueue = 'minute-tick';
const defaults = {
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 30,
  retryDelaySeconds: 5,
  resendAfterSeconds: 30,
};

/**
 * Several processes starting at once set up the same queues: pg-boss's queue creation can then
 * deadlock or find the queue made meanwhile. The loser looks again and carries on.
 */
async function settingUp(step: () => Promise<void>, attempts = 6): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

export function createJobRunner(deps: {
  tenancy: Tenancy;
  now: () => Date;
  logger: Logger;
  options?: JobRunnerOptions;
}): JobRunner {
  const options = { ...defaults, ...deps.options };
  const handlers = new Map<JobKind, AnyJobHandler>();
  const tickers: JobTicker[] = [];
  const completionHooks: { kind: JobKind; hook: CompletionHook }[] = [];
  const started = new Map<string, Promise<PgBoss>>();
  /** pg-boss worker ids by database and kind, to wake the worker when a job is sent. */
  const workers = new Map<string, string>();
  const key = (database: string) => database.toUpperCase();
  let closing = false;

  const handlerOf = (kind: string): AnyJobHandler => {
    const handler = handlers.get(kind as JobKind);
    if (!handler) throw new Error(`No handler for background jobs of kind '${kind}'.`);
    return handler;
  };

  async function openBoss(database: string): Promise<PgBoss> {
    const connection = await deps.tenancy.open(database);
    const boss = new PgBoss({
      db: { executeSql: (text, values) => connection.executeSql(text, values) },
      schema: 'pgboss',
      supervise: true,
      schedule: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
      monitorStateIntervalSeconds: options.maintenanceIntervalSeconds,
    });
    boss.on('error', (error) => deps.logger.error({ err: error, database }, 'job queue error'));
    await boss.start();
    for (const handler of handlers.values()) {
      const queue = {
        name: handler.kind,
        retryLimit: handler.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds ?? handler.expireInSeconds,
      };
      await settingUp(async () => {
        if (await boss.getQueue(handler.kind)) await boss.updateQueue(handler.kind, queue);
        else await boss.createQueue(handler.kind, queue);
      });
      const workerId = await boss.work<{ jobId: number }>(
        handler.kind,
        { pollingIntervalSeconds: options.pollingIntervalSeconds, includeMetadata: true },
        async ([queued]) => {
          if (queued) await runAttempt(database, connection, queued);
        },
      );
      workers.set(`${key(database)}/${handler.kind}`, workerId);
    }
    await settingUp(async () => {
      if (!(await boss.getQueue(tickQueue))) await boss.createQueue(tickQueue);
      await boss.schedule(tickQueue, '* * * * *');
    });
    await boss.work(tickQueue, { pollingIntervalSeconds: 10 }, async () => {
      await tick(database);
    });
    return boss;
  }

  async function bossOf(database: string): Promise<PgBoss> {
    const name = key(database);
    let boss = started.get(name);
    if (!boss) {
      boss = openBoss(name);
      started.set(name, boss);
      boss.catch(() => started.delete(name));
    }
    return boss;
  }

  /** The job as its owner sees it, to the owner's sessions only, with any other messages. */
  async function publishJob(
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

  async function update(
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

  async function runAttempt(
    database: string,
    connection: DatabaseConnection,
    queued: PgBoss.JobWithMetadata<{ jobId: number }>,
  ): Promise<void> {
    const handler = handlerOf(queued.name);
    const [row] = await connection.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.queueJobId, queued.id));
    // R-JOB-6: a job runs once; a second delivery of a finished one (its worker stopped after
    // committing) finds it done.
    if (!row || isJobFinished(row.state as JobState)) return;
    const attempt = queued.retryCount + 1;
    const running = await update(
      connection,
      row.id,
      {
        state: 'running',
        attempts: attempt,
        startedAt: row.startedAt ?? deps.now(),
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
      now: deps.now,
      job: {
        id: row.id,
        kind: row.kind as JobKind,
        title: row.title,
        requestedByUserId: row.requestedByUserId,
        requestedBy: row.requestedBy,
        scheduleId: row.scheduleId,
        attempt,
      },
      async progress(percent, message) {
        const clamped = Math.max(0, Math.min(99, Math.round(percent)));
        const at = Date.now();
        // The owner's screen needs steps, not every row: at most four messages a second.
        if (clamped === lastProgress.percent && message === lastProgress.message) return;
        if (at - lastProgress.at < 250 && message === lastProgress.message) return;
        lastProgress = { percent: clamped, message, at };
        await update(connection, row.id, { progress: clamped, message: message ?? null }, [
          'running',
        ]);
      },
    };

    let followUps: EnqueueRequest[];
    try {
      const outcome = await handler.run(context, handler.params.parse(row.params));
      // A completion refused (its kind's own writes met a conflict) rolls back whole: the attempt
      // failed, with that reason, like an error of the work itself.
      followUps = await complete(connection, row.id, outcome);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = queued.retryCount >= queued.retryLimit;
      deps.logger.warn(
        { err: error, database, jobId: row.id, attempt, last },
        'job attempt failed',
      );
      if (last) await fail(connection, row.id, message, handler);
      else {
        await update(connection, row.id, { state: 'retrying', message }, ['running']);
      }
      throw error;
    }
    // Queued only now: on PGlite a send inside the transaction would wait for the transaction.
    for (const followUp of followUps) await enqueue(database, followUp);
  }

  async function complete(
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
          finishedAt: deps.now(),
        })
        .where(eq(backgroundJobs.id, id))
        .returning();
      const [job] = await withFiles(tx, [done!]);
      await outcome.commit?.(tx, job!);
      const followUps: EnqueueRequest[] = [];
      for (const { kind, hook } of completionHooks) {
        if (kind === current.kind) followUps.push(...((await hook(tx, job!)) ?? []));
      }
      await publishJob(tx, done!, (finished) => outcome.events?.(finished) ?? []);
      return followUps;
    });
  }

  async function fail(
    connection: DatabaseConnection,
    id: number,
    message: string,
    handler: AnyJobHandler,
  ) {
    await connection.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(backgroundJobs)
        .set({ state: 'failed', message, finishedAt: deps.now() })
        .where(
          and(
            eq(backgroundJobs.id, id),
            inArray(backgroundJobs.state, ['queued', 'running', 'retrying']),
          ),
        )
        .returning();
      if (failed) await publishJob(tx, failed, (job) => handler.failedEvents?.(job) ?? []);
    });
  }

  async function send(boss: PgBoss, row: JobRow, database: string): Promise<void> {
    await boss.send(row.kind, { jobId: row.id }, { id: row.queueJobId });
    // The worker here takes it now rather than at its next poll (up to pollingIntervalSeconds).
    const workerId = workers.get(`${key(database)}/${row.kind}`);
    if (workerId) boss.notifyWorker(workerId);
  }

  async function enqueue(database: string, request: EnqueueRequest): Promise<BackgroundJob> {
    const handler = handlerOf(request.kind);
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
    await send(boss, row!, database);
    const [job] = await withFiles(connection.db, [row!]);
    return job!;
  }

  /**
   * The minute's upkeep: rows whose send was lost are sent again, rows whose pg-boss job failed or
   * vanished without their worker saying so (it stopped, and its last attempt expired) are marked
   * failed, and the tickers run.
   */
  async function tick(database: string): Promise<void> {
    const boss = await bossOf(database);
    const connection = await deps.tenancy.open(database);
    const stale = new Date(deps.now().getTime() - options.resendAfterSeconds * 1000);
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
      const handler = handlers.get(row.kind as JobKind);
      if (!handler) continue;
      const queued = await boss.getJobById(row.kind, row.queueJobId);
      if (!queued && row.state === 'queued') await send(boss, row, database);
      else if (!queued || queued.state === 'failed' || queued.state === 'cancelled') {
        await fail(
          connection,
          row.id,
          'The job stopped before it finished and has no attempts left.',
          handler,
        );
      }
    }
    for (const ticker of tickers) {
      await ticker({
        database,
        connection,
        now: deps.now(),
        enqueue: (request) => enqueue(database, request),
      });
    }
  }

  return {
    register(handler) {
      if (started.size > 0) throw new Error('Register job handlers before any queue starts.');
      handlers.set(handler.kind, handler);
    },
    afterCompleted(kind, hook) {
      completionHooks.push({ kind, hook });
    },
    addTicker(ticker) {
      tickers.push(ticker);
    },
    enqueue,
    async cancel(database, jobId) {
      const connection = await deps.tenancy.open(database);
      const row = await findJobRow(connection.db, jobId);
      if (!row) throw notFound(`Background job ${jobId}`);
      if (isJobFinished(row.state as JobState)) {
        throw conflict(
          `The job has already ${row.state === 'completed' ? 'completed' : row.state}.`,
        );
      }
      const boss = await bossOf(database);
      await boss.cancel(row.kind, row.queueJobId);
      const cancelled = await update(
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
      const connection = await deps.tenancy.open(database);
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
      for (const database of await deps.tenancy.list()) {
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
                result.value.stop({
                  graceful: closeOptions.graceful ?? true,
                  wait: true,
                  timeout: 10_000,
                  close: false,
                }),
              ]
            : [],
        ),
      );
    },
  };
}
