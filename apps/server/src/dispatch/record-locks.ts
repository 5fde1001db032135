/**
 * LockRecord (R-HUB-1, R-MAINT-6, R-SCALEOUT-1): one editor per record, across every dispatcher
 * process serving the database. The first connection to ask holds the record; others learn who
 * holds it. A lock lives in the record_locks table as a lease: its dispatcher renews it while the
 * holder stays connected, and it ends when the holder unlocks, logs out or disconnects, when its
 * dispatcher stops, or, should that dispatcher die, when the lease runs out (ADR 011).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LockAnswer } from '@dispatch/domain/dispatch/hub-answers';
import type { Tenancy } from '../db/tenancy';

export type LockHolder = { connectionId: string; username: string };

export type RecordLocks = {
  lock(database: string, table: string, recordId: number, holder: LockHolder): Promise<LockAnswer>;
  unlock(database: string, table: string, recordId: number, connectionId: string): Promise<boolean>;
  releaseAll(database: string, connectionId: string): Promise<void>;
  /** Stops renewing; `release` (default) also lets go of this dispatcher's locks at once. */
  close(options?: { release?: boolean }): Promise<void>;
};

export type RecordLockOptions = {
  tenancy: Tenancy;
  /** This dispatcher process, as stored with its locks. */
  instanceId: string;
  /** The connections this dispatcher still serves: only their locks are renewed. */
  liveConnectionIds: () => Iterable<string>;
  /** How long a lock outlives its dispatcher's last renewal (default 30 s). */
  leaseMs?: number;
  /** How often the dispatcher renews its locks (default a third of the lease). */
  renewEveryMs?: number;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
};

export function createRecordLocks(options: RecordLockOptions): RecordLocks {
  const leaseMs = options.leaseMs ?? 30_000;
  const leaseSeconds = leaseMs / 1000;
  const databases = new Set<string>();
  const dbOf = async (database: string) => {
    const name = database.toUpperCase();
    databases.add(name);
    return (await options.tenancy.open(name)).db;
  };

  async function renew(): Promise<void> {
    const live = [...options.liveConnectionIds()];
    for (const database of databases) {
      const { db } = await options.tenancy.open(database);
      await db.execute(
        sql`update record_locks set expires_at = now() + make_interval(secs => ${leaseSeconds})
            where dispatcher_instance_id = ${options.instanceId}
              and holder_connection_id = any(${sql.param(live)}::text[])`,
      );
    }
  }
  const timer = setInterval(
    () => {
      renew().catch((error: unknown) =>
        options.logger?.warn({ err: error }, 'record locks could not be renewed'),
      );
    },
    options.renewEveryMs ?? leaseMs / 3,
  );
  timer.unref();

  return {
    async lock(database, table, recordId, holder) {
      const db = await dbOf(database);
      const tableName = table.toLowerCase();
      // The holder asking again keeps its lock; anyone else takes it only once it has expired.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const { rows: taken } = await db.execute<{ holder_username: string }>(
          sql`insert into record_locks as held (table_name, record_id, holder_connection_id,
                holder_username, dispatcher_instance_id, expires_at)
              values (${tableName}, ${recordId}, ${holder.connectionId}, ${holder.username},
                ${options.instanceId}, now() + make_interval(secs => ${leaseSeconds}))
              on conflict (table_name, record_id) do update set
                holder_connection_id = excluded.holder_connection_id,
                holder_username = excluded.holder_username,
                dispatcher_instance_id = excluded.dispatcher_instance_id,
                expires_at = excluded.expires_at,
                locked_at = case when held.holder_connection_id = excluded.holder_connection_id
                  then held.locked_at else now() end
              where held.holder_connection_id = excluded.holder_connection_id
                 or held.expires_at < now()
              returning holder_username`,
        );
        if (taken[0]) return { locked: true, heldBy: taken[0].holder_username };
        const { rows: current } = await db.execute<{ holder_username: string }>(
          sql`select holder_username from record_locks
              where table_name = ${tableName} and record_id = ${recordId}`,
        );
        if (current[0]) return { locked: false, heldBy: current[0].holder_username };
        // Released between the two statements: ask again.
      }
      throw new Error(`LockRecord: ${table} ${recordId} is changing hands; try again.`);
    },
    async unlock(database, table, recordId, connectionId) {
      const db = await dbOf(database);
      const { rows } = await db.execute(
        sql`delete from record_locks
            where table_name = ${table.toLowerCase()} and record_id = ${recordId}
              and holder_connection_id = ${connectionId}
            returning record_id`,
      );
      return rows.length > 0;
    },
    async releaseAll(database, connectionId) {
      const db = await dbOf(database);
      await db.execute(sql`delete from record_locks where holder_connection_id = ${connectionId}`);
    },
    async close({ release = true } = {}) {
      clearInterval(timer);
      if (!release) return;
      await Promise.allSettled(
        [...databases].map(async (database) => {
          const { db } = await options.tenancy.open(database);
          await db.execute(
            sql`delete from record_locks where dispatcher_instance_id = ${options.instanceId}`,
          );
        }),
      );
    },
  };
}
