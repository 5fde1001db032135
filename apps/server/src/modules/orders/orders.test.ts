import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderLiveViewSchema } from '@dispatch/domain/orders/order';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { orders, scheduleProducts, schedules } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { loads, tickets } from '../../db/schema/tickets';
import {
  loadStatusIds,
  orderFlagIds,
  orderTypeIds,
  reasonIds,
  shortLoadTypeIds,
  ticketStatusIds,
} from '../../db/reference-ids';
import { listOf } from '../../http/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  orderBoardRowSchema,
  orderViewSchema,
  type OrderBoardRow,
} from '@dispatch/domain/orders/order-views';
import { priceFieldsIn } from '@dispatch/domain/pricing';

type Order = Record<string, unknown> & {
  id: number;
  number: number;
  schedules: {
    primaryProduct: Record<string, unknown> | null;
    extraProducts: Record<string, unknown>[];
    schedule: Record<string, unknown>;
    ticketIds: number[];
  }[];
};
type Listed = { error: boolean; count: number; data: Order[] };

// The server's clock is pinned to a local morning, so "today" is known to the test.
const today = '2026-03-10';
const yesterday = '2026-03-09';
const tomorrow = '2026-03-11';
const at = (day: string, time: string) => new Date(`${day}T${time}:00`);

