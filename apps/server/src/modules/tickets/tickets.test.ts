import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import {
  orderTypeIds,
  reasonIds,
  shortLoadTypeIds,
  ticketStatusIds,
  voidStatusIds,
} from '../../db/reference-ids';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

type Ticket = Record<string, unknown> & {
  id: number;
  number: number;
  products: Record<string, unknown>[];
};
type Listed = { error: boolean; count: number; data: Ticket[] };

// The server's clock is pinned to a local noon, so "today" is known to the test.
const today = '2026-03-10';
const yesterday = '2026-03-09';
const tomorrow = '2026-03-11';
const at = (day: string, time: string) => new Date(`${day}T${time}:00`);

describe.each(databaseKinds)('tickets API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const get = (url: string, who = 'full') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
  const list = async (query = '', who = 'full') => {
    const response = await get(`/api/v1/tickets${query}`, who);
    expect(response.statusCode).toBe(200);
    return response.json<Listed>();
  };
  const numbers = (body: Listed) => body.data.map((ticket) => ticket.number);

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.now = at(today, '12:00');
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
    const [customer] = await t.db
      .insert(customers)
      .values({ number: 'C1', name: 'Acme Builders' })
      .returning({ id: customers.id });
    const [truck, otherTruck] = await t.db
      .insert(trucks)
      .values([{ identificationNumber: 'M12' }, { identificationNumber: 'D7' }])
      .returning({ id: trucks.id });
    Object.assign(ids, { truck: truck!.id, otherTruck: otherTruck!.id });
    const [mix] = await t.db
      .insert(products)
      .values({ number: '3000', description: '3000 PSI', systemTypeId: 1, unitOfMeasureId: 1 })
      .returning({ id: products.id });
    const common = {
      customerId: customer!.id,
      customerName: 'Acme Builders',
      customerPoNumber: 'PO-1',
      orderDate: today,
      shipDate: today,
      imperialFlag: true,
      reasonId: reasonIds.regular,
      sourceTaxingType: 1,
      shortLoadTypeId: shortLoadTypeIds.concreteUnder4,
    };
    const [concrete, aggregate, block] = await t.db
      .insert(orders)
      .values([
        {
          ...common,
          plantId: ids.north!,
          orderTypeId: orderTypeIds.concreteDelivery,
          systemTypeId: 1,
        },
        {
          ...common,
          plantId: ids.pit!,
          orderTypeId: orderTypeIds.aggregateDelivery,
          systemTypeId: 2,
          shortLoadTypeId: shortLoadTypeIds.aggregateUnder10,
        },
        {
          ...common,
          plantId: ids.yard!,
          orderTypeId: orderTypeIds.blockDelivery,
          systemTypeId: 3,
          shortLoadTypeId: null,
          freeShortLoadId: null,
          printMaterialTypeId: null,
        },
      ])
      .returning({ id: orders.id, number: orders.number });
    Object.assign(ids, {
      concrete: concrete!.id,
      concreteNumber: concrete!.number,
      aggregate: aggregate!.id,
      block: block!.id,
    });
    const ticket = (
      number: number,
      day: string,
      time: string,
      extra: Record<string, unknown> = {},
    ) => ({
      number,
      orderId: ids.concrete!,
      plantId: ids.north!,
      statusId: ticketStatusIds.open,
      ticketDateTime: at(day, time),
      ...extra,
    });
    const rows = await t.db
      .insert(tickets)
      .values([
        ticket(1001, today, '08:00', {
          truckId: ids.truck,
          truckNumber: 'M12',
          loadNumber: 1,
          codAmount: 15,
          netWeight: 38000,
          userName: 'batcher',
          loadedDateTime: at(today, '08:05'),
        }),
        ticket(1002, today, '10:00', {
          plantId: ids.south!,
          statusId: ticketStatusIds.delivered,
          truckId: ids.otherTruck,
          truckNumber: 'D7',
        }),
        ticket(1003, today, '09:00', {
          statusId: ticketStatusIds.voided,
          voidStatusId: voidStatusIds.entryError,
          voidDateTime: at(today, '09:10'),
          voidUserName: 'supervisor',
        }),
        ticket(990, yesterday, '23:30'),
        ticket(1000, today, '00:10'),
        ticket(2001, today, '09:30', { orderId: ids.aggregate!, plantId: ids.pit! }),
        ticket(3001, today, '11:00', { orderId: ids.block!, plantId: ids.yard! }),
        ticket(1100, tomorrow, '07:00'),
      ])
      .returning({ id: tickets.id, number: tickets.number });
    for (const row of rows) ids[`t${row.number}`] = row.id;
    await t.db.insert(ticketProducts).values([
      {
        ticketId: ids.t1001!,
        productId: mix!.id,
        quantity: 10,
        deliveredQuantity: 10,
        price: 128.5,
        unitOfMeasure: 1,
        slump: 4,
      },
      { ticketId: ids.t1001!, productId: mix!.id, quantity: 0.5, price: 20 },
    ]);

    const all = [1001, 1002, 1003];
    await t.addUser({ username: 'full', groupIds: all, permissions: { 51305: 5 } });
    await t.addUser({ username: 'concrete', groupIds: [1001], permissions: { 12000: 5 } });
    await t.addUser({ username: 'viewer', groupIds: all, permissions: { 51201: 2 } });
    await t.addUser({ username: 'writer', groupIds: all, permissions: { 22000: 4 } });
    await t.addUser({ username: 'auditor', groupIds: all, permissions: { 51202: 3 } });
    await t.addUser({ username: 'nobody', groupIds: all, permissions: { 15000: 5 } });
    for (const who of ['full', 'concrete', 'viewer', 'writer', 'auditor', 'nobody']) {
      tokens[who] = await t.login(who);
    }
  });
  afterAll(() => t.close());

  it("answers today's tickets newest first, without voided ones, with the total count", async () => {
    const body = await list();
    expect(body.error).toBe(false);
    expect(body.count).toBe(5);
    expect(numbers(body)).toEqual([3001, 1002, 2001, 1001, 1000]);
  });

  it('answers each ticket with its products and what it shows of its order', async () => {
    const ticket = (await list()).data.find((row) => row.number === 1001)!;
    expect(ticket).toMatchObject({
      id: ids.t1001,
      orderId: ids.concrete,
      orderNumber: ids.concreteNumber,
      customerName: 'Acme Builders',
      systemTypeId: 1,
      plantId: ids.north,
      truckId: ids.truck,
      truckNumber: 'M12',
      loadNumber: 1,
      statusId: ticketStatusIds.open,
      voidStatusId: null,
      voidedFlag: false,
      codAmount: 15,
      netWeight: 38000,
      ticketDateTime: at(today, '08:00').toISOString(),
      loadedDateTime: at(today, '08:05').toISOString(),
      voidDateTime: null,
      createdByUsername: 'batcher',
      voidedByUsername: '',
      version: 1,
    });
    expect(ticket.products).toEqual([
      expect.objectContaining({
        ticketId: ids.t1001,
        quantity: 10,
        deliveredQuantity: 10,
        unusedQuantity: 0,
        price: 128.5,
        unitOfMeasure: 1,
        slump: 4,
      }),
      expect.objectContaining({
        quantity: 0.5,
        deliveredQuantity: 0,
        price: 20,
        unitOfMeasure: null,
      }),
    ]);
    const bare = (await list()).data.find((row) => row.number === 1000)!;
    expect(bare).toMatchObject({ truckNumber: '', truckId: null, products: [] });
  });

  it('never answers aggregate or block tickets to a concrete-only user', async () => {
    expect(numbers(await list('', 'concrete'))).toEqual([1002, 1001, 1000]);
    const week = await list(
      `?dateFrom=${yesterday}&dateTo=${tomorrow}&includeVoided=true`,
      'concrete',
    );
    expect(week.data.every((ticket) => ticket.systemTypeId === 1)).toBe(true);
    expect(await list(`?orderId=${ids.aggregate}`, 'concrete')).toEqual({
      error: false,
      count: 0,
      data: [],
    });
    expect((await get(`/api/v1/tickets/${ids.t2001}`, 'concrete')).statusCode).toBe(404);
    expect((await get(`/api/v1/tickets/${ids.t3001}`, 'concrete')).statusCode).toBe(404);
  });

  it('filters by business day or range, in the server zone', async () => {
    expect(numbers(await list(`?date=${yesterday}`))).toEqual([990]);
    expect(numbers(await list(`?date=${tomorrow}`))).toEqual([1100]);
    expect((await list(`?dateFrom=${yesterday}&dateTo=${today}`)).count).toBe(6);
    expect((await list(`?dateFrom=${today}`)).count).toBe(6);
    expect((await list(`?dateTo=${today}`)).count).toBe(6);
  });

  it('filters by plant, order, truck, status and voided', async () => {
    expect(numbers(await list(`?plantId=${ids.south},${ids.pit}`))).toEqual([1002, 2001]);
    // An order's tickets come whatever their day, unless a day is asked for.
    expect(numbers(await list(`?orderId=${ids.concrete}`))).toEqual([1100, 1002, 1001, 1000, 990]);
    expect(numbers(await list(`?orderId=${ids.concrete}&date=${today}`))).toEqual([
      1002, 1001, 1000,
    ]);
    expect(numbers(await list(`?truckId=${ids.truck}`))).toEqual([1001]);
    expect(numbers(await list(`?statusId=${ticketStatusIds.delivered}`))).toEqual([1002]);
    expect(
      numbers(
        await list(
          `?statusId=${ticketStatusIds.open},${ticketStatusIds.delivered}&plantId=${ids.north}`,
        ),
      ),
    ).toEqual([1001, 1000]);
    const voided = await list('?includeVoided=true');
    expect(numbers(voided)).toEqual([3001, 1002, 2001, 1003, 1001, 1000]);
    expect(voided.data.find((ticket) => ticket.number === 1003)).toMatchObject({
      voidedFlag: true,
      voidStatusId: voidStatusIds.entryError,
      voidedByUsername: 'supervisor',
    });
  });

  it('searches ticket number and truck number', async () => {
    expect(numbers(await list('?search=100'))).toEqual([1002, 1001, 1000]);
    expect(numbers(await list('?search=m1'))).toEqual([1001]);
    expect(numbers(await list('?search=d7'))).toEqual([1002]);
  });

  it('sorts and pages', async () => {
    expect(numbers(await list('?sort=number'))).toEqual([1000, 1001, 1002, 2001, 3001]);
    expect(numbers(await list('?sort=number&order=desc'))).toEqual([3001, 2001, 1002, 1001, 1000]);
    expect(numbers(await list('?sort=ticketDateTime&order=asc'))).toEqual([
      1000, 1001, 2001, 1002, 3001,
    ]);
    const byPlant = await list('?sort=plantId');
    expect(byPlant.data.map((ticket) => ticket.plantId)).toEqual([
      ids.north,
      ids.north,
      ids.south,
      ids.pit,
      ids.yard,
    ]);
    expect(numbers(byPlant).slice(0, 2)).toEqual([1001, 1000]);
    const page = await list('?limit=2&offset=2');
    expect(page.count).toBe(5);
    expect(numbers(page)).toEqual([2001, 1001]);
    expect(await list('?offset=100')).toEqual({ error: false, count: 5, data: [] });
  });

  it('removes the COD amount and product prices at levels 2 and 4, and keeps them at 3 and 5', async () => {
    for (const who of ['viewer', 'writer']) {
      const ticket = (await list('', who)).data.find((row) => row.number === 1001)!;
      expect(ticket).not.toHaveProperty('codAmount');
      for (const product of ticket.products) expect(product).not.toHaveProperty('price');
      expect(ticket.products[0]).toHaveProperty('quantity', 10);
      const one = (await get(`/api/v1/tickets/${ids.t1001}`, who)).json<Ticket>();
      expect(JSON.stringify(one)).not.toMatch(/"(price|codAmount)"/);
    }
    for (const who of ['auditor', 'full']) {
      const ticket = (await list('', who)).data.find((row) => row.number === 1001)!;
      expect(ticket.codAmount).toBe(15);
      expect(ticket.products[0]!.price).toBe(128.5);
    }
  });

  it('answers one ticket, voided or not', async () => {
    const response = await get(`/api/v1/tickets/${ids.t1003}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ number: 1003, voidedFlag: true, products: [] });
    const withProducts = (await get(`/api/v1/tickets/${ids.t1001}`)).json<Ticket>();
    expect(withProducts.products).toHaveLength(2);
  });

  it('answers 404 for an unknown ticket, 403 without the forms and 401 without a token', async () => {
    const missing = await get('/api/v1/tickets/555555');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Ticket 555555 was not found.');
    expect((await get('/api/v1/tickets', 'nobody')).statusCode).toBe(403);
    expect((await get(`/api/v1/tickets/${ids.t1001}`, 'nobody')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tickets' })).statusCode).toBe(401);
  });

  it.each([
    ['date=2026-13-45', 'date'],
    ['dateFrom=20260301', 'dateFrom'],
    [`date=${today}&dateTo=${today}`, 'date'],
    [`dateFrom=${tomorrow}&dateTo=${today}`, 'dateTo'],
    ['sort=truckNumber', 'sort'],
    ['limit=0', 'limit'],
    ['orderId=x', 'orderId'],
    ['truckId=-1', 'truckId'],
    ['statusId=1,,b', 'statusId'],
    ['includeVoided=sometimes', 'includeVoided'],
    ['order=up', 'order'],
    ['search=a%00b', 'search'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await get(`/api/v1/tickets?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; data: { field: string }[] }>();
    expect(body.data[0]!.field).toBe(field);
    expect(body.message).toMatch(new RegExp(`^${field}: .+`));
  });
});
