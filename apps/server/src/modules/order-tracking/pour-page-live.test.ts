/**
 * R-TRACK-6 on each engine, the live pour page's sharing: the pages of one order open in a process
 * share its reads (a second phone on the job costs the database nothing more per change), each
 * still sent every change; a replaced link ends only the pages its old token opened, a revoked
 * one every page of the order; and once the last page has gone, a new one is served afresh.
 */
import type { ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pourPageSchema, type TrackingLink } from '@dispatch/domain/tracking/tracking-link';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import { trucks } from '../../db/schema/trucks';
import { createChangeFeed, type ChangeFeed } from '../../dispatch/change-feed';
import {
  addDispatchedOrder,
  buildDispatchWorld,
  type DispatchWorld,
} from '../../../test/dispatch-fixtures';
import { addUsers } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { streamPourPage } from './pour-page-live';

const all = [1001, 1002, 1003];
const onTheRoad = { latitude: 39.753, longitude: -89.65 };

/** Waits for `ready` to hold, failing after 5 s. */
async function until(ready: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`Not within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, 500));

/** A phone's stream, as streamPourPage writes it: its events, whether it ended, and its leaving. */
function phone() {
  let text = '';
  let ended = false;
  const onClose: (() => void)[] = [];
  const response = {
    writeHead: () => response,
    write: (chunk: string | Buffer) => {
      text += chunk.toString();
      return true;
    },
    end: () => {
      ended = true;
    },
    on: (event: string, handler: () => void) => {
      if (event === 'close') onClose.push(handler);
      return response;
    },
  };
  const events = () =>
    text
      .split('\n\n')
      .map((frame) => frame.split('\n').filter((line) => line !== '' && !line.startsWith(':')))
      .filter((lines) => lines.length > 0)
      .map((lines) => {
        const field = (name: string) =>
          lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        return { event: field('event') ?? 'message', data: field('data') ?? '' };
      });
  return {
    response: response as unknown as ServerResponse,
    events,
    /** The recordedAt of the first load's position on each page sent. */
    positions: () =>
      events()
        .filter((event) => event.event === 'message')
        .map(
          (event) => pourPageSchema.parse(JSON.parse(event.data)).loads[0]?.position?.recordedAt,
        ),
    ended: () => ended,
    leave: () => onClose.forEach((handler) => handler()),
  };
}

/** The database as the streams use it, counting its queries (each select is one). */
function counted(db: Db) {
  const count = { selects: 0 };
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'select') count.selects += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { db: proxy, count };
}

describe.each(databaseKinds)('the live pour pages of one order on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  let feed: ChangeFeed;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  const open = new Set<() => void>();
  let second = 0;

  const makeLink = async (orderId: number) => {
    const response = await call('POST', `/api/v1/orders/${orderId}/tracking-link`);
    expect(response.statusCode, response.body).toBe(201);
    return decodeURIComponent(response.json<TrackingLink>().url.split('/pour/')[1]!);
  };
  /** A truck on its way: its next fix, a second after its last; answers the fix's recordedAt. */
  const move = async (truckId: number) => {
    second += 1;
    const recordedAt = new Date(Date.parse('2026-03-10T13:50:00Z') + second * 1000);
    const moved = await call('POST', `/api/v1/trucks/${truckId}/positions`, 'dispatcher', {
      positions: [{ ...onTheRoad, recordedAt: recordedAt.toISOString(), speedKph: 50 }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    return recordedAt.toISOString();
  };
  const onTheWay = async (truckNumber: string) => {
    const dispatched = await addDispatchedOrder(t.db, call, world, {
      loadSizes: [9, 9],
      truckNumber,
    });
    await t.db
      .update(trucks)
      .set({ statusId: truckStatusIds.toJob })
      .where(eq(trucks.id, dispatched.truckId));
    return dispatched;
  };
  const stream = (db: Db, orderId: number, token: string) => {
    const page = phone();
    void streamPourPage({
      db,
      database: t.database,
      token,
      orderId,
      changeFeed: feed,
      now: () => t.clock.now,
      response: page.response,
      open,
    });
    return page;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T14:00:00Z');
    world = await buildDispatchWorld(t.db);
    await t.db.update(jobs).set({ gpsLat: 39.78, gpsLon: -89.65 });
    await addUsers(t, tokens, [['dispatcher', all, { 15000: 5, 25000: 5, 51001: 5 }]]);
    feed = createChangeFeed(t.tenancy);
  });
  afterAll(async () => {
    for (const end of [...open]) end();
    await feed.close();
    await t.close();
  });

  it('sends each change to every page of the order from one read, and none to another order', async () => {
    const { order, truckId } = await onTheWay('T-81');
    const other = await onTheWay('T-82');
    const token = await makeLink(order.orderId);
    const { db, count } = counted(t.db);

    const first = stream(db, order.orderId, token);
    const elsewhere = stream(db, other.order.orderId, await makeLink(other.order.orderId));
    await until(() => first.events().length === 1, 'the first page');
    await quiet();
    count.selects = 0;
    const one = await move(truckId);
    await until(() => first.positions().includes(one), 'the fix on the page');
    await quiet();
    const forOnePage = count.selects;
    expect(forOnePage).toBeGreaterThan(0);

    // A second phone on the same job.
    const again = stream(db, order.orderId, token);
    await until(() => again.events().length === 1, 'the second page');
    await quiet();
    count.selects = 0;
    const two = await move(truckId);
    await until(
      () => first.positions().includes(two) && again.positions().includes(two),
      'the fix on both pages',
    );
    await quiet();
    expect(count.selects).toBe(forOnePage);
    expect(again.events().at(-1)).toEqual(first.events().at(-1));
    // The other order's truck did not move: its page heard nothing.
    expect(elsewhere.events()).toHaveLength(1);

    // One phone leaves; the other is still sent each change.
    first.leave();
    expect(first.ended()).toBe(true);
    const three = await move(truckId);
    await until(() => again.positions().includes(three), 'the fix on the page left');
    expect(first.positions()).not.toContain(three);
    again.leave();
    elsewhere.leave();
  });

  it('ends the pages of a replaced token only, then every page once the link is revoked', async () => {
    const { order, truckId } = await onTheWay('T-83');
    const old = await makeLink(order.orderId);
    const before = stream(t.db, order.orderId, old);
    await until(() => before.events().length === 1, 'the first page');
    const replaced = await makeLink(order.orderId);
    const after = stream(t.db, order.orderId, replaced);
    const also = stream(t.db, order.orderId, replaced);
    await until(() => after.events().length === 1 && also.events().length === 1, 'the pages');

    const moved = await move(truckId);
    await until(() => after.positions().includes(moved), 'the fix on the new link');
    await until(() => also.positions().includes(moved), 'the fix on every page of the new link');
    await until(() => before.ended(), 'the old link gone');
    expect(before.events().at(-1)?.event).toBe('gone');

    const revoked = await call('DELETE', `/api/v1/orders/${order.orderId}/tracking-link`);
    expect(revoked.statusCode).toBe(204);
    // The pages learn it at their next change: the truck's next fix.
    await move(truckId);
    await until(() => after.ended() && also.ended(), 'every page gone');
    expect(after.events().at(-1)?.event).toBe('gone');
    expect(also.events().at(-1)?.event).toBe('gone');

    // No page is left: a new link's page is served afresh.
    const fresh = stream(t.db, order.orderId, await makeLink(order.orderId));
    await until(() => fresh.events().length === 1, 'the new page');
    const next = await move(truckId);
    await until(() => fresh.positions().includes(next), 'the fix on the new page');
    fresh.leave();
  });
});
