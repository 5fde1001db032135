import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

/** The channel the dispatcher LISTENs on, in every named database. */
export const dispatchChannel = 'dispatch_events';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; larger events go out as ids. */
export const notifyPayloadLimit = 7900;

export type PublishedEvent = {
  /** A hub message name of spec section 7, e.g. 'truckUpdate_v1'. */
  name: string;
  data: unknown;
  /** Sent instead of `data` when the data is too large for NOTIFY: the client refetches by id. */
  ids?: number[];
  /** Only these sessions' connections receive it (a forced logout), not the whole database. */
  sessionIds?: number[];
};

/**
 * Publishes a hub event inside the caller's transaction: PostgreSQL delivers NOTIFY only when the
 * transaction commits, so an event exists if and only if its write did.
 */
export async function publish(tx: Tx | Db, event: PublishedEvent): Promise<void> {
  const target = event.sessionIds ? { sessionIds: event.sessionIds } : {};
  let payload = JSON.stringify({ name: event.name, data: event.data, ...target });
  if (Buffer.byteLength(payload) > notifyPayloadLimit) {
    payload = JSON.stringify({ name: event.name, ids: event.ids ?? [], ...target });
  }
  await tx.execute(sql`select pg_notify(${dispatchChannel}, ${payload})`);
}
