import { sql, type SQLWrapper } from 'drizzle-orm';
import type {
  DispatchEventMap,
  DispatchEventName,
  DispatchIdsPayload,
} from '@dispatch/domain/dispatch/dispatch-events';
import type { Db, Tx } from '../db/client';

/** The channel the dispatcher LISTENs on, in every named database. */
export const dispatchChannel = 'dispatch_events';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; larger events go out as ids. */
export const notifyPayloadLimit = 7900;

/** One hub event of R-HUB-2 with the payload its name carries: a wrong payload does not compile. */
export type PublishedEventOf<N extends DispatchEventName> = {
  name: N;
  /** The live-update view, or only ids when the client is to refetch the rows. */
  data: DispatchEventMap[N] | DispatchIdsPayload;
  /** Sent instead of `data` when the data is too large for NOTIFY: the client refetches by id. */
  ids?: number[];
  /** Only these sessions' connections receive it (a forced logout), not the whole database. */
  sessionIds?: number[];
  /**
   * Only users of this system type receive it (R-PERM-2): a truck or plant of a concrete plant is
   * no business of an aggregate-only dispatcher. Null or absent: everyone of the database.
   */
  systemTypeId?: number | null;
  /**
   * Only connections that set this access flag receive it (SetConnectionAccessFlag, R-HUB-1): a
   * stream a screen asks for while it is open, rather than one every screen hears.
   */
  accessFlag?: string;
};

/** Any hub event, each name with its own payload (lists of events of several names). */
export type PublishedEvent = { [N in DispatchEventName]: PublishedEventOf<N> }[DispatchEventName];

/**
 * Publishes a hub event inside the caller's transaction: PostgreSQL delivers NOTIFY only when the
 * transaction commits, so an event exists if and only if its write did.
 */
export async function publish<N extends DispatchEventName>(
  tx: Tx | Db,
  event: PublishedEventOf<N>,
): Promise<void> {
  await tx.execute(sql`select pg_notify(${dispatchChannel}, ${payloadOf(event)})`);
}

/**
 * Runs a write and publishes its event in one statement: one round trip fewer for the board's
 * hottest writes. `write` is an insert, update or delete with a `returning` clause; the event goes
 * out only if it wrote a row, and, as with publish, only when the transaction commits.
 */
export async function writeAndPublish<N extends DispatchEventName>(
  tx: Tx,
  write: SQLWrapper,
  event: PublishedEventOf<N> | readonly PublishedEvent[],
): Promise<void> {
  // Several events (a truck's update and its plant's status averages, R-BOARD-9) ride one statement.
  const events: readonly PublishedEventOf<DispatchEventName>[] = isEventList(event)
    ? event
    : [event];
  const notifies = events.map((each) => sql`pg_notify(${dispatchChannel}, ${payloadOf(each)})`);
  await tx.execute(
    sql`with written as ${write} select ${sql.join(notifies, sql`, `)} from written`,
  );
}

/** An event as its NOTIFY payload: its data, or only its ids when the data is too large. */
function isEventList<N extends DispatchEventName>(
  event: PublishedEventOf<N> | readonly PublishedEvent[],
): event is readonly PublishedEvent[] {
  return Array.isArray(event);
}

export function payloadOf(event: PublishedEventOf<DispatchEventName>): string {
  const target = {
    ...(event.sessionIds ? { sessionIds: event.sessionIds } : {}),
    ...(typeof event.systemTypeId === 'number' ? { systemTypeId: event.systemTypeId } : {}),
    ...(typeof event.accessFlag === 'string' ? { accessFlag: event.accessFlag } : {}),
  };
  const payload = JSON.stringify({ name: event.name, data: event.data, ...target });
  if (Buffer.byteLength(payload) <= notifyPayloadLimit) return payload;
  return JSON.stringify({ name: event.name, ids: event.ids ?? [], ...target });
}
