/**
 * The driver's outbox: every write the phone makes (a status tap, a batch of GPS positions, a
 * signed ticket) is kept here first and sent in the order it was made. With no network it waits
 * (kept in IndexedDB, outbox-idb.ts) and goes when the network is back; nothing is lost.
 *
 * The rules of a flush, kept free of the browser so they are tested with an in-memory store:
 * - items go one by one, oldest first; consecutive position batches of a truck go as one request
 *   (up to the 500 fixes a request takes; a replay is harmless, R-GPS-10);
 * - no answer (no network, a 5xx, a timeout) stops the flush: the item waits for the next try;
 * - 401 stops it too: the driver signs in again and the items wait;
 * - 409 on a status change: someone else changed the truck; the item is dropped and the day
 *   read again. The taps queued after the first one follow it: once it is answered (or the day
 *   read again) they are kept at the truck's version now known, not the one the screen showed;
 * - 409 on a signed ticket: the ticket changed since the phone read it (a status stamps its
 *   times); when the load is still unsigned it is sent once more at the ticket's new version,
 *   else it fails;
 * - any other 4xx: the item stays, failed, with the server's message; it is not retried.
 */
import { maxPositionsPerBatch, type TruckPosition } from '@dispatch/domain/trucks/truck-positions';

export type OutboxKind = 'status' | 'positions' | 'delivery';

export type OutboxItem = {
  readonly id: number;
  /** `database/username`: a phone shared by two drivers sends each one's items as that driver. */
  readonly owner: string;
  readonly kind: OutboxKind;
  readonly method: 'PUT' | 'POST';
  readonly path: string;
  readonly body: unknown;
  readonly createdAt: string;
  /** What the strip names it by: the status id, or the ticket number. */
  readonly label: string;
  /** The ticket a signed ticket is for. */
  readonly ticketId?: number;
  readonly state: 'waiting' | 'failed';
  readonly message: string | null;
  /** A failed 400's problems by field. */
  readonly fieldProblems?: Readonly<Record<string, string>>;
};

export type NewOutboxItem = Omit<OutboxItem, 'id' | 'state' | 'message' | 'fieldProblems'>;

/** Where the outbox lives: IndexedDB in the browser, memory in tests and without IndexedDB. */
export type OutboxStore = {
  add(item: NewOutboxItem): Promise<OutboxItem>;
  /** Every item, oldest first. */
  list(): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  remove(ids: readonly number[]): Promise<void>;
};

/** One request's outcome: the answer, or its status (0: no answer at all) and message. */
export type SendResult =
  | { readonly ok: true; readonly answer: unknown }
  | {
      readonly ok: false;
      readonly status: number;
      readonly message: string;
      readonly fieldProblems?: Readonly<Record<string, string>>;
    };

export type Sender = (item: OutboxItem, body: unknown) => Promise<SendResult>;

/** What the day says after reading it again: the truck's version and each ticket's. */
export type Refreshed = {
  readonly truckVersion: number;
  readonly tickets: ReadonlyMap<number, { readonly version: number; readonly signed: boolean }>;
};

export type FlushHooks = {
  /** A sent item's answer (a status change answers the truck's live view). */
  readonly onSent?: (item: OutboxItem, answer: unknown) => void;
  /** Reads the day again after a conflict; null when it cannot be read now. */
  readonly refresh: () => Promise<Refreshed | null>;
  /** A status change someone else's change made stale, dropped. */
  readonly onStatusConflict?: (item: OutboxItem) => void;
  /** The truck version a status change answered, read off its answer. */
  readonly versionOf: (answer: unknown) => number | null;
};

export type FlushOutcome =
  /** Everything waiting was sent, dropped or marked failed. */
  | { readonly kind: 'done'; readonly sent: number }
  /** No answer: what is left waits for the next try. */
  | { readonly kind: 'offline'; readonly sent: number }
  /** 401: the driver must sign in again. */
  | { readonly kind: 'signedOut'; readonly sent: number };

const noAnswer = (status: number) =>
  status === 0 || status === 408 || status === 429 || status >= 500;

type PositionsBody = { positions: TruckPosition[] };

function positionsOf(body: unknown): TruckPosition[] {
  const positions = (body as Partial<PositionsBody> | null)?.positions;
  return Array.isArray(positions) ? positions : [];
}

