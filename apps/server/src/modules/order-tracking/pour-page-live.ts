/**
 * R-TRACK-6: the pour page kept live. One server-sent-event stream per open page carries only that
 * order's page: on each committed event that concerns it (its order, loads and tickets, and the
 * trucks carrying its loads) the page is read again and sent when it changed. Reads are coalesced
 * (one at a time, the next no sooner than `minGapMs` after the last), so a truck's fixes every few
 * seconds cost one read each, not one per event. A link revoked, replaced or expired meanwhile ends
 * the stream with a `gone` event.
 */
import type { ServerResponse } from 'node:http';
import type { ChangeFeed, NotifiedEvent } from '../../dispatch/change-feed';
import type { Db } from '../../db/client';
import { readPourPage, type PourPageRead } from './pour-page.service';
import { orderOfToken } from './tracking-links.service';

/** The quiet after a read before the next may start. */
const minGapMs = 200;
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

/** Streams the page until the client leaves or the link stops opening it. */
export async function streamPourPage(stream: PourStream): Promise<void> {
  const { db, orderId, response } = stream;
  const first = await readPourPage(db, orderId);
  let concern: Concern = { orderId, truckIds: first.truckIds, ticketIds: first.ticketIds };
  let sent = JSON.stringify(first.page);
  let closed = false;
  let reading = false;
  let dirty = false;
  let lastRead = Date.now();
  let timer: NodeJS.Timeout | undefined;

  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.write(`data: ${sent}\n\n`);
  const keepAlive = setInterval(() => response.write(': still here\n\n'), keepAliveMs);
  keepAlive.unref();
  /** The feed's subscription, once in place. */
  const feed: { stop?: () => void } = {};

  const end = (event?: string) => {
    if (closed) return;
    closed = true;
    stream.open.delete(end);
    clearTimeout(timer);
    clearInterval(keepAlive);
    feed.stop?.();
    if (event) response.write(`event: ${event}\ndata: {}\n\n`);
    response.end();
  };

  const readAgain = async () => {
    reading = true;
    dirty = false;
    try {
      if ((await orderOfToken(db, stream.token, stream.now())) !== orderId) return end('gone');
      const read = await readPourPage(db, orderId);
      concern = { orderId, truckIds: read.truckIds, ticketIds: read.ticketIds };
      const page = JSON.stringify(read.page);
      if (page !== sent && !closed) {
        sent = page;
        response.write(`data: ${page}\n\n`);
      }
    } catch {
      // The order is gone (deleted with its link), or the database failed: the page stops here.
      return end('gone');
    } finally {
      reading = false;
      lastRead = Date.now();
    }
    if (dirty) schedule();
  };

  function schedule(): void {
    if (closed || reading || timer) {
      dirty = true;
      return;
    }
    const wait = Math.max(0, lastRead + minGapMs - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      void readAgain();
    }, wait);
  }

  stream.open.add(end);
  response.on('close', () => end());
  feed.stop = await stream.changeFeed.subscribe(stream.database, (event) => {
    if (concernsPage(event, concern)) schedule();
  });
  if (closed) feed.stop();
  // The page may have changed between its first read and the feed's LISTEN: read it once more.
  schedule();
}
