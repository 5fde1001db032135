/**
 * R-TRACK-8, R-TRACK-9 on each engine: a contractor's asks from the pour page (hold the next load,
 * add a load, call me) arrive at dispatch as online order requests with the order attached, once
 * each however often they are tapped; dispatch's answer, accepted with a word or refused with a
 * reason, shows on the page; the board's order row counts what waits, and marks an order the
 * customer confirmed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRequestViewSchema } from '@dispatch/domain/orders/order-requests';
import { loadBoardSchema } from '@dispatch/domain/dispatch/load-board';
import { pourRequestViewSchema } from '@dispatch/domain/tracking/pour-requests';
import { pourPageSchema, type TrackingLink } from '@dispatch/domain/tracking/tracking-link';
import { orders } from '../../db/schema/orders';
import { addOrder, buildDispatchWorld, type DispatchWorld } from '../../../test/dispatch-fixtures';
import { addUsers } from '../../../test/order-fixtures';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

const all = [1001, 1002, 1003];

describe.each(databaseKinds)('pour page requests on %s', (kind) => {
  let t: TestApp;
  let world: DispatchWorld;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  let address = 0;
  /** The page as a phone uses it: no account, from an address of its own. */
  const fromPage = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.1.0.${++address}`,
      ...(payload ? { payload } : {}),
    });
  const linkOf = async (orderId: number) => {
    const response = await call('POST', `/api/v1/orders/${orderId}/tracking-link`);
    expect(response.statusCode, response.body).toBe(201);
    const { url } = response.json<TrackingLink>();
    return new URL(url).pathname.replace('/pour/', '/api/v1/pour/');
  };
  const requestsFor = async (orderId: number) => {
    const list = await call('GET', '/api/v1/order-requests?status=pending');
    expect(list.statusCode, list.body).toBe(200);
    return orderRequestViewSchema
      .array()
      .parse(list.json<{ data: unknown[] }>().data)
      .filter((each) => each.orderId === orderId);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date('2026-03-10T14:00:00Z');
    world = await buildDispatchWorld(t.db);
    await addUsers(t, tokens, [['dispatcher', all, { 15000: 5, 51001: 5, 51003: 5 }]]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('brings "hold the next load" to dispatch once, with the order attached', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [10, 8] });
    const page = await linkOf(order.orderId);
    const asked = await fromPage('POST', `${page}/requests`, {
      kind: 'holdNextLoad',
      note: 'Pump is down for 20 minutes',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const made = pourRequestViewSchema.parse(asked.json());
    expect(made).toMatchObject({ kind: 'holdNextLoad', status: 'pending', answer: null });
    // A second tap (or a phone's retry) answers the same request.
    const again = await fromPage('POST', `${page}/requests`, { kind: 'holdNextLoad' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: made.id });

    const [waiting, ...more] = await requestsFor(order.orderId);
    expect(more).toEqual([]);
    expect(waiting).toMatchObject({
      id: made.id,
      kind: 'holdNextLoad',
      orderNumber: order.orderNumber,
      requestedBy: null,
      notes: 'Pump is down for 20 minutes',
      requestedDate: '2026-03-10',
      quantity: null,
    });
    const shown = pourPageSchema.parse((await fromPage('GET', page)).json());
    expect(shown.requests).toEqual([made]);
  });

  it('asks for a call back only with a number to call, and adds a load of the load size', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [9, 9] });
    const page = await linkOf(order.orderId);
    const noNumber = await fromPage('POST', `${page}/requests`, { kind: 'callMe' });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json()).toMatchObject({
      data: [{ field: 'callbackPhone', reason: 'is required to be called back' }],
    });
    const badNumber = await fromPage('POST', `${page}/requests`, {
      kind: 'callMe',
      callbackPhone: 'call Bob',
    });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json()).toMatchObject({ data: [{ field: 'callbackPhone' }] });
    const unknownKind = await fromPage('POST', `${page}/requests`, { kind: 'cancelEverything' });
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json()).toMatchObject({ data: [{ field: 'kind' }] });

    const call = await fromPage('POST', `${page}/requests`, {
      kind: 'callMe',
      callbackPhone: '+1 (217) 555-0142',
    });
    expect(call.statusCode, call.body).toBe(201);
    const more = await fromPage('POST', `${page}/requests`, { kind: 'addLoad' });
    expect(more.statusCode, more.body).toBe(201);
    const waiting = await requestsFor(order.orderId);
    expect(waiting.map((each) => [each.kind, each.callbackPhone, each.quantity]).sort()).toEqual([
      ['addLoad', null, 9],
      ['callMe', '+1 (217) 555-0142', null],
    ]);
    // Nothing was asked through a wrong link.
    const wrong = await fromPage('POST', `${page.slice(0, -4)}AAAA/requests`, { kind: 'addLoad' });
    expect(wrong.statusCode).toBe(404);
  });

  it("shows dispatch's answer on the page, and the board row counts what still waits", async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [10, 10] });
    const page = await linkOf(order.orderId);
    const hold = pourRequestViewSchema.parse(
      (await fromPage('POST', `${page}/requests`, { kind: 'holdNextLoad' })).json(),
    );
    const add = pourRequestViewSchema.parse(
      (await fromPage('POST', `${page}/requests`, { kind: 'addLoad', quantity: 4 })).json(),
    );
    // The customer confirmed it from the day-before notice (R-TRACK-12): the row says so too.
    await t.db
      .update(orders)
      .set({ confirmedAt: new Date('2026-03-09T15:10:00Z'), confirmedBy: 'customer' })
      .where(eq(orders.id, order.orderId));
    const board = await call(
      'GET',
      '/api/v1/load-board?from=2026-03-10T06:00:00Z&to=2026-03-10T20:00:00Z',
    );
    expect(board.statusCode, board.body).toBe(200);
    const row = loadBoardSchema.parse(board.json()).orders.find((o) => o.id === order.orderId);
    expect(row?.pourRequests.map((each) => each.kind).sort()).toEqual(['addLoad', 'holdNextLoad']);
    expect(row?.confirmedAt).toBe('2026-03-09T15:10:00.000Z');

    const [holdRow] = (await requestsFor(order.orderId)).filter((each) => each.id === hold.id);
    const accepted = await call('POST', `/api/v1/order-requests/${hold.id}/accept`, 'dispatcher', {
      version: holdRow!.version,
      reply: 'Held until 10:30',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', orderId: order.orderId });
    const addRow = (await requestsFor(order.orderId)).find((each) => each.id === add.id);
    const refused = await call('POST', `/api/v1/order-requests/${add.id}/reject`, 'dispatcher', {
      version: addRow!.version,
      reason: 'No trucks left today',
    });
    expect(refused.statusCode, refused.body).toBe(200);

    const shown = pourPageSchema.parse((await fromPage('GET', page)).json());
    expect(shown.requests).toEqual([
      expect.objectContaining({ id: add.id, status: 'rejected', answer: 'No trucks left today' }),
      expect.objectContaining({ id: hold.id, status: 'accepted', answer: 'Held until 10:30' }),
    ]);
    // Decided, the same tap asks anew.
    const anew = await fromPage('POST', `${page}/requests`, { kind: 'holdNextLoad' });
    expect(anew.json()).not.toMatchObject({ id: hold.id });
  });

  it('accepts a call back with no word to add, keeping its order', async () => {
    const order = await addOrder(t.db, world, { systemTypeId: 1, loadSizes: [5] });
    const page = await linkOf(order.orderId);
    const made = pourRequestViewSchema.parse(
      (
        await fromPage('POST', `${page}/requests`, { kind: 'callMe', callbackPhone: '555 0100' })
      ).json(),
    );
    // Accepting a pour page's request keeps its order; nothing to link.
    const [waiting] = await requestsFor(order.orderId);
    const accepted = await call('POST', `/api/v1/order-requests/${made.id}/accept`, 'dispatcher', {
      version: waiting!.version,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ orderId: order.orderId, reply: null });
  });
});
