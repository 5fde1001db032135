import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type { Writable } from 'node:stream';
import pg from 'pg';
import type { Db, Tx } from './client';

/** What `work` starts last and does not wait for: it leaves with COMMIT. */
export type Closing = (write: PromiseLike<unknown>) => void;

/** The parts of a Drizzle handle a transaction of its own is built from. */
type DrizzleInternals = {
  $client: unknown;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  session: {
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
};

/**
 * A short write transaction whose statements do not each wait for the one before on PostgreSQL:
 * BEGIN leaves with the first statement, statements `work` starts together leave together, and
 * the one it hands to `closing` leaves with COMMIT. The pool's clients pipeline (openPostgres).
 *
 * Why: each round trip on the loopback socket costs the server's one thread a write and a wake-up
 * and PostgreSQL another; on the order-creation bench (R-ORD-13) they were half the server
 * thread's time per order. A statement that fails aborts the transaction, so the ones sent behind
 * it fail too and COMMIT rolls back; the first failure is the one thrown.
 *
 * On PGlite, in-process, a plain transaction.
 */
export async function pipelinedTransaction<T>(
  db: Db,
  work: (tx: Tx, closing: Closing) => Promise<T>,
): Promise<T> {
  const internals = db as unknown as DrizzleInternals;
  if (!(internals.$client instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      const last: Promise<unknown>[] = [];
      const result = await work(tx, (write) => last.push(Promise.resolve(write)));
      await Promise.all(last);
      return result;
    });
  }
  const client = await internals.$client.connect();
  const batched = sendingTogether(client);
  const session = new NodePgSession(
    batched as unknown as pg.PoolClient,
    internals.dialect,
    internals.session.schema,
    internals.session.options,
  );
  const tx = new NodePgTransaction(internals.dialect, session, internals.session.schema);
  const pending: Promise<unknown>[] = [];
  const watch = (write: PromiseLike<unknown>) => {
    // Once: a Drizzle query runs again each time it is awaited. Caught at once so an early
    // failure is not reported unhandled before it is awaited below.
    const sent = Promise.resolve(write);
    sent.catch(() => {});
    pending.push(sent);
  };
  try {
    watch(batched.query('begin'));
    const result = await work(tx as unknown as Tx, watch);
    const commit = batched.query('commit');
    commit.catch(() => {});
    // In order: the first failure is the cause, the later ones its consequence.
    for (const write of pending) await write;
    await commit;
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The client's statements started in one turn of the event loop, written to its socket at once
 * at the turn's end: one write and one wake-up of PostgreSQL for BEGIN and the first statement.
 */
function sendingTogether(client: pg.PoolClient): Pick<pg.PoolClient, 'query'> {
  const socket = (client as unknown as { connection: { stream: Writable } }).connection.stream;
  let corked = false;
  return {
    query: ((...args: Parameters<pg.PoolClient['query']>) => {
      if (!corked) {
        corked = true;
        socket.cork();
        setImmediate(() => {
          corked = false;
          socket.uncork();
        });
      }
      return (client.query as (...given: unknown[]) => unknown)(...args);
    }) as pg.PoolClient['query'],
  };
}
