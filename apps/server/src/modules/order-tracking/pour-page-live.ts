/**
 * R-TRACK-6: the pour page kept live. One server-sent-event stream per open page carries only that
 * order's page: on each committed event that concerns it (its order, loads and tickets, and the
 * trucks carrying its loads) the page is read again and sent when it changed. Many phones watch one
 * pour, so the streams of one order in this process share its watch: one read (and one check of
 * each token its pages were opened with) serves every page of the order, serialized once. Reads
 * are coalesced per order, one at a time, each earned by a quiet `minGapMs` after the last (two may
 * be earned ahead, so the fixes of two trucks a moment apart are not held back), so a truck's fixes
 * every few seconds cost one read each, not one per event or per page, and a storm of events no
 * more than one read per `minGapMs` of quiet. One handler on the database's change feed serves
 * every watched order of it. A link revoked, replaced or expired meanwhile ends the streams it
 * opened with a `gone` event.
 */
import type { ServerResponse } from 'node:http';
import type { ChangeFeed, NotifiedEvent } from '../../dispatch/change-feed';
import type { Db } from '../../db/client';
import { readPourPage, type PourPageRead } from './pour-page.service';
import { orderOfToken } from './tracking-links.service';

/** The quiet after a read that earns the next one. */
const minGapMs = 200;
/** The most reads an order may have earned ahead: after a quiet spell, this many back to back. */
const readsAhead = 2;
/** A comment line now and then keeps proxies and phones from closing an idle stream. */
const keepAliveMs = 25_000;

type Concern = Pick<PourPageRead, 'truckIds' | 'ticketIds'> & { orderId: number };

