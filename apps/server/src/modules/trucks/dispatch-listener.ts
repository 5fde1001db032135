/**
 * Test helper: LISTENs on the dispatch channel the way the dispatcher does, on the driver under a
 * test app's Drizzle handle (the same PGlite instance, or the same PostgreSQL database).
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../../db/client';
import { dispatchChannel } from '../../dispatch/publish';
import type { TestDatabaseKind } from '../../test/test-tenancy';

export type DispatchEvent = { name: string; data?: unknown; ids?: number[] };

export type DispatchListener = {
  events: DispatchEvent[];
  /** Resolves once an event of that name (and matching `where`) has arrived, or rejects after `timeoutMs`. */
  next(
    name: string,
    where?: (event: DispatchEvent) => boolean,
    timeoutMs?: number,
  ): Promise<DispatchEvent>;
  clear(): void;
  stop(): Promise<void>;
};

export async function listenToDispatch(db: Db, kind: TestDatabaseKind): Promise<DispatchListener> {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const events: DispatchEvent[] = [];
  const onPayload = (payload: string) => events.push(JSON.parse(payload) as DispatchEvent);
  let stop: () => Promise<void>;
  if (kind === 'pglite') {
    stop = await (client as PGlite).listen(dispatchChannel, onPayload);
  } else {
    const connection = await (client as pg.Pool).connect();
    connection.on('notification', (message) => {
      if (message.channel === dispatchChannel) onPayload(message.payload ?? '');
    });
    await connection.query(`LISTEN ${dispatchChannel}`);
    stop = async () => {
      await connection.query(`UNLISTEN ${dispatchChannel}`);
      connection.release();
    };
  }
  return {
    events,
    async next(name, where = () => true, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((event) => event.name === name && where(event));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No ${name} event within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    clear: () => events.splice(0),
    stop: () => stop(),
  };
}

/** Gives notifications already sent time to arrive, before asserting that none did. */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
