import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

/** The channel the dispatcher LISTENs on, in every named database. */
export const dispatchChannel = 'dispatch_events';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; larger events go out as ids. */
export const notifyPayloadLimit = 7900;

export type PublishedEvent = {
  /** A hub message name of R-HUB-2, e.g. 'truckUpdate_v1'. */
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
  await tx.execute(sql`select pg_notify(${dispatchChannel}, ${payloadOf(event)})`);
}

/**
 * Runs a write and publishes its event in one statement: one round trip fewer for the board's
 * hottest writes. `write` is an insert, update or delete with a `returning` clause; the event goes
 * out only if it wrote a row, and, as with publish, only when the transaction commits.
 */
export async function writeAndPublish(
  tx: Tx,
  write: SQLWrapper,
  event: PublishedEvent | readonly PublishedEvent[],
): Promise<void> {
  // Several events (a truck's update and its plant's status averages, R-BOARD-9) ride one statement.
  const notifies = (Array.isArray(event) ? event : [event]).map(
    (each: PublishedEvent) => sql`pg_notify(${dispatchChannel}, ${payloadOf(each)})`,
  );
  await tx.execute(
    sql`with written as ${write} select ${sql.join(notifies, sql`, `)} from written`,
  );
}

/** An event as its NOTIFY payload: its data, or only its ids when the data is too large. */
export function payloadOf(event: PublishedEvent): string {
  const target = event.sessionIds ? { sessionIds: event.sessionIds } : {};
  const payload = JSON.stringify({ name: event.name, data: event.data, ...target });
  if (Buffer.byteLength(payload) <= notifyPayloadLimit) return payload;
  return JSON.stringify({ name: event.name, ids: event.ids ?? [], ...target });
}
