/**
 * Pending orders (R-PEND-1..7): the list with its kinds, reasons, credit statuses and filters, and
 * release, call in and cancel with their checks, events and history, on a real database.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import type { PendingList } from '@dispatch/domain/orders/pending-orders';
import { auditTrail } from '../../db/schema/audit';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { orderRequests } from '../../db/schema/order-requests';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { creditStatusIds, loadStatusIds } from '../../db/reference-ids';
import { listenToDispatch, settle, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import {
  addUsers,
  concreteOrderBody,
  concreteSchedule,
  type ErrorAnswer,
  type Json,
  type SuiteUser,
} from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';

type Order = Json & {
  id: number;
  number: number;
  version: number;
  orderStatusId: number;
  creditNotes: string | null;
  firstLoadTime: string | null;
  schedules: { schedule: { id: number; firstLoadOnJobTime: string | null } }[];
  loads: { scheduleId: number; loadNumber: number; statusId: number; onJobTime: string }[];
};

const shipDate = '2026-03-10';
const heldReason = "On hold: the customer's credit status (Credit hold) holds orders.";

describe.each(databaseKinds)('pending orders on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'full');

  const orderBody = (overrides: Json = {}): Json =>
    concreteOrderBody(
      { customerId: ids.acme, plantId: ids.north, customerPoNumber: 'PO-1', jobId: null, shipDate },
      {
        schedules: [
          concreteSchedule(
            { plantId: ids.north, productId: ids.mix, firstLoadOnJobTime: `${shipDate}T14:00:00Z` },
            { numberOfTrucks: 2, travelTimeToPlant: 20 },
          ),
        ],
        ...overrides,
      },
    );
  const create = async (overrides: Json = {}) => {
    const response = await call('POST', '/api/v1/orders', 'full', orderBody(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  };
  const held = () => create({ customerId: ids.holdco, creditNotes: 'Call Jim' });
  const willCall = (overrides: Json = {}) => create({ orderStatusId: 3, ...overrides });
  const list = async (query = '', who = 'full') => {
    const response = await call('GET', `/api/v1/pending-orders${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PendingList>();
  };
  const setCredit = (customerId: number, creditStatusId: number) =>
    t.db.update(customers).set({ creditStatusId }).where(eq(customers.id, customerId));
  const orderEvent = (id: number, version: number) =>
    events.next('orderUpdate_v1', (event) => {
      const data = event.data as Json;
      return data.id === id && data.version === version;
    });
  const historyActions = async (id: number) =>
    (
      await t.db
        .select({ action: auditTrail.action, username: auditTrail.username })
        .from(auditTrail)
        .where(and(eq(auditTrail.resource, 'orders'), eq(auditTrail.recordId, String(id))))
        .orderBy(auditTrail.id)
    ).map((row) => `${row.action} by ${row.username}`);

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = new Date(`${shipDate}T08:00:00Z`);
    const [north, south, pit] = await t.db
      .insert(plants)
      .values([
        { description: 'North', systemTypeId: 1, batchTime: 5, inYardWashTime: 5 },
        { description: 'South', systemTypeId: 1 },
        { description: 'Pit', systemTypeId: 2 },
      ])
      .returning({ id: plants.id });
    Object.assign(ids, { north: north!.id, south: south!.id, pit: pit!.id });
    const [acme, holdco] = await t.db
      .insert(customers)
      .values([
        { number: 'C1', name: 'Acme Builders', creditStatusId: creditStatusIds.good },
        { number: 'C2', name: 'Holdco', creditStatusId: creditStatusIds.hold },
      ])
      .returning({ id: customers.id });
    Object.assign(ids, { acme: acme!.id, holdco: holdco!.id });
    const [job] = await t.db
      .insert(jobs)
      .values({ customerId: ids.acme!, number: 'J-7', address1: '7 Elm St', plantId: ids.south })
      .returning({ id: jobs.id });
    ids.job = job!.id;
    const [mix] = await t.db
      .insert(products)
      .values({
        number: '3000',
        description: '3000 PSI',
        systemTypeId: 1,
        unitOfMeasureId: 1,
        price: 120,
      })
      .returning({ id: products.id });
    ids.mix = mix!.id;

    const all = [1001, 1002, 1003];
    const concreteEntry = systemTypeForm('orderEntry', 1).id;
    const aggregateEntry = systemTypeForm('orderEntry', 2).id;
    const users: SuiteUser[] = [
      ['full', all, { [concreteEntry]: 5 }],
      ['other', all, { [concreteEntry]: 5 }],
      ['viewer', all, { [concreteEntry]: 2, 51002: 2 }],
      ['noPrices', all, { [concreteEntry]: 4 }],
      ['aggregateOnly', all, { [aggregateEntry]: 5 }],
      ['noConcreteGroup', [1002], { [concreteEntry]: 5, [aggregateEntry]: 5 }],
      ['nobody', all, { 50101: 5 }],
    ];
    Object.assign(ids, await addUsers(t, tokens, users));
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });
  beforeEach(() => events.clear());

  it('R-PEND-1..3: lists orders on hold and will call and pending requests, with the reason and the credit status', async () => {
    const hold = await held();
    const later = await willCall({ jobId: ids.job, shipDate: '2026-03-12' });
    const shipping = await create({ customerPoNumber: 'NOT-PENDING' });
    const [request] = await t.db
      .insert(orderRequests)
      .values({
        requestedBy: ids.full!,
        customerId: ids.acme!,
        jobId: ids.job!,
        systemTypeId: 1,
        productId: ids.mix!,
        quantity: 12,
        requestedDate: '2026-03-11',
        requestedTime: '07:15:00',
        notes: 'Back gate\nsecond line',
      })
      .returning({ id: orderRequests.id });
    await t.db.insert(orderRequests).values({
      requestedBy: ids.full!,
      customerId: ids.acme!,
      jobId: ids.job!,
      systemTypeId: 1,
      productId: ids.mix!,
      quantity: 5,
      requestedDate: '2026-03-11',
      status: 'rejected',
    });

    const answer = await list();
    expect(answer.counts).toEqual({ hold: 1, willCall: 1, request: 1 });
    expect(answer.count).toBe(3);
    expect(answer.data.map((row) => [row.kind, row.id])).toEqual([
      ['hold', hold.id],
      ['request', request!.id],
      ['willCall', later.id],
    ]);
    expect(answer.data.some((row) => row.id === shipping.id && row.kind !== 'request')).toBe(false);
    expect(answer.data[0]).toMatchObject({
      number: hold.number,
      orderStatusId: 4,
      customerName: 'Holdco',
      customerNumber: 'C2',
      shipDate,
      firstLoadTime: `${shipDate}T14:00:00.000Z`,
      plantName: 'North',
      reason: heldReason,
      productDescription: '3000 PSI',
      quantity: 30,
      creditStatusId: creditStatusIds.hold,
      creditStatus: 'Credit hold',
      creditHoldsOrders: true,
      version: 1,
      modifiedBy: 'full',
    });
    expect(answer.data[1]).toMatchObject({
      kind: 'request',
      number: null,
      customerName: 'Acme Builders',
      jobNumber: 'J-7',
      jobAddress: '7 Elm St',
      shipDate: '2026-03-11',
      firstLoadTime: '07:15',
      plantName: 'South',
      productDescription: '3000 PSI',
      quantity: 12,
      requestedBy: 'full',
      reason: 'Back gate',
      creditHoldsOrders: false,
    });
    expect(answer.data[2]).toMatchObject({ kind: 'willCall', jobNumber: 'J-7', reason: null });

    // Filters: the kind (counts stay whole), the search, the plant and the system type.
    const holds = await list('?kind=hold');
    expect(holds.data.map((row) => row.id)).toEqual([hold.id]);
    expect(holds).toMatchObject({ count: 1, counts: { hold: 1, willCall: 1, request: 1 } });
    expect((await list('?search=hold')).data.map((row) => row.id)).toEqual([hold.id]);
    expect((await list('?search=c2')).data.map((row) => row.id)).toEqual([hold.id]);
    expect((await list('?search=j-7')).counts).toEqual({ hold: 0, willCall: 1, request: 1 });
    expect((await list(`?plantId=${ids.south}`)).counts).toEqual({
      hold: 0,
      willCall: 0,
      request: 1,
    });
    expect((await list('?systemTypeId=2')).count).toBe(0);
    expect((await list('?kind=request')).data.map((row) => row.kind)).toEqual(['request']);
    expect((await list('?limit=1')).data).toHaveLength(1);
    // A caller without the concrete group sees none of it.
    expect((await list('', 'noConcreteGroup')).count).toBe(0);

    for (const query of ['?kind=other', '?limit=0', '?systemTypeId=9', '?plantId=x']) {
      const response = await call('GET', `/api/v1/pending-orders${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await call('GET', '/api/v1/pending-orders', 'nobody')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/pending-orders' })).statusCode).toBe(
      401,
    );
    await t.db.delete(orderRequests);
    await t.db.update(orders).set({ orderStatusId: 1 }).where(eq(orders.id, later.id));
  });

  it('R-PEND-4: refuses to release while the credit status holds orders, then releases live', async () => {
    const order = await held();
    const refused = await call('POST', `/api/v1/orders/${order.id}/release`, 'full', {
      version: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorAnswer>()).toMatchObject({
      code: 'credit_hold',
      message: `Order ${order.number} cannot be released: the customer's credit status (Credit hold) still holds orders. Change the customer's credit status first.`,
      data: { creditStatusId: creditStatusIds.hold, creditStatus: 'Credit hold' },
    });

    await setCredit(ids.holdco!, creditStatusIds.good);
    try {
      const released = await call('POST', `/api/v1/orders/${order.id}/release`, 'other', {
        version: 1,
      });
      expect(released.statusCode, released.body).toBe(200);
      expect(released.json<Order>()).toMatchObject({
        orderStatusId: 1,
        version: 2,
        creditNotes: `${heldReason}\nCall Jim`,
      });
      expect((await orderEvent(order.id, 2)).data).toMatchObject({ orderStatusId: 1 });
      expect(await historyActions(order.id)).toEqual(['created by full', 'released by other']);
      expect((await list('?kind=hold')).data.some((row) => row.id === order.id)).toBe(false);

      // Released already: nothing to release; a stale version names who changed it.
      const again = await call('POST', `/api/v1/orders/${order.id}/release`, 'full', {
        version: 2,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorAnswer>()).toMatchObject({ code: 'not_pending' });
      expect(again.json<ErrorAnswer>().message).toMatch(/is To Be Shipped, not on hold/);
      const stale = await call('POST', `/api/v1/orders/${order.id}/release`, 'full', {
        version: 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<ErrorAnswer>().message).toMatch(
        new RegExp(`^Order ${order.number} was changed by other at .+ since you opened it\\.`),
      );
    } finally {
      await setCredit(ids.holdco!, creditStatusIds.hold);
    }
  });

  it('R-PEND-5: calls in a will-call order: to be shipped, its schedules moved and loads projected again', async () => {
    const order = await willCall({
      schedules: [
        ...(orderBody().schedules as Json[]),
        {
          schedule: {
            plantId: ids.north,
            systemTypeId: 1,
            numberOfTrucks: 1,
            quantityPerHour: 30,
            loadIntervalTime: 20,
            travelTimeToJob: 20,
            travelTimeToPlant: 20,
            onJobWaitMinutes: 15,
            onJobWashMinutes: 10,
            firstLoadOnJobTime: `${shipDate}T16:30:00Z`,
          },
          primaryProduct: { productId: ids.mix, systemTypeId: 1, quantity: 10, loadSize: 10 },
        },
      ],
    });
    expect(order.orderStatusId).toBe(3);
    const [first, second] = order.schedules.map((form) => form.schedule.id);

    for (const firstLoadTime of ['7.30', '', '2026-03-14T07:30:00Z']) {
      const bad = await call('POST', `/api/v1/orders/${order.id}/call-in`, 'full', {
        version: 1,
        firstLoadTime,
      });
      expect(bad.statusCode, firstLoadTime).toBe(400);
      expect(bad.json<ErrorAnswer>().data).toEqual([
        expect.objectContaining({ field: 'firstLoadTime' }),
      ]);
    }
    const noVersion = await call('POST', `/api/v1/orders/${order.id}/call-in`, 'full', {
      firstLoadTime: '07:30',
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json<ErrorAnswer>().data).toEqual([
      expect.objectContaining({ field: 'version' }),
    ]);

    const response = await call('POST', `/api/v1/orders/${order.id}/call-in`, 'full', {
      version: 1,
      firstLoadTime: `${shipDate}T07:30:00.000Z`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const called = response.json<Order>();
    expect(called).toMatchObject({
      orderStatusId: 1,
      version: 2,
      firstLoadTime: `${shipDate}T07:30:00.000Z`,
    });
    expect(called.schedules.map((form) => form.schedule.firstLoadOnJobTime)).toEqual([
      `${shipDate}T07:30:00.000Z`,
      `${shipDate}T10:00:00.000Z`,
    ]);
    expect(called.loads.map((load) => [load.scheduleId, load.loadNumber, load.onJobTime])).toEqual([
      [first, 1, `${shipDate}T07:30:00.000Z`],
      [first, 2, `${shipDate}T07:40:00.000Z`],
      [first, 3, `${shipDate}T07:50:00.000Z`],
      [second, 1, `${shipDate}T10:00:00.000Z`],
    ]);
    await orderEvent(order.id, 2);
    for (const scheduleId of [first, second]) {
      await events.next(
        'loadScheduleUpdatedNotification_v1',
        (event) => (event.data as Json).scheduleId === scheduleId,
      );
    }
    expect(await historyActions(order.id)).toEqual(['created by full', 'calledIn by full']);

    // A time of day lands on the ship date, on the server's clock.
    const local = await willCall();
    const atSeven = await call('POST', `/api/v1/orders/${local.id}/call-in`, 'full', {
      version: 1,
      firstLoadTime: '07:00',
    });
    expect(atSeven.statusCode, atSeven.body).toBe(200);
    expect(atSeven.json<Order>().firstLoadTime).toBe(new Date(2026, 2, 10, 7, 0).toISOString());
    // An order on hold is not called in.
    const hold = await held();
    const notWillCall = await call('POST', `/api/v1/orders/${hold.id}/call-in`, 'full', {
      version: 1,
      firstLoadTime: '07:00',
    });
    expect(notWillCall.statusCode).toBe(409);
    expect(notWillCall.json<ErrorAnswer>().message).toMatch(/is On Hold, not will call/);
  });

  it('R-PEND-6: cancels a pending order with a reason: status M, open loads cancelled', async () => {
    const order = await willCall();
    for (const body of [{ version: 1 }, { version: 1, reason: '   ' }]) {
      const bad = await call('POST', `/api/v1/orders/${order.id}/cancel`, 'full', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorAnswer>().data).toEqual([expect.objectContaining({ field: 'reason' })]);
    }
    const response = await call('POST', `/api/v1/orders/${order.id}/cancel`, 'full', {
      version: 1,
      reason: 'Job postponed',
    });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = response.json<Order>();
    expect(cancelled).toMatchObject({
      orderStatusId: 9,
      version: 2,
      creditNotes: 'Cancelled by full: Job postponed',
    });
    expect(cancelled.loads.every((load) => load.statusId === loadStatusIds.cancelled)).toBe(true);
    expect((await orderEvent(order.id, 2)).data).toMatchObject({ orderStatusId: 9 });
    expect(await historyActions(order.id)).toEqual(['created by full', 'cancelled by full']);

    const hold = await held();
    const fromHold = await call('POST', `/api/v1/orders/${hold.id}/cancel`, 'full', {
      version: 1,
      reason: 'No payment',
    });
    expect(fromHold.json<Order>().creditNotes).toBe(
      `Cancelled by full: No payment\n${heldReason}\nCall Jim`,
    );
    const twice = await call('POST', `/api/v1/orders/${order.id}/cancel`, 'full', {
      version: 2,
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorAnswer>().code).toBe('not_pending');
  });

  it('R-PEND-7: refuses callers without write access to the order entry form of the order', async () => {
    const formName = systemTypeForm('orderEntry', 1).longName;
    const order = await held();
    const actions: [string, Json][] = [
      ['release', { version: 1 }],
      ['call-in', { version: 1, firstLoadTime: '07:00' }],
      ['cancel', { version: 1, reason: 'x' }],
    ];
    for (const [action, body] of actions) {
      for (const who of ['viewer', 'aggregateOnly', 'nobody']) {
        const response = await call('POST', `/api/v1/orders/${order.id}/${action}`, who, body);
        expect(response.statusCode, `${action} ${who}`).toBe(403);
        expect(response.json<ErrorAnswer>().message).toMatch(
          /^You do not have permissions to access this form|is read-only for you/,
        );
      }
      const hidden = await call(
        'POST',
        `/api/v1/orders/${order.id}/${action}`,
        'noConcreteGroup',
        body,
      );
      expect(hidden.statusCode, action).toBe(404);
    }
    const aggregate = await call('POST', `/api/v1/orders/${order.id}/release`, 'aggregateOnly', {
      version: 1,
    });
    expect(aggregate.json<ErrorAnswer>().message).toBe(
      `You do not have permissions to access this form ${formName}`,
    );
    // The viewer reads the list; a level without prices acts, and is answered without them.
    expect((await list('?kind=hold', 'viewer')).data.some((row) => row.id === order.id)).toBe(true);
    const cancelled = await call('POST', `/api/v1/orders/${order.id}/cancel`, 'noPrices', {
      version: 1,
      reason: 'Duplicate',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.body).not.toMatch(/"price"/);
    expect(
      (await call('POST', '/api/v1/orders/999999/release', 'full', { version: 1 })).statusCode,
    ).toBe(404);
  });

  it('R-LIVE-1: publishes nothing when the action rolls back', async () => {
    const order = await willCall({ customerPoNumber: 'ROLLBACK' });
    await t.db.execute(sql`
      create or replace function fail_pending_history() returns trigger language plpgsql as $$
      begin
        if new.resource = 'orders' and new.after->>'customerPoNumber' = 'ROLLBACK' then
          raise exception 'history refused';
        end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger fail_pending_history before insert on audit_trail
      for each row execute function fail_pending_history()`);
    try {
      // The order's own creation event may still be on its way.
      await events.next(
        'orderUpdate_v1',
        (event) => (event.data as { id?: number }).id === order.id,
      );
      events.clear();
      const failed = await call('POST', `/api/v1/orders/${order.id}/cancel`, 'full', {
        version: 1,
        reason: 'Rolled back',
      });
      expect(failed.statusCode).toBe(500);
      await settle();
      expect(events.events.filter((event) => event.name === 'orderUpdate_v1')).toEqual([]);
      const [row] = await t.db
        .select({ status: orders.orderStatusId, version: orders.version })
        .from(orders)
        .where(eq(orders.id, order.id));
      expect(row).toEqual({ status: 3, version: 1 });
    } finally {
      await t.db.execute(sql`drop trigger fail_pending_history on audit_trail`);
    }
  });

  it('documents the pending orders routes in the OpenAPI document', async () => {
    const openapi = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(openapi.paths['/api/v1/pending-orders']!)).toEqual(['get']);
    for (const action of ['release', 'call-in', 'cancel']) {
      expect(Object.keys(openapi.paths[`/api/v1/orders/{id}/${action}`]!)).toEqual(['post']);
    }
  });
});
