/** A database's pg-boss queue: its setup, its workers, and sending a job row to it. */
import PgBoss from 'pg-boss';
import { runAttempt } from './job-attempt';
import { databaseKey, type RunnerState } from './job-runner-state';
import type { JobRow } from './job-rows';

const tickQueue = 'minute-tick';
const tickCheckSeconds = 2;

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

/**
 * pg-boss records a job's end without awaiting it (its manager calls complete or fail and moves
 * on), so its stop can resolve with that statement still under way. Each boss's statements are
 * kept here, for stopBoss to wait on before the database's pool ends; otherwise the statement
 * met an ended pool, an unhandled "Cannot use a pool after calling end on the pool".
 */
const statementsOf = new WeakMap<PgBoss, Set<Promise<unknown>>>();

/**
 * Stops a boss, waiting for its running jobs (as `options` say) and then for its statements and
 * attempts. One that ends can start another: a job fetched just as the boss stopped is still run,
 * then recorded. So the wait ends only when a turn of the event loop finds none left (a clean
 * clone's server suite once met that record after the pool had ended).
 */
export async function stopBoss(boss: PgBoss, options: PgBoss.StopOptions): Promise<void> {
  await boss.stop(options);
  const inFlight = statementsOf.get(boss);
  for (let round = 0; round < 20; round += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!inFlight || inFlight.size === 0) return;
    await Promise.allSettled([...inFlight]);
  }
}

export async function openBoss(state: RunnerState, database: string): Promise<PgBoss> {
  const { options } = state;
  const connection = await state.tenancy.open(database);
  // The boss's statements and this process's attempts of its jobs, for stopBoss to wait on.
  const statements = new Set<Promise<unknown>>();
  const track = <T>(statement: Promise<T>): Promise<T> => {
    statements.add(statement);
    statement.then(
      () => statements.delete(statement),
      () => statements.delete(statement),
    );
    return statement;
  };
  const executeSql = (text: string, values?: unknown[]) =>
    track(connection.executeSql(text, values));
  // pg-boss creates its schema at the first start; two processes starting together on a new
  // database can collide on it ("duplicate key … pg_namespace"). A failed PgBoss cannot start
  // again, so each attempt builds its own.
  let boss!: PgBoss;
  await settingUp(async () => {
    boss = new PgBoss({
      db: { executeSql },
      schema: 'pgboss',
      supervise: true,
      schedule: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
      monitorStateIntervalSeconds: options.maintenanceIntervalSeconds,
      // The minute's tick starts within seconds of the minute (a schedule at 06:00 is queued by
      // about 06:00:06), not up to 45 s late as with pg-boss's defaults (a cron check every 30 s,
      // a 5 s poll, then a 10 s poll). Each check is one short statement.
      cronMonitorIntervalSeconds: tickCheckSeconds,
      cronWorkerIntervalSeconds: tickCheckSeconds,
    });
    statementsOf.set(boss, statements);
    boss.on('error', (error) => state.logger.error({ err: error, database }, 'job queue error'));
    await boss.start();
  });
  for (const handler of state.handlers.values()) {
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
        if (queued) await track(runAttempt(state, database, connection, queued));
      },
    );
    state.workers.set(`${databaseKey(database)}/${handler.kind}`, workerId);
  }
  await settingUp(async () => {
    if (!(await boss.getQueue(tickQueue))) await boss.createQueue(tickQueue);
    await boss.schedule(tickQueue, '* * * * *');
  });
  await boss.work(tickQueue, { pollingIntervalSeconds: tickCheckSeconds }, async () => {
    await state.tick(database);
  });
  return boss;
}

export async function sendJob(
  state: RunnerState,
  boss: PgBoss,
  row: JobRow,
  database: string,
): Promise<void> {
  await boss.send(row.kind, { jobId: row.id }, { id: row.queueJobId });
  // The worker here takes it now rather than at its next poll (up to pollingIntervalSeconds).
  const workerId = state.workers.get(`${databaseKey(database)}/${row.kind}`);
  if (workerId) boss.notifyWorker(workerId);
}