const idOf = (data: unknown, key: string): number | undefined => {
  const value = (data as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'number' ? value : undefined;
};

/** Whether a committed event may change this order's page. */
export function concernsPage(event: NotifiedEvent, concern: Concern): boolean {
  const { data } = event;
  // An event of ids only (too large for NOTIFY) names rows, not their order: read again.
  const idsOnly = data === undefined;
  switch (event.name) {
    case 'orderUpdate_v1':
    case 'orderDelete_v1':
      return idsOnly
        ? (event.ids ?? []).includes(concern.orderId)
        : idOf(data, 'id') === concern.orderId;
    case 'loadUpdate_v1':
    case 'ticketUpdate_v1':
      return idsOnly || idOf(data, 'orderId') === concern.orderId;
    case 'loadScheduleUpdatedNotification_v1':
      return idOf(data, 'orderId') === concern.orderId;
    // R-TRACK-9: a request from the page, or dispatch's answer to it.
    case 'orderRequestUpdate_v1':
      return idsOnly || idOf(data, 'orderId') === concern.orderId;
    case 'ticketModifiedNotification_v1':
      return concern.ticketIds.has(idOf(data, 'ticketId') ?? -1);
    case 'truckPositionUpdate_v1':
      return concern.truckIds.has(idOf(data, 'truckId') ?? -1);
    case 'truckUpdate_v1':
      return idsOnly
        ? (event.ids ?? []).some((id) => concern.truckIds.has(id))
        : concern.truckIds.has(idOf(data, 'id') ?? -1);
    default:
      return false;
  }
}

export type PourStream = {
  db: Db;
  database: string;
  token: string;
  orderId: number;
  changeFeed: ChangeFeed;
  now: () => Date;
  response: ServerResponse;
  /** The open streams, each by its end: the server ends them all when it closes. */
  open: Set<() => void>;
};

/** An open page, as its order's watch sees it. */
type Page = {
  /** The token it was opened with, which must still open the order. */
  token: string;
  now: () => Date;
  /** The page data last sent. */
  sent: string;
  send(frame: Buffer): void;
  end(event?: string): void;
};

/** The pages of one order in this process, and its coalesced reads. */
type OrderWatch = {
  db: Db;
  concern: Concern;
  pages: Set<Page>;
  reading: boolean;
  dirty: boolean;
  /** When the last read ended, and the reads earned by then (quiet since earns more). */
  lastRead: number;
  earned: number;
  timer?: NodeJS.Timeout;
  schedule(): void;
};

/** The watched orders of one database, behind one handler on its change feed. */
type DatabaseWatch = { orders: Map<number, OrderWatch>; subscribed: Promise<() => void> };

/** Per change feed (one per server), its databases' watches, by name. */
const watchesOf = new WeakMap<ChangeFeed, Map<string, DatabaseWatch>>();

/** The reads an order has earned by `at`: one per `minGapMs` of quiet since its last, a few ahead. */
function earnedBy(watch: OrderWatch, at: number): number {
  return Math.min(readsAhead, watch.earned + (at - watch.lastRead) / minGapMs);
}

/**
 * Reads the order's page once, and checks each token its pages were opened with once (most
 * orders' pages share one or two): every page whose token still opens the order is sent the page
 * when it changed, the others are gone.
 */
async function readAgain(watch: OrderWatch): Promise<void> {
  watch.reading = true;
  watch.dirty = false;
  watch.earned = earnedBy(watch, Date.now()) - 1;
  const { db, concern } = watch;
  const { orderId } = concern;
  const byToken = new Map<string, Page[]>();
  for (const page of watch.pages) {
    const same = byToken.get(page.token);
    if (same) same.push(page);
    else byToken.set(page.token, [page]);
  }
  try {
    const [read, ...opened] = await Promise.all([
      readPourPage(db, orderId),
      ...[...byToken].map(([token, pages]) => orderOfToken(db, token, pages[0]!.now())),
    ]);
    // R-TRACK-3: a token replaced, revoked or expired meanwhile opens nothing any more.
    [...byToken.values()].forEach((pages, index) => {
      if (opened[index] !== orderId) for (const page of pages) page.end('gone');
    });
    watch.concern = { orderId, truckIds: read.truckIds, ticketIds: read.ticketIds };
    const data = JSON.stringify(read.page);
    let frame: Buffer | undefined;
    for (const page of watch.pages) {
      if (page.sent === data) continue;
      page.sent = data;
      frame ??= Buffer.from(`data: ${data}\n\n`);
      page.send(frame);
    }
  } catch {
    // The order is gone (deleted with its link), or the database failed: the pages stop here.
    for (const page of [...watch.pages]) page.end('gone');
  } finally {
    watch.reading = false;
    watch.lastRead = Date.now();
  }
  if (watch.dirty) watch.schedule();
}

function newOrderWatch(db: Db, concern: Concern): OrderWatch {
  const watch: OrderWatch = {
    db,
    concern,
    pages: new Set(),
    reading: false,
    dirty: false,
    // The first page's own read has just ended: the next is earned by the quiet after it.
    lastRead: Date.now(),
    earned: 0,
    schedule() {
      if (watch.pages.size === 0) return;
      if (watch.reading || watch.timer) {
        watch.dirty = true;
        return;
      }
      const wait = Math.max(0, (1 - earnedBy(watch, Date.now())) * minGapMs);
      watch.timer = setTimeout(() => {
        watch.timer = undefined;
        void readAgain(watch);
      }, wait);
    },
  };
  return watch;
}

/** The database's watch, subscribing to its change feed when it is the first. */
function databaseWatch(changeFeed: ChangeFeed, database: string): DatabaseWatch {
  let databases = watchesOf.get(changeFeed);
  if (!databases) {
    databases = new Map<string, DatabaseWatch>();
    watchesOf.set(changeFeed, databases);
  }
  const key = database.toUpperCase();
  let watch = databases.get(key);
  if (!watch) {
    const orders = new Map<number, OrderWatch>();
    const subscribed = changeFeed.subscribe(key, (event) => {
      for (const order of orders.values()) {
        if (concernsPage(event, order.concern)) order.schedule();
      }
    });
    const created: DatabaseWatch = { orders, subscribed };
    // A feed that failed to listen is forgotten, so the next page tries again.
    subscribed.catch(() => {
      if (databases.get(key) === created) databases.delete(key);
    });
    databases.set(key, created);
    watch = created;
  }
  return watch;
}

/** A page leaves its order's watch; the last page of a database's last order stops its handler. */
function leave(changeFeed: ChangeFeed, database: string, orderId: number, page: Page): void {
  const key = database.toUpperCase();
  const databases = watchesOf.get(changeFeed);
  const watch = databases?.get(key);
  const order = watch?.orders.get(orderId);
  if (!watch || !order || !order.pages.delete(page) || order.pages.size > 0) return;
  clearTimeout(order.timer);
  order.timer = undefined;
  watch.orders.delete(orderId);
  if (watch.orders.size > 0) return;
  databases!.delete(key);
  void watch.subscribed.then(
    (stop) => stop(),
    () => undefined,
  );
}

/** Streams the page until the client leaves or the link stops opening it. */
export async function streamPourPage(stream: PourStream): Promise<void> {
  const { db, orderId, response, changeFeed, database } = stream;
  const first = await readPourPage(db, orderId);
  const sent = JSON.stringify(first.page);
  let closed = false;

  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.write(`data: ${sent}\n\n`);
  const keepAlive = setInterval(() => response.write(': still here\n\n'), keepAliveMs);
  keepAlive.unref();

  const page: Page = {
    token: stream.token,
    now: stream.now,
    sent,
    send: (frame) => {
      if (!closed) response.write(frame);
    },
    end: (event) => end(event),
  };

  function end(event?: string): void {
    if (closed) return;
    closed = true;
    stream.open.delete(end);
    clearInterval(keepAlive);
    leave(changeFeed, database, orderId, page);
    if (event) response.write(`event: ${event}\ndata: {}\n\n`);
    response.end();
  }

  stream.open.add(end);
  response.on('close', () => end());
  if (closed) return;
  const watch = databaseWatch(changeFeed, database);
  let order = watch.orders.get(orderId);
  if (!order) {
    order = newOrderWatch(db, { orderId, truckIds: first.truckIds, ticketIds: first.ticketIds });
    watch.orders.set(orderId, order);
  }
  order.pages.add(page);
  try {
    await watch.subscribed;
  } catch (error) {
    end();
    throw error;
  }
  // The page may have changed between its first read and the feed's LISTEN: read it once more.
  if (!closed) order.schedule();
}
