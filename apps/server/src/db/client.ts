import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { acquireDirectoryLock } from './directory-lock';
import { schema } from './schema/all';

/**
 * Both drivers answer queries as `{ rows }`; typing PGlite's handle as node-postgres's keeps one
 * set of query code for the embedded default and production.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One open named database: its Drizzle handle, LISTEN, and a clean close. */
export type DatabaseConnection = {
  db: Db;
  kind: 'pglite' | 'postgres';
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Plain SQL for libraries that bring their own (the job queue, R-JOB-1): with values, one
   * parameterised statement; without, a script of several statements (answering the last one's
   * rows). On PGlite it waits, like every query, for any open transaction to end.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
const migrationLockKey = 84_840_001;

/**
 * `dataDir` 'memory://' keeps the database in memory (tests); a path persists it, locked to this
 * process. `initialData`, a data directory as PGlite dumps it, starts a database that does not
 * exist yet from that image instead of an empty cluster (the tests' migrated template).
 */
export async function openPglite(
  dataDir: string,
  options: { initialData?: Blob | undefined } = {},
): Promise<DatabaseConnection> {
  const inMemory = dataDir === 'memory://';
  const isNew = inMemory || !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const release = inMemory ? () => {} : acquireDirectoryLock(`${dataDir}.lock`);
  try {
    // pg_trgm: the search-as-you-type indexes (migration 0004) on PGlite as on PostgreSQL.
    const client = await PGlite.create(inMemory ? undefined : dataDir, {
      extensions: { pg_trgm },
      ...(isNew && options.initialData ? { loadDataDir: options.initialData } : {}),
    });
    const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      async listen(channel, onPayload) {
        const unlisten = await client.listen(channel, onPayload);
        return unlisten;
      },
      async executeSql(text, values) {
        if (values && values.length > 0) {
          return client.query<Record<string, unknown>>(text, values);
        }
        // A script may open its own transaction (BEGIN ... COMMIT); should one of its statements
        // fail, the one session would stay in the aborted transaction. Run inside PGlite's own
        // transaction, a failure is rolled back before any other query may start.
        const results = await client.transaction((tx) => tx.exec(text));
        return { rows: results.at(-1)?.rows ?? [] };
      },
      async close() {
        try {
          // A checkpoint writes everything to the data files, so the next start replays nothing.
          if (!inMemory) await client.exec('CHECKPOINT');
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function openPostgres(
  connectionString: string,
  poolSize = 10,
): Promise<DatabaseConnection> {
  // Idle connections close after 10 s, so a named database nobody uses holds none.
  // Pipelining: a client checked out for a transaction sends what it is given without waiting for
  // the answer before (pipelinedTransaction); statements awaited one by one behave as before.
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    idleTimeoutMillis: 10_000,
    pipeline: true,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  // Several API and dispatcher processes may start at once: one migrates, the others wait.
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    await migratePg(db as never, { migrationsFolder });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
    lock.release();
  }
  const listeners = new Set<{ stop(): Promise<void> }>();
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      const listener = await listenWithReconnect(connectionString, channel, onPayload);
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async executeSql(text, values) {
      // Without values node-postgres sends a simple query, which may hold several statements;
      // it then answers a list of results, of which the last is the script's answer.
      type Answer = pg.QueryResult<Record<string, unknown>>;
      const result: Answer | Answer[] = await pool.query<Record<string, unknown>>(
        text,
        values && values.length > 0 ? values : undefined,
      );
      const last: Answer | undefined = Array.isArray(result) ? (result as Answer[]).at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

/**
 * A LISTEN on its own connection (a pooled one would be handed to queries). Should the connection
 * drop (a server restart, a network blip), it is opened again; NOTIFY is at-most-once, so what was
 * sent meanwhile is lost, and the readers of the feed bound how long that can matter.
 */
async function listenWithReconnect(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<{ stop(): Promise<void> }> {
  let stopped = false;
  let client: pg.Client | undefined;
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', () => {
      // 'end' follows; reconnecting happens there.
    });
    next.on('end', () => {
      if (stopped) return;
      setTimeout(() => void open().catch(() => next.emit('end')), 1000).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
  };
  await open();
  return {
    async stop() {
      stopped = true;
      await client?.end().catch(() => {});
    },
  };
}