describe.each(databaseKinds)('orders API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const get = (url: string, who = 'full') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
  const list = async (query = '', who = 'full') => {
    const response = await get(`/api/v1/orders${query}`, who);
    expect(response.statusCode).toBe(200);
    const body = response.json<Listed>();
    // The route skips per-request validation: every answer must still be exactly the schema.
    expect(z.encode(listOf(orderViewSchema), body as never)).toEqual(body);
    return body;
  };
  const nameOf = new Map<number, string>();
  const names = (body: Listed) => body.data.map((order) => nameOf.get(order.id));

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = at(today, '09:30');
    const [north, south, pit, yard] = await t.db
      .insert(plants)
      .values([
        { description: 'North', systemTypeId: 1 },
        { description: 'South', systemTypeId: 1 },
        { description: 'Pit', systemTypeId: 2 },
        { description: 'Block yard', systemTypeId: 3 },
      ])
      .returning({ id: plants.id });
    Object.assign(ids, { north: north!.id, south: south!.id, pit: pit!.id, yard: yard!.id });
    const [acme, bayside] = await t.db
      .insert(customers)
      .values([
        { number: 'C1', name: 'Acme Builders' },
        { number: 'C2', name: 'Bayside Paving' },
      ])
      .returning({ id: customers.id });
    Object.assign(ids, { acme: acme!.id, bayside: bayside!.id });
    const [job] = await t.db
      .insert(jobs)
      .values({
        customerId: ids.acme!,
        number: 'J-77',
        address1: '12 Harbour Road',
        lotOrBlockNumber: 'Lot 4',
        quoteDescription: 'Tower slab',
      })
      .returning({ id: jobs.id });
    ids.job = job!.id;
    const [mix, accelerator, stone] = await t.db
      .insert(products)
      .values([
        { number: '3000', description: '3000 PSI', systemTypeId: 1, unitOfMeasureId: 1 },
        { number: 'ACC', description: 'Accelerator', systemTypeId: 1, unitOfMeasureId: 4 },
        { number: '57', description: 'Stone', systemTypeId: 2, unitOfMeasureId: 6 },
      ])
      .returning({ id: products.id });

    const common = {
      orderDate: yesterday,
      imperialFlag: true,
      reasonId: reasonIds.regular,
      sourceTaxingType: 1,
    };
    const concrete = {
      ...common,
      orderTypeId: orderTypeIds.concreteDelivery,
      systemTypeId: 1,
      shortLoadTypeId: shortLoadTypeIds.concreteUnder4,
    };
    const rows = await t.db
      .insert(orders)
      .values([
        {
          ...concrete,
          customerId: ids.acme!,
          customerName: 'Acme Builders',
          customerPoNumber: 'PO-1001',
          plantId: ids.north!,
          jobId: ids.job,
          shipDate: today,
          orderStatusId: 1,
          orderFlagId: orderFlagIds.rush,
          firstLoadTime: at(today, '08:00'),
          cartageRate: 12.5,
          dispatchNotes: 'Call on arrival',
        },
        {
          ...concrete,
          customerId: ids.bayside!,
          customerName: 'Bayside Paving',
          customerPoNumber: 'BP-7',
          plantId: ids.south!,
          shipDate: today,
          orderStatusId: 4,
          firstLoadTime: at(today, '07:00'),
        },
        {
          ...common,
          orderTypeId: orderTypeIds.aggregateDelivery,
          systemTypeId: 2,
          shortLoadTypeId: shortLoadTypeIds.aggregateUnder10,
          customerId: ids.acme!,
          customerName: 'Acme Builders',
          customerPoNumber: 'AGG-1',
          plantId: ids.pit!,
          shipDate: today,
          orderStatusId: 1,
        },
        {
          ...common,
          orderTypeId: orderTypeIds.blockDelivery,
          systemTypeId: 3,
          shortLoadTypeId: null,
          customerId: ids.bayside!,
          customerName: 'Bayside Paving',
          customerPoNumber: 'BLK-1',
          plantId: ids.yard!,
          shipDate: today,
          orderStatusId: 1,
          freeShortLoadId: null,
          printMaterialTypeId: null,
        },
        {
          ...concrete,
          customerId: ids.acme!,
          customerName: 'Acme Builders',
          customerPoNumber: 'PO-1002',
          plantId: ids.north!,
          shipDate: tomorrow,
          orderStatusId: 1,
        },
        {
          ...concrete,
          customerId: ids.bayside!,
          customerName: 'Bayside Paving',
          customerPoNumber: 'OLD-1',
          plantId: ids.north!,
          shipDate: yesterday,
          orderStatusId: 5,
        },
      ])
      .returning({ id: orders.id, number: orders.number });
    ['today1', 'today2', 'aggregate', 'block', 'tomorrow', 'yesterday'].forEach((name, index) => {
      ids[name] = rows[index]!.id;
      ids[`number:${name}`] = rows[index]!.number;
      nameOf.set(rows[index]!.id, name);
    });

    const scheduleDefaults = {
      numberOfTrucks: 3,
      quantityPerHour: 30,
      loadIntervalTime: 15,
      travelTimeToJob: 20,
      travelTimeToPlant: 18,
      onJobWaitMinutes: 5,
      onJobWashMinutes: 10,
    };
    const [first, second, aggregateSchedule] = await t.db
      .insert(schedules)
      .values([
        {
          ...scheduleDefaults,
          orderId: ids.today1!,
          plantId: ids.north!,
          systemTypeId: 1,
          numberOfLoads: 2,
          firstLoadOnJobTime: at(today, '08:20'),
        },
        { ...scheduleDefaults, orderId: ids.today1!, plantId: ids.north!, systemTypeId: 1 },
        { ...scheduleDefaults, orderId: ids.aggregate!, plantId: ids.pit!, systemTypeId: 2 },
      ])
      .returning({ id: schedules.id });
    ids.first = first!.id;
    ids.second = second!.id;
    await t.db.insert(scheduleProducts).values([
      {
        scheduleId: first!.id,
        productId: accelerator!.id,
        productNumber: 'ACC',
        quantity: 2,
        price: 2.1,
        unitOfMeasure: 4,
        sequence: 1,
      },
      {
        scheduleId: first!.id,
        productId: mix!.id,
        primaryFlag: true,
        productNumber: '3000',
        productDescription: '3000 PSI',
        quantity: 10.1,
        deliveredQuantity: 4,
        price: 128.5,
        unitOfMeasure: 1,
        loadPlan: '10,0.1',
      },
      {
        scheduleId: second!.id,
        productId: mix!.id,
        primaryFlag: true,
        productNumber: '3000',
        quantity: 0.2,
        price: 128.5,
        unitOfMeasure: 1,
      },
      {
        scheduleId: aggregateSchedule!.id,
        productId: stone!.id,
        primaryFlag: true,
        productNumber: '57',
        quantity: 22,
        deliveredQuantity: 22,
        price: 24,
        unitOfMeasure: 6,
      },
    ]);
    const [scheduledTicket, looseTicket] = await t.db
      .insert(tickets)
      .values([
        {
          number: 501,
          orderId: ids.today1!,
          scheduleId: first!.id,
          plantId: ids.north!,
          statusId: ticketStatusIds.open,
          loadNumber: 1,
          codAmount: 5,
        },
        { number: 502, orderId: ids.today1!, plantId: ids.north!, statusId: ticketStatusIds.open },
      ])
      .returning({ id: tickets.id });
    ids.scheduledTicket = scheduledTicket!.id;
    ids.looseTicket = looseTicket!.id;
    await t.db.insert(loads).values([
      {
        orderId: ids.today1!,
        scheduleId: first!.id,
        loadNumber: 2,
        quantity: 0.1,
        statusId: loadStatusIds.scheduled,
      },
      {
        orderId: ids.today1!,
        scheduleId: first!.id,
        loadNumber: 1,
        quantity: 10,
        statusId: loadStatusIds.ticketed,
        ticketId: scheduledTicket!.id,
        onJobTime: at(today, '08:20'),
      },
    ]);

    const all = [1001, 1002, 1003];
    await t.addUser({ username: 'full', groupIds: all, permissions: { 15000: 5 } });
    await t.addUser({ username: 'concrete', groupIds: [1001], permissions: { 51001: 5 } });
    await t.addUser({ username: 'viewer', groupIds: all, permissions: { 13000: 2 } });
    await t.addUser({ username: 'entry', groupIds: all, permissions: { 25000: 4 } });
    await t.addUser({ username: 'auditor', groupIds: all, permissions: { 23000: 3 } });
    await t.addUser({ username: 'batch', groupIds: all, permissions: { 14000: 6 } });
    await t.addUser({ username: 'nobody', groupIds: all, permissions: { 50101: 5, 15000: 1 } });
    for (const who of ['full', 'concrete', 'viewer', 'entry', 'auditor', 'batch', 'nobody']) {
      tokens[who] = await t.login(who);
    }
  });
  afterAll(() => t.close());

  it("answers today's orders by default, by first load time, with the total count", async () => {
    const body = await list();
    expect(body.error).toBe(false);
    expect(body.count).toBe(4);
    expect(names(body)).toEqual(['today2', 'today1', 'aggregate', 'block']);
  });

  it('answers each order with its schedules, products, tickets, job and dashboard totals', async () => {
    const order = (await list()).data.find((row) => row.id === ids.today1)!;
    expect(order).toMatchObject({
      number: ids['number:today1'],
      customerId: ids.acme,
      customerName: 'Acme Builders',
      customerPoNumber: 'PO-1001',
      plantId: ids.north,
      jobId: ids.job,
      job: {
        number: 'J-77',
        address1: '12 Harbour Road',
        address2: '',
        lotOrBlockNumber: 'Lot 4',
        quoteName: 'Tower slab',
      },
      shipDate: today,
      orderDate: yesterday,
      orderStatusId: 1,
      orderFlagId: orderFlagIds.rush,
      systemTypeId: 1,
      dispatchNotes: 'Call on arrival',
      notes: '',
      cartageRate: 12.5,
      firstLoadTime: at(today, '08:00').toISOString(),
      quantityOrdered: 10.3,
      quantityDelivered: 4,
      unitOfMeasure: 1,
      version: 1,
    });
    expect(order.schedules).toHaveLength(2);
    const [first, second] = order.schedules;
    expect(first).toMatchObject({
      activeFlag: true,
      ticketIds: [ids.scheduledTicket],
      schedule: {
        id: ids.first,
        orderId: ids.today1,
        plantId: ids.north,
        systemTypeId: 1,
        numberOfLoads: 2,
        numberOfTrucks: 3,
        quantityPerHour: 30,
        firstLoadOnJobTime: at(today, '08:20').toISOString(),
        adjustmentTypeId: 1,
      },
      primaryProduct: {
        productNumber: '3000',
        primaryFlag: true,
        quantity: 10.1,
        deliveredQuantity: 4,
        price: 128.5,
        unitOfMeasure: 1,
        loadPlan: '10,0.1',
      },
      extraProducts: [{ productNumber: 'ACC', quantity: 2, price: 2.1, unitOfMeasure: 4 }],
    });
    expect(second).toMatchObject({
      ticketIds: [],
      schedule: { id: ids.second, numberOfLoads: null, firstLoadOnJobTime: null },
      primaryProduct: { quantity: 0.2 },
      extraProducts: [],
    });
    // The live-update view of section 3 is part of every listed order.
    expect(() => orderLiveViewSchema.parse(order)).not.toThrow();

    const empty = (await list()).data.find((row) => row.id === ids.today2)!;
    expect(empty).toMatchObject({
      schedules: [],
      quantityOrdered: 0,
      quantityDelivered: 0,
      unitOfMeasure: null,
      job: null,
      jobId: null,
      firstLoadTime: at(today, '07:00').toISOString(),
    });
  });

  it('never answers aggregate or block orders to a concrete-only user', async () => {
    const body = await list('', 'concrete');
    expect(names(body)).toEqual(['today2', 'today1']);
    expect(body.count).toBe(2);
    const range = await list(
      `?shipDateFrom=${yesterday}&shipDateTo=${tomorrow}&limit=500`,
      'concrete',
    );
    expect(range.data.every((order) => order.systemTypeId === 1)).toBe(true);
    expect(await list('?systemTypeId=2', 'concrete')).toEqual({ error: false, count: 0, data: [] });
    expect(await list('?systemTypeId=3', 'concrete')).toEqual({ error: false, count: 0, data: [] });
    expect((await get(`/api/v1/orders/${ids.aggregate}`, 'concrete')).statusCode).toBe(404);
    expect((await get(`/api/v1/orders/${ids.block}`, 'concrete')).statusCode).toBe(404);
    expect((await get(`/api/v1/orders/${ids.today1}`, 'concrete')).statusCode).toBe(200);
  });

  it('answers the board view: the same orders in the same order, compact, without prices', async () => {
    for (const query of [
      '',
      '?sort=customerName&order=desc',
      `?shipDateFrom=${yesterday}&shipDateTo=${tomorrow}`,
    ]) {
      const full = await list(query);
      const response = await get(`/api/v1/orders${query}${query ? '&' : '?'}view=board`);
      expect(response.statusCode).toBe(200);
      const board = response.json<{ count: number; data: OrderBoardRow[] }>();
      expect(z.encode(listOf(orderBoardRowSchema), board as never)).toEqual(board);
      expect(board.count).toBe(full.count);
      expect(board.data.map((row) => row.id)).toEqual(full.data.map((order) => order.id));
      for (const [index, row] of board.data.entries()) {
        const order = full.data[index]!;
        expect(row).toMatchObject({
          number: order.number,
          orderStatusId: order.orderStatusId,
          customerName: order.customerName,
          quantityOrdered: order.quantityOrdered,
          quantityDelivered: order.quantityDelivered,
          unitOfMeasure: order.unitOfMeasure,
        });
        expect(priceFieldsIn(row)).toEqual([]);
      }
    }
    const concrete = (await get('/api/v1/orders?view=board', 'concrete')).json<{
      data: OrderBoardRow[];
    }>();
    expect(concrete.data.every((row) => row.systemTypeId === 1)).toBe(true);
    expect((await get('/api/v1/orders?view=wide')).statusCode).toBe(400);
  });

  it('gzips the day for clients that accept it, the same answer as plain', async () => {
    for (const view of ['', '?view=board']) {
      const url = `/api/v1/orders${view}`;
      const plain = await get(url);
      const zipped = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${tokens.full}`, 'accept-encoding': 'gzip, br' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toContain('accept-encoding');
      expect(zipped.headers['content-type']).toMatch(/^application\/json/);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('filters by ship date or range, plants, system type, statuses, customer and job', async () => {
    expect(names(await list(`?shipDate=${tomorrow}`))).toEqual(['tomorrow']);
    expect(names(await list(`?shipDate=${yesterday}`))).toEqual(['yesterday']);
    const range = await list(`?shipDateFrom=${yesterday}&shipDateTo=${today}`);
    expect(names(range)).toEqual(['yesterday', 'today2', 'today1', 'aggregate', 'block']);
    expect((await list(`?shipDateFrom=${today}`)).count).toBe(5);
    expect((await list(`?shipDateTo=${today}`)).count).toBe(5);
    expect(names(await list(`?plantId=${ids.south},${ids.pit}`))).toEqual(['today2', 'aggregate']);
    expect(names(await list('?systemTypeId=3'))).toEqual(['block']);
    expect(names(await list('?orderStatusId=4'))).toEqual(['today2']);
    expect(names(await list('?orderStatusId=4,1&systemTypeId=1'))).toEqual(['today2', 'today1']);
    expect(names(await list(`?customerId=${ids.bayside}`))).toEqual(['today2', 'block']);
    expect(names(await list(`?jobId=${ids.job}`))).toEqual(['today1']);
  });

  it('searches order number, customer name, PO and job number', async () => {
    expect(names(await list(`?search=${ids['number:block']}`))).toContain('block');
    expect(names(await list('?search=bayside'))).toEqual(['today2', 'block']);
    expect(names(await list('?search=agg-'))).toEqual(['aggregate']);
    expect(names(await list('?search=j-77'))).toEqual(['today1']);
  });

  it('sorts and pages', async () => {
    expect(names(await list('?sort=number'))).toEqual(['today1', 'today2', 'aggregate', 'block']);
    expect(names(await list('?sort=number&order=desc'))).toEqual([
      'block',
      'aggregate',
      'today2',
      'today1',
    ]);
    expect(names(await list('?sort=customerName&order=desc'))).toEqual([
      'today2',
      'block',
      'today1',
      'aggregate',
    ]);
    expect(names(await list('?sort=orderStatusId&order=desc'))).toEqual([
      'today2',
      'today1',
      'aggregate',
      'block',
    ]);
    expect(names(await list('?sort=firstLoadTime'))).toEqual([
      'today2',
      'today1',
      'aggregate',
      'block',
    ]);
    const page = await list('?sort=number&limit=2&offset=1');
    expect(page.count).toBe(4);
    expect(names(page)).toEqual(['today2', 'aggregate']);
    expect(await list('?offset=10')).toEqual({ error: false, count: 4, data: [] });
  });

  it('removes cartage rate and schedule product prices at levels 2 and 4', async () => {
    for (const who of ['viewer', 'entry']) {
      const order = (await list('', who)).data.find((row) => row.id === ids.today1)!;
      expect(order).not.toHaveProperty('cartageRate');
      expect(order.schedules[0]!.primaryProduct).not.toHaveProperty('price');
      expect(order.schedules[0]!.extraProducts[0]).not.toHaveProperty('price');
      expect(order.schedules[0]!.primaryProduct).toHaveProperty('quantity', 10.1);
      expect(order.quantityOrdered).toBe(10.3);
      const detail = (await get(`/api/v1/orders/${ids.today1}`, who)).json<Order>();
      expect(JSON.stringify(detail)).not.toMatch(/"(price|cartageRate)"/);
    }
  });

  it('keeps prices at levels 3, 5 and 6', async () => {
    for (const who of ['auditor', 'full', 'batch']) {
      const order = (await list('', who)).data.find((row) => row.id === ids.today1)!;
      expect(order.cartageRate).toBe(12.5);
      expect(order.schedules[0]!.primaryProduct!.price).toBe(128.5);
      expect(order.schedules[0]!.extraProducts[0]!.price).toBe(2.1);
    }
  });

  it('answers one order with its schedules, loads and ticket ids', async () => {
    const response = await get(`/api/v1/orders/${ids.today1}`);
    expect(response.statusCode).toBe(200);
    const order = response.json<
      Order & { loads: Record<string, unknown>[]; ticketIds: number[] }
    >();
    expect(order).toMatchObject({ id: ids.today1, cartageRate: 12.5, quantityOrdered: 10.3 });
    expect(order.schedules.map((form) => form.schedule.id)).toEqual([ids.first, ids.second]);
    expect(order.ticketIds).toEqual([ids.scheduledTicket, ids.looseTicket]);
    expect(order.loads).toEqual([
      {
        id: expect.any(Number),
        orderId: ids.today1,
        scheduleId: ids.first,
        loadNumber: 1,
        quantity: 10,
        statusId: loadStatusIds.ticketed,
        driverId: null,
        ticketId: ids.scheduledTicket,
        onJobTime: at(today, '08:20').toISOString(),
        version: 1,
      },
      expect.objectContaining({ loadNumber: 2, quantity: 0.1, ticketId: null, onJobTime: null }),
    ]);
    const aggregate = (await get(`/api/v1/orders/${ids.aggregate}`)).json<Order>();
    expect(aggregate).toMatchObject({
      quantityOrdered: 22,
      quantityDelivered: 22,
      unitOfMeasure: 6,
    });
  });

  it('answers 404 for an unknown order', async () => {
    const response = await get('/api/v1/orders/777777');
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe('Order 777777 was not found.');
  });

  it('refuses a user without the forms, and answers 401 without a token', async () => {
    const refused = await get('/api/v1/orders', 'nobody');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^You do not have permissions to access this form/,
    );
    expect((await get(`/api/v1/orders/${ids.today1}`, 'nobody')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/orders' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${ids.today1}`,
      headers: { authorization: `Bearer ${t.database}.forged` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it.each([
    ['shipDate=2026-13-45', 'shipDate'],
    ['shipDate=2026-02-30', 'shipDate'],
    ['shipDate=yesterday', 'shipDate'],
    ['shipDateFrom=2026-3-1', 'shipDateFrom'],
    [`shipDate=${today}&shipDateFrom=${today}`, 'shipDate'],
    [`shipDateFrom=${tomorrow}&shipDateTo=${today}`, 'shipDateTo'],
    ['sort=total', 'sort'],
    ['limit=0', 'limit'],
    ['orderStatusId=12', 'orderStatusId'],
    ['plantId=1;2', 'plantId'],
    ['systemTypeId=9', 'systemTypeId'],
    ['customerId=0', 'customerId'],
    ['jobId=3000000000', 'jobId'],
    ['search=a%00b', 'search'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await get(`/api/v1/orders?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; data: { field: string; reason: string }[] }>();
    expect(body.data[0]!.field).toBe(field);
    expect(body.message).toMatch(new RegExp(`^${field}: .+`));
  });

  it('names the date format in the reason for a bad ship date', async () => {
    const response = await get('/api/v1/orders?shipDate=2026-13-45');
    expect(response.json()).toMatchObject({
      errorTypeId: 1,
      data: [{ field: 'shipDate', reason: 'must be a date as YYYY-MM-DD' }],
    });
  });
});
