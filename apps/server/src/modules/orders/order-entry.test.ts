/**
 * Order entry's writes (R-ORD-1..12): create, change, delete and copy an order with its schedules,
 * lines and projected loads; validation, versions, events, history, credit hold, permissions and
 * prices. The reads of orders.test.ts stay as they are.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orderLiveViewSchema } from '@dispatch/domain/orders/order';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import { fieldLabels } from '@dispatch/domain/forms/field-labels';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { orders, scheduleProducts } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { loads, tickets } from '../../db/schema/tickets';
import {
  creditStatusIds,
  loadStatusIds,
  orderTypeIds,
  ticketStatusIds,
  truckTypeIds,
} from '../../db/reference-ids';
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

type Line = Json & { id: number; productId: number; price?: number | null; quantity: number };
type Form = {
  schedule: Json & { id: number; numberOfLoads: number | null; firstLoadOnJobTime: string | null };
  primaryProduct: Line;
  extraProducts: Line[];
};
type Load = { id: number; scheduleId: number; loadNumber: number; quantity: number } & Json;
type Order = Json & {
  id: number;
  number: number;
  version: number;
  orderStatusId: number;
  schedules: Form[];
  loads: Load[];
};

const today = '2026-03-10';
const tomorrow = '2026-03-11';
const at = (day: string, time: string) => new Date(`${day}T${time}:00`);

describe.each(databaseKinds)('order entry on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'full');

  /** A concrete order with two schedules, the first with an extra product. */
  const orderBody = (overrides: Json = {}): Json =>
    concreteOrderBody(
      {
        customerId: ids.acme,
        plantId: ids.north,
        customerPoNumber: 'PO-100',
        jobId: ids.job,
        shipDate: today,
      },
      {
        dispatchNotes: 'Pump on site',
        emailAddressCsv: ' site@acme.test , office@acme.test',
        schedules: [
          {
            ...concreteSchedule({
              plantId: ids.north,
              productId: ids.mix,
              firstLoadOnJobTime: '2026-03-10T14:00:00Z',
            }),
            extraProducts: [
              { productId: ids.accelerator, systemTypeId: 1, quantity: 3, price: 2.5 },
            ],
          },
          {
            schedule: concreteSchedule(
              {
                plantId: ids.north,
                productId: ids.mix,
                firstLoadOnJobTime: '2026-03-10T16:00:00Z',
              },
              {
                numberOfTrucks: 2,
                quantityPerHour: 30,
                loadIntervalTime: 16,
                travelTimeToJob: 25,
                travelTimeToPlant: 25,
                onJobWaitMinutes: 20,
                // No load size on the line: the 8 yd mixer's.
                truckTypeId: truckTypeIds.mixer8,
              },
            ).schedule,
            primaryProduct: { productId: ids.mix, systemTypeId: 1, quantity: 16 },
          },
        ],
        ...overrides,
      },
    );

  const create = async (body: Json = orderBody(), who = 'full') => {
    const response = await call('POST', '/api/v1/orders', who, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  };
  const read = async (id: number, who = 'full') => {
    const response = await call('GET', `/api/v1/orders/${id}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order>();
  };
  const update = async (order: Order, changes: Json = {}, who = 'full') => {
    const response = await call('PUT', `/api/v1/orders/${order.id}`, who, { ...order, ...changes });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order>();
  };
  const orderEvent = (id: number, version: number) =>
    events.next('orderUpdate_v1', (event) => {
      const data = event.data as Json;
      return data.id === id && data.version === version;
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = at(today, '09:30');
    const [north, pit] = await t.db
      .insert(plants)
      .values([
        { description: 'North', systemTypeId: 1, batchTime: 5, inYardWashTime: 4 },
        { description: 'Pit', systemTypeId: 2 },
      ])
      .returning({ id: plants.id });
    Object.assign(ids, { north: north!.id, pit: pit!.id });
    const [acme, holdco, other] = await t.db
      .insert(customers)
      .values([
        { number: 'C1', name: 'Acme Builders', creditStatusId: creditStatusIds.good },
        { number: 'C2', name: 'Holdco', creditStatusId: creditStatusIds.hold },
        { number: 'C3', name: 'Other Co' },
      ])
      .returning({ id: customers.id });
    Object.assign(ids, { acme: acme!.id, holdco: holdco!.id, other: other!.id });
    const [job, otherJob] = await t.db
      .insert(jobs)
      .values([
        { customerId: ids.acme!, number: 'J-1' },
        { customerId: ids.other!, number: 'J-2' },
      ])
      .returning({ id: jobs.id });
    Object.assign(ids, { job: job!.id, otherJob: otherJob!.id });
    const [mix, accelerator, stone] = await t.db
      .insert(products)
      .values([
        {
          number: '3000',
          description: '3000 PSI',
          systemTypeId: 1,
          unitOfMeasureId: 1,
          price: 120,
        },
        {
          number: 'ACC',
          description: 'Accelerator',
          systemTypeId: 1,
          unitOfMeasureId: 4,
          price: 3,
        },
        { number: '57', description: 'Stone', systemTypeId: 2, unitOfMeasureId: 6, price: 24 },
      ])
      .returning({ id: products.id });
    Object.assign(ids, { mix: mix!.id, accelerator: accelerator!.id, stone: stone!.id });

    const all = [1001, 1002, 1003];
    const concreteEntry = systemTypeForm('orderEntry', 1).id;
    const aggregateEntry = systemTypeForm('orderEntry', 2).id;
    const blockEntry = systemTypeForm('orderEntry', 3).id;
    const users: SuiteUser[] = [
      ['full', all, { [concreteEntry]: 5, [blockEntry]: 5 }],
      ['other', all, { [concreteEntry]: 5 }],
      ['viewer', all, { [concreteEntry]: 2 }],
      ['noPrices', all, { [concreteEntry]: 4 }],
      ['readOnlyPrices', all, { [concreteEntry]: 6 }],
      ['aggregateOnly', all, { [aggregateEntry]: 5 }],
      ['noConcreteGroup', [1002], { [concreteEntry]: 5, [aggregateEntry]: 5 }],
      ['nobody', all, { 50101: 5 }],
    ];
    await addUsers(t, tokens, users);
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });
  beforeEach(() => events.clear());

  it('R-ORD-1..3: creates an order with two schedules, an extra product and its projected loads', async () => {
    const order = await create();
    expect(order).toMatchObject({
      number: expect.any(Number),
      customerId: ids.acme,
      customerName: 'Acme Builders',
      customerPoNumber: 'PO-100',
      orderStatusId: 1,
      systemTypeId: 1,
      // R-CONST-9's defaults and R-VALID-13's clean list.
      standbyChargeTypeId: 1,
      aggDeliveryChargeTypeId: 1,
      printMaterialTypeId: 1,
      freeShortLoadId: 1,
      chargeOrderFlag: true,
      emailAddressCsv: 'site@acme.test,office@acme.test',
      firstLoadTime: '2026-03-10T14:00:00.000Z',
      quantityOrdered: 46,
      version: 1,
    });
    const [first, second] = order.schedules;
    expect(first!.schedule).toMatchObject({ numberOfLoads: 3, adjustmentTypeId: 1 });
    // Priced by order pricing (the product's price) when sent without one; kept when sent.
    expect(first!.primaryProduct).toMatchObject({
      productNumber: '3000',
      productDescription: '3000 PSI',
      primaryFlag: true,
      quantity: 30,
      price: 120,
      unitOfMeasure: 1,
      taxableFlag: true,
    });
    expect(first!.extraProducts).toMatchObject([
      { productNumber: 'ACC', primaryFlag: false, quantity: 3, price: 2.5, unitOfMeasure: 4 },
    ]);
    expect(second!.schedule).toMatchObject({ numberOfLoads: 2, truckTypeId: truckTypeIds.mixer8 });
    // Loads: 10 yd every 10 minutes from 14:00; 8 yd (the mixer's) every 16 minutes from 16:00.
    expect(
      order.loads.map((load) => [load.scheduleId, load.loadNumber, load.quantity, load.onJobTime]),
    ).toEqual([
      [first!.schedule.id, 1, 10, '2026-03-10T14:00:00.000Z'],
      [first!.schedule.id, 2, 10, '2026-03-10T14:10:00.000Z'],
      [first!.schedule.id, 3, 10, '2026-03-10T14:20:00.000Z'],
      [second!.schedule.id, 1, 8, '2026-03-10T16:00:00.000Z'],
      [second!.schedule.id, 2, 8, '2026-03-10T16:16:00.000Z'],
    ]);
    expect(order.loads.every((load) => load.statusId === loadStatusIds.scheduled)).toBe(true);
    expect(await read(order.id)).toEqual(order);

    const event = await orderEvent(order.id, 1);
    const live = event.data as Json;
    expect(orderLiveViewSchema.parse(live)).toMatchObject({
      id: order.id,
      number: order.number,
      orderStatusId: 1,
      customerName: 'Acme Builders',
      dispatchNotes: 'Pump on site',
      shipDate: today,
    });
    // The hub reaches every user of the database: the event carries no price.
    expect(JSON.stringify(live)).not.toMatch(/"(price|cartageRate)"/);

    const board = await call('GET', `/api/v1/orders?shipDate=${today}&view=board`);
    expect(board.json<{ data: Json[] }>().data).toContainEqual(
      expect.objectContaining({ id: order.id, quantityOrdered: 46 }),
    );
  });

  it.each([
    'customerId',
    'customerPoNumber',
    'orderDate',
    'shipDate',
    'orderStatusId',
    'orderTypeId',
    'plantId',
    'reasonId',
    'sourceTaxingType',
    'standbyChargeTypeId',
    'uploadMixToBatchPanel',
    'imperialFlag',
    'invoicedFlag',
    'chargeOrderFlag',
    'orderVerifiedFlag',
    'blockReturnOrderFlag',
    'freeShortLoadId',
    'shortLoadTypeId',
    'printMaterialTypeId',
  ] as const)('R-VALID-6..7: answers 400 naming the order field %s', async (field) => {
    const response = await call('POST', '/api/v1/orders', 'full', orderBody({ [field]: null }));
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorAnswer>();
    expect(body.data).toEqual([{ field, reason: `${fieldLabels[field]} is required.` }]);
    expect(body.message).toBe(`${field}: ${fieldLabels[field]} is required.`);
  });

  it.each([
    'loadIntervalTime',
    'numberOfTrucks',
    'onJobWaitMinutes',
    'onJobWashMinutes',
    'plantId',
    'quantityPerHour',
    'systemTypeId',
    'travelTimeToJob',
    'travelTimeToPlant',
  ] as const)('R-VALID-9: answers 400 naming the schedule field %s', async (field) => {
    const body = orderBody();
    const [form] = body.schedules as { schedule: Json }[];
    form!.schedule = { ...form!.schedule, [field]: null };
    const response = await call('POST', '/api/v1/orders', 'full', body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorAnswer>().data).toEqual([
      { field: `schedules.0.schedule.${field}`, reason: `${fieldLabels[field]} is required.` },
    ]);
  });

  it.each([
    ['primaryProduct', 'productId'],
    ['primaryProduct', 'systemTypeId'],
    ['extraProducts.0', 'productId'],
    ['extraProducts.0', 'systemTypeId'],
  ] as const)('R-VALID-8: answers 400 naming the product line field %s.%s', async (line, field) => {
    const body = orderBody();
    const [form] = body.schedules as { primaryProduct: Json; extraProducts: Json[] }[];
    if (line === 'primaryProduct')
      form!.primaryProduct = { ...form!.primaryProduct, [field]: null };
    else form!.extraProducts = [{ ...form!.extraProducts[0], [field]: undefined }];
    const response = await call('POST', '/api/v1/orders', 'full', body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorAnswer>().data).toEqual([
      { field: `schedules.0.${line}.${field}`, reason: `${fieldLabels[field]} is required.` },
    ]);
  });

  it('answers 400 for what the order refers to and what cannot be projected', async () => {
    const countOrders = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    const before = await countOrders();
    const cases: [Json, string, string][] = [
      [{ jobId: ids.otherJob }, 'jobId', 'must be a job of the customer'],
      [{ plantId: ids.pit }, 'plantId', "must be a plant of the order's system type"],
      [{ customerId: 999_999 }, 'customerId', 'refers to a record that does not exist'],
      [{ emailAddressCsv: 'a@b.test, nope' }, 'emailAddressCsv', 'Invalid email address: nope'],
      [{ schedules: [] }, 'schedules', 'An order needs at least one schedule.'],
    ];
    for (const [changes, field, reason] of cases) {
      const response = await call('POST', '/api/v1/orders', 'full', orderBody(changes));
      expect(response.statusCode, field).toBe(400);
      expect(response.json<ErrorAnswer>().data).toContainEqual({ field, reason });
    }
    const body = orderBody();
    const [form] = body.schedules as { schedule: Json; primaryProduct: Json }[];
    form!.schedule.quantityPerHour = 0;
    const zeroRate = await call('POST', '/api/v1/orders', 'full', body);
    expect(zeroRate.statusCode).toBe(400);
    expect(zeroRate.json<ErrorAnswer>().data).toEqual([
      { field: 'schedules.0.schedule.quantityPerHour', reason: 'must be greater than 0' },
    ]);
    form!.schedule.quantityPerHour = 60;
    form!.primaryProduct.productId = ids.stone;
    const stone = await call('POST', '/api/v1/orders', 'full', body);
    expect(stone.json<ErrorAnswer>().data).toEqual([
      {
        field: 'schedules.0.primaryProduct.productId',
        reason: "must be a product of the order's system type",
      },
    ]);
    expect(await countOrders()).toBe(before);
  });

  it('lets a block order do without short loads and print material (R-VALID-7)', async () => {
    const [yard] = await t.db
      .insert(plants)
      .values({ description: 'Yard', systemTypeId: 3 })
      .returning({ id: plants.id });
    const [block] = await t.db
      .insert(products)
      .values({ number: 'CMU8', description: '8in block', systemTypeId: 3, unitOfMeasureId: 5 })
      .returning({ id: products.id });
    const order = await create(
      orderBody({
        systemTypeId: 3,
        orderTypeId: orderTypeIds.blockDelivery,
        plantId: yard!.id,
        shortLoadTypeId: null,
        freeShortLoadId: null,
        printMaterialTypeId: null,
        schedules: [
          {
            schedule: {
              ...(orderBody().schedules as { schedule: Json }[])[0]!.schedule,
              plantId: yard!.id,
              systemTypeId: 3,
              firstLoadOnJobTime: null,
            },
            primaryProduct: { productId: block!.id, systemTypeId: 3, quantity: 400 },
          },
        ],
      }),
    );
    expect(order).toMatchObject({
      systemTypeId: 3,
      shortLoadTypeId: null,
      printMaterialTypeId: null,
    });
    // No first-load time: nothing to project yet.
    expect(order.loads).toEqual([]);
  });

  it('R-CONC-1: answers 409 naming who changed the order since it was read', async () => {
    const order = await create();
    const theirs = await update(order, { customerPoNumber: 'PO-THEIRS' }, 'other');
    expect(theirs.version).toBe(2);
    const response = await call('PUT', `/api/v1/orders/${order.id}`, 'full', {
      ...order,
      customerPoNumber: 'PO-MINE',
    });
    expect(response.statusCode).toBe(409);
    const body = response.json<ErrorAnswer & { data: Json }>();
    expect(body.code).toBe('stale_version');
    expect(body.message).toMatch(
      new RegExp(`^Order ${order.number} was changed by other at .+ since you opened it\\.`),
    );
    expect(body.data).toMatchObject({ currentVersion: 2, modifiedBy: 'other' });
    expect((await read(order.id)).customerPoNumber).toBe('PO-THEIRS');
    const deleting = await call('DELETE', `/api/v1/orders/${order.id}?version=1`);
    expect(deleting.statusCode).toBe(409);
  });

  it('R-LIVE-1: publishes orderUpdate_v1 after a commit, and nothing when the write rolls back', async () => {
    // The history entry is written after the event is published: failing it rolls back both.
    await t.db.execute(sql`
      create or replace function fail_order_history() returns trigger language plpgsql as $$
      begin
        if new.resource = 'orders' and new.after->>'customerPoNumber' = 'ROLLBACK' then
          raise exception 'history refused';
        end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger fail_order_history before insert on audit_trail
      for each row execute function fail_order_history()`);
    try {
      const failed = await call(
        'POST',
        '/api/v1/orders',
        'full',
        orderBody({ customerPoNumber: 'ROLLBACK' }),
      );
      expect(failed.statusCode).toBe(500);
      const order = await create(orderBody({ customerPoNumber: 'COMMITTED' }));
      await orderEvent(order.id, 1);
      await settle();
      const published = events.events.filter((event) => event.name === 'orderUpdate_v1');
      expect(published.map((event) => (event.data as Json).id)).toEqual([order.id]);
      const rolledBack = await t.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.customerPoNumber, 'ROLLBACK'));
      expect(rolledBack).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger fail_order_history on audit_trail`);
    }
  });

  it('R-ORD-9: puts a new order of a customer whose credit status holds orders on hold, with the reason', async () => {
    const order = await create(
      orderBody({ customerId: ids.holdco, jobId: null, creditNotes: 'Call Jim' }),
    );
    expect(order.orderStatusId).toBe(4);
    expect(order.creditNotes).toBe(
      "On hold: the customer's credit status (Credit hold) holds orders.\nCall Jim",
    );
    expect((await orderEvent(order.id, 1)).data).toMatchObject({ orderStatusId: 4 });
  });

  it('R-ORD-7: copies an order to another ship date: will call stays will call, anything else is to be shipped', async () => {
    const willCall = await create(orderBody({ orderStatusId: 3 }));
    const copied = await call('POST', `/api/v1/orders/${willCall.id}/copy`, 'full', {
      shipDate: tomorrow,
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = copied.json<Order>();
    expect(copy).toMatchObject({
      orderStatusId: 3,
      shipDate: tomorrow,
      orderDate: today,
      customerPoNumber: 'PO-100',
      version: 1,
      firstLoadTime: '2026-03-11T14:00:00.000Z',
    });
    expect(copy.id).not.toBe(willCall.id);
    expect(copy.number).toBeGreaterThan(willCall.number);
    expect(copy.schedules[0]!.schedule.firstLoadOnJobTime).toBe('2026-03-11T14:00:00.000Z');
    expect(copy.schedules[0]!.extraProducts[0]).toMatchObject({ quantity: 3, price: 2.5 });
    expect(copy.loads.map((load) => load.onJobTime)).toEqual([
      '2026-03-11T14:00:00.000Z',
      '2026-03-11T14:10:00.000Z',
      '2026-03-11T14:20:00.000Z',
      '2026-03-11T16:00:00.000Z',
      '2026-03-11T16:16:00.000Z',
    ]);
    await orderEvent(copy.id, 1);

    for (const status of [1, 2, 4, 5]) {
      const source = await create(orderBody({ orderStatusId: status }));
      const again = await call('POST', `/api/v1/orders/${source.id}/copy`, 'full', {
        shipDate: tomorrow,
      });
      expect(again.json<Order>().orderStatusId, `from ${status}`).toBe(1);
    }
    const missing = await call('POST', `/api/v1/orders/${willCall.id}/copy`, 'full', {});
    expect(missing.json<ErrorAnswer>().data).toEqual([
      { field: 'shipDate', reason: 'Ship date is required.' },
    ]);
    expect(
      (await call('POST', '/api/v1/orders/999999/copy', 'full', { shipDate: tomorrow })).statusCode,
    ).toBe(404);
  });

  it('R-ORD-8: answers the history field by field: old value, new value, who and when', async () => {
    const order = await create();
    const scheduleId = order.schedules[0]!.schedule.id;
    const lineId = order.schedules[0]!.extraProducts[0]!.id;
    t.clock.advance(60_000);
    const [first, second] = order.schedules;
    await update(
      order,
      {
        customerPoNumber: 'PO-200',
        schedules: [
          {
            ...first!,
            schedule: { ...first!.schedule, quantityPerHour: 45 },
            extraProducts: [{ ...first!.extraProducts[0]!, price: 2.75 }],
          },
          second,
        ],
      },
      'other',
    );
    const response = await call('GET', `/api/v1/orders/${order.id}/history`);
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json<{ count: number; data: (Json & { changes: Json[] })[] }>();
    expect(history.count).toBe(2);
    const [updated, created] = history.data;
    expect(updated).toMatchObject({
      username: 'other',
      action: 'updated',
      at: t.clock.now.toISOString(),
    });
    expect(updated!.changes).toEqual([
      { field: 'customerPoNumber', before: 'PO-100', after: 'PO-200' },
      { field: `schedules[${scheduleId}].quantityPerHour`, before: 60, after: 45 },
      { field: `schedules[${scheduleId}].products[${lineId}].price`, before: 2.5, after: 2.75 },
    ]);
    expect(created).toMatchObject({ username: 'full', action: 'created' });
    expect(created!.changes).toContainEqual({
      field: 'customerPoNumber',
      before: null,
      after: 'PO-100',
    });
    // A level that hides prices reads the history without them.
    const hidden = (await call('GET', `/api/v1/orders/${order.id}/history`, 'viewer')).json<{
      data: { changes: { field: string }[] }[];
    }>();
    const fields = hidden.data.flatMap((entry) => entry.changes.map((change) => change.field));
    expect(fields).toContain('customerPoNumber');
    expect(fields.some((field) => /price$/i.test(field) || field === 'cartageRate')).toBe(false);
    expect((await call('GET', '/api/v1/orders/999999/history')).statusCode).toBe(404);
  });

  it('R-ORD-5: re-projects the loads not yet ticketed, sends loadScheduleUpdatedNotification_v1 and leaves ticketed loads alone', async () => {
    const order = await create();
    const [first, second] = order.schedules;
    const firstLoads = order.loads.filter((load) => load.scheduleId === first!.schedule.id);
    const [ticket] = await t.db
      .insert(tickets)
      .values({
        number: 9001,
        orderId: order.id,
        scheduleId: first!.schedule.id,
        plantId: ids.north!,
        statusId: ticketStatusIds.open,
        loadNumber: 1,
      })
      .returning({ id: tickets.id });
    await t.db
      .update(loads)
      .set({ ticketId: ticket!.id, statusId: loadStatusIds.ticketed })
      .where(eq(loads.id, firstLoads[0]!.id));
    const ticketedLoad = (await read(order.id)).loads.find(
      (load) => load.id === firstLoads[0]!.id,
    )!;

    // A change that is not the projection's leaves the loads and sends no notification.
    const renamed = await update(order, { notes: 'Gate code 1234' });
    await orderEvent(order.id, 2);
    expect(renamed.loads).toEqual((await read(order.id)).loads);
    expect(events.events.some((event) => event.name === 'loadScheduleUpdatedNotification_v1')).toBe(
      false,
    );

    // 40 yd at 30 yd/h from 15:00, a load every 20 minutes (the saved interval spaces the loads,
    // so it changes with the rate): the ticketed 10 yd stays; 30 yd left in loads 2 to 4.
    const changed = await update(renamed, {
      schedules: [
        {
          ...renamed.schedules[0]!,
          schedule: {
            ...renamed.schedules[0]!.schedule,
            quantityPerHour: 30,
            loadIntervalTime: 20,
            firstLoadOnJobTime: '2026-03-10T15:00:00Z',
          },
          primaryProduct: { ...renamed.schedules[0]!.primaryProduct, quantity: 40 },
        },
        renamed.schedules[1],
      ],
    });
    const notice = await events.next('loadScheduleUpdatedNotification_v1');
    expect(notice.data).toEqual({
      scheduleId: first!.schedule.id,
      orderId: order.id,
      modifiedBy: 'full',
    });
    const after = changed.loads.filter((load) => load.scheduleId === first!.schedule.id);
    expect(after[0]).toEqual(ticketedLoad);
    expect(after.slice(1).map((load) => [load.loadNumber, load.quantity, load.onJobTime])).toEqual([
      [2, 10, '2026-03-10T15:20:00.000Z'],
      [3, 10, '2026-03-10T15:40:00.000Z'],
      [4, 10, '2026-03-10T16:00:00.000Z'],
    ]);
    // Loads kept by number are updated in place; the new one is added.
    expect(after.slice(1, 3).map((load) => load.id)).toEqual(
      firstLoads.slice(1).map((load) => load.id),
    );
    expect(changed.schedules[0]!.schedule.numberOfLoads).toBe(4);
    // The second schedule did not change: its loads are as they were, and no notice names it.
    expect(changed.loads.filter((load) => load.scheduleId === second!.schedule.id)).toEqual(
      order.loads.filter((load) => load.scheduleId === second!.schedule.id),
    );
    await settle();
    expect(
      events.events.filter((event) => event.name === 'loadScheduleUpdatedNotification_v1'),
    ).toHaveLength(1);

    // A schedule with tickets cannot be removed; the order with tickets cannot be deleted.
    const removing = await call('PUT', `/api/v1/orders/${order.id}`, 'full', {
      ...changed,
      schedules: [changed.schedules[1]],
    });
    expect(removing.statusCode).toBe(409);
    expect((await call('DELETE', `/api/v1/orders/${order.id}`)).statusCode).toBe(409);
  });

  it('R-ORD-6: deletes an order: status D, its open loads cancelled, orderDelete_v1 sent', async () => {
    const order = await create();
    const response = await call('DELETE', `/api/v1/orders/${order.id}?version=1`);
    expect(response.statusCode, response.body).toBe(200);
    const deleted = response.json<Order>();
    expect(deleted).toMatchObject({ orderStatusId: 0, version: 2 });
    expect(deleted.loads.every((load) => load.statusId === loadStatusIds.cancelled)).toBe(true);
    expect(
      (await events.next('orderDelete_v1', (event) => (event.data as Json).id === order.id)).data,
    ).toEqual({ id: order.id });
    await settle();
    expect(
      events.events.some(
        (event) =>
          event.name === 'orderUpdate_v1' &&
          (event.data as Json).id === order.id &&
          (event.data as Json).version === 2,
      ),
    ).toBe(false);

    // Status D through a change deletes too.
    const other = await create();
    const viaStatus = await update(other, { orderStatusId: 0 });
    expect(viaStatus.orderStatusId).toBe(0);
    await events.next('orderDelete_v1', (event) => (event.data as Json).id === other.id);
    expect((await call('GET', '/api/v1/orders/999999')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/v1/orders/999999')).statusCode).toBe(404);
  });

  it('R-ORD-11: refuses callers without write access to the order entry form of the order', async () => {
    const formName = systemTypeForm('orderEntry', 1).longName;
    const order = await create();
    for (const who of ['viewer', 'aggregateOnly', 'noConcreteGroup', 'nobody']) {
      const response = await call('POST', '/api/v1/orders', who, orderBody());
      expect(response.statusCode, who).toBe(403);
      expect(response.json<ErrorAnswer>().message).toBe(
        `You do not have permissions to access this form ${formName}`,
      );
      expect(
        (await call('PUT', `/api/v1/orders/${order.id}`, who, order)).statusCode,
        who,
      ).not.toBe(200);
      expect((await call('DELETE', `/api/v1/orders/${order.id}`, who)).statusCode, who).not.toBe(
        200,
      );
      expect(
        (await call('POST', `/api/v1/orders/${order.id}/copy`, who, { shipDate: tomorrow }))
          .statusCode,
        who,
      ).not.toBe(201);
    }
    expect((await read(order.id)).version).toBe(1);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: orderBody() }))
        .statusCode,
    ).toBe(401);
  });

  it('documents the order entry routes in the OpenAPI document', async () => {
    const openapi = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(openapi.paths['/api/v1/orders']!)).toEqual(['get', 'post']);
    expect(Object.keys(openapi.paths['/api/v1/orders/{id}']!).sort()).toEqual([
      'delete',
      'get',
      'put',
    ]);
    expect(openapi.paths['/api/v1/orders/{id}/copy']).toHaveProperty('post');
    expect(openapi.paths['/api/v1/orders/{id}/history']).toHaveProperty('get');
  });

  it('R-ORD-10: hides prices from levels 2 and 4, and keeps them read-only at level 6', async () => {
    // Level 4 enters an order without prices: they are found, stored, and not answered.
    const response = await call(
      'POST',
      '/api/v1/orders',
      'noPrices',
      orderBody({
        schedules: (orderBody().schedules as { extraProducts?: Json[] }[]).map((form) => ({
          ...form,
          extraProducts: (form.extraProducts ?? []).map(({ price: _price, ...line }) => line),
        })),
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).not.toMatch(/"(price|cartageRate)"/);
    const order = response.json<Order>();
    const stored = await t.db
      .select({ price: scheduleProducts.price })
      .from(scheduleProducts)
      .where(eq(scheduleProducts.scheduleId, order.schedules[0]!.schedule.id));
    expect(stored.map((row) => row.price).sort()).toEqual([120, 3]);
    for (const who of ['viewer', 'noPrices']) {
      const answer = await call('GET', `/api/v1/orders/${order.id}`, who);
      expect(answer.body).not.toMatch(/"(price|cartageRate)"/);
    }
    // Sending a price back is refused; changing other fields keeps the stored prices.
    const refused = await call('POST', '/api/v1/orders', 'noPrices', orderBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorAnswer>().data).toEqual([
      { field: 'schedules.0.extraProducts.0.price', reason: 'prices are read-only for you' },
    ]);
    const changed = await update(order, { notes: 'no prices here' }, 'noPrices');
    expect(changed.version).toBe(2);
    expect((await read(order.id)).schedules[0]!.primaryProduct.price).toBe(120);

    // Level 6 reads prices and may send them back unchanged, but not change them.
    const full = await read(order.id, 'readOnlyPrices');
    expect(full.schedules[0]!.primaryProduct.price).toBe(120);
    const unchanged = await update(full, { notes: 'same prices' }, 'readOnlyPrices');
    expect(unchanged.version).toBe(3);
    const [first, second] = unchanged.schedules;
    const repriced = await call('PUT', `/api/v1/orders/${order.id}`, 'readOnlyPrices', {
      ...unchanged,
      schedules: [{ ...first!, primaryProduct: { ...first!.primaryProduct, price: 99 } }, second],
    });
    expect(repriced.statusCode).toBe(403);
    expect(repriced.json<ErrorAnswer>().data).toEqual([
      { field: 'schedules.0.primaryProduct.price', reason: 'prices are read-only for you' },
    ]);
    const cartage = await call('PUT', `/api/v1/orders/${order.id}`, 'readOnlyPrices', {
      ...unchanged,
      cartageRate: 5,
    });
    expect(cartage.statusCode).toBe(403);
    // A new order at level 6: the price it would get anyway passes, another is refused.
    expect(
      (
        await call(
          'POST',
          '/api/v1/orders',
          'readOnlyPrices',
          orderBody({
            schedules: [
              {
                ...(orderBody().schedules as Json[])[0],
                extraProducts: [
                  { productId: ids.accelerator, systemTypeId: 1, quantity: 3, price: 3 },
                ],
              },
            ],
          }),
        )
      ).statusCode,
    ).toBe(201);
    expect((await call('POST', '/api/v1/orders', 'readOnlyPrices', orderBody())).statusCode).toBe(
      403,
    );
  });
});