/** The first item with the position batches right after it (same truck) merged into it. */
function takeBatch(items: readonly OutboxItem[], start: number): OutboxItem[] {
  const first = items[start]!;
  if (first.kind !== 'positions') return [first];
  const batch = [first];
  let count = positionsOf(first.body).length;
  for (let at = start + 1; at < items.length; at++) {
    const next = items[at]!;
    const size = positionsOf(next.body).length;
    if (next.kind !== 'positions' || next.path !== first.path) break;
    if (count + size > maxPositionsPerBatch) break;
    batch.push(next);
    count += size;
  }
  return batch;
}

/** Sends what is waiting for `owner`, oldest first, by the rules above. */
export async function flushOutbox(
  store: OutboxStore,
  owner: string,
  send: Sender,
  hooks: FlushHooks,
): Promise<FlushOutcome> {
  const items = (await store.list()).filter(
    (item) => item.owner === owner && item.state === 'waiting',
  );
  let sent = 0;
  let deliveryRetried = new Set<number>();
  /** The status changes after `from` follow the truck's version now known (kept, for a later flush). */
  const rebaseFollowers = async (from: number, truckVersion: number | null) => {
    if (truckVersion === null) return;
    for (let next = from + 1; next < items.length; next++) {
      const follower = items[next]!;
      if (follower.kind !== 'status') continue;
      const renewed = {
        ...follower,
        body: { ...(follower.body as object), version: truckVersion },
      };
      await store.put(renewed);
      items[next] = renewed;
    }
  };
  for (let at = 0; at < items.length;) {
    const batch = takeBatch(items, at);
    const item = batch[0]!;
    const body =
      batch.length > 1 ? { positions: batch.flatMap((each) => positionsOf(each.body)) } : item.body;
    const result = await send(item, body);
    if (result.ok) {
      await store.remove(batch.map((each) => each.id));
      sent += batch.length;
      if (item.kind === 'status') await rebaseFollowers(at, hooks.versionOf(result.answer));
      hooks.onSent?.(item, result.answer);
      at += batch.length;
      continue;
    }
    if (noAnswer(result.status)) return { kind: 'offline', sent };
    if (result.status === 401) return { kind: 'signedOut', sent };
    if (result.status === 409 && item.kind === 'status') {
      await store.remove([item.id]);
      const refreshed = await hooks.refresh();
      await rebaseFollowers(at, refreshed?.truckVersion ?? null);
      hooks.onStatusConflict?.(item);
      at += 1;
      continue;
    }
    if (result.status === 409 && item.kind === 'delivery' && !deliveryRetried.has(item.id)) {
      const refreshed = await hooks.refresh();
      if (refreshed === null) return { kind: 'offline', sent };
      const ticket = item.ticketId === undefined ? undefined : refreshed.tickets.get(item.ticketId);
      const version = (item.body as { version?: unknown } | null)?.version;
      if (ticket && !ticket.signed && ticket.version !== version) {
        deliveryRetried = new Set([...deliveryRetried, item.id]);
        const renewed: OutboxItem = {
          ...item,
          body: { ...(item.body as object), version: ticket.version },
        };
        await store.put(renewed);
        items[at] = renewed;
        continue;
      }
    }
    const failed: OutboxItem = {
      ...item,
      state: 'failed',
      message: result.message,
      ...(result.fieldProblems ? { fieldProblems: result.fieldProblems } : {}),
    };
    await store.put(failed);
    at += 1;
  }
  return { kind: 'done', sent };
}

/** The next wait before trying again with no answer: 2 s, doubling, at most a minute. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));
}

/** An outbox in memory: the tests' store, and the phone's when IndexedDB is not there. */
export function memoryOutboxStore(): OutboxStore {
  let items: OutboxItem[] = [];
  let nextId = 1;
  return {
    add: (item) => {
      const added: OutboxItem = { ...item, id: nextId++, state: 'waiting', message: null };
      items = [...items, added];
      return Promise.resolve(added);
    },
    list: () => Promise.resolve([...items].sort((a, b) => a.id - b.id)),
    put: (item) => {
      items = items.map((each) => (each.id === item.id ? item : each));
      return Promise.resolve();
    },
    remove: (ids) => {
      items = items.filter((each) => !ids.includes(each.id));
      return Promise.resolve();
    },
  };
}
