/**
 * The order audit (R-OAUD-1..4): changes made through order entry, listed per system type, field
 * by field, filtered by date, user, customer and order, paged, exported; 403 without the
 * system type's audit form, no prices for levels that hide them, 400 naming a bad parameter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import type { OrderAuditEntry } from '@dispatch/domain/orders/order-audit';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { orderTypeIds, shortLoadTypeIds } from '../../db/reference-ids';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import {
  addUsers,
  concreteOrderBody,
  concreteSchedule,
  type Json,
  type SuiteUser,
} from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';

type Order = Json & {
  id: number;
  number: number;
  version: number;
  schedules: { schedule: Json & { id: number }; primaryProduct: Json; extraProducts: Json[] }[];
};
type Page = { error: boolean; count: number; data: OrderAuditEntry[] };

const day1 = '2026-03-09';
const day2 = '2026-03-10';
const day3 = '2026-03-11';
const at = (day: string, time: string) => new Date(`${day}T${time}:00Z`);

describe.each(databaseKinds)('order audit on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'full');
  const made: Record<string, Order> = {};

  const times = {
    loadIntervalTime: 10,
    travelTimeToJob: 20,
    travelTimeToPlant: 20,
    onJobWaitMinutes: 10,
    onJobWashMinutes: 10,
  };
  const concreteBody = (customerId: number, po: string): Json =>
    concreteOrderBody(
      { customerId, plantId: ids.north, customerPoNumber: po, orderDate: day1, shipDate: day2 },
      {
        schedules: [
          concreteSchedule(
            {
              plantId: ids.north,
              productId: ids.mix,
              quantity: 20,
              firstLoadOnJobTime: `${day2}T14:00:00Z`,
            },
            { ...times, numberOfTrucks: 2 },
          ),
          concreteSchedule(
            {
              plantId: ids.north,
              productId: ids.mix,
              quantity: 10,
              firstLoadOnJobTime: `${day2}T16:00:00Z`,
            },
            { ...times, numberOfTrucks: 1, quantityPerHour: 30 },
          ),
        ],
      },
    );

  const create = async (body: Json, who = 'full') => {
    const response = await call('POST', '/api/v1/orders', who, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  };
  const update = async (order: Order, changes: Json, who = 'full') => {
    const response = await call('PUT', `/api/v1/orders/${order.id}`, who, { ...order, ...changes });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order>();
  };
  const audit = async (query: string, who = 'full') => {
    const response = await call('GET', `/api/v1/order-audit?${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [north, pit] = await t.db
      .insert(plants)
      .values([
        { description: 'North', systemTypeId: 1 },
        { description: 'Pit', systemTypeId: 2 },
      ])
      .returning({ id: plants.id });
    Object.assign(ids, { north: north!.id, pit: pit!.id });
    const [acme, other] = await t.db
      .insert(customers)
      .values([
        { number: 'C1', name: 'Acme Builders' },
        { number: 'C2', name: 'Other Co' },
      ])
      .returning({ id: customers.id });
    Object.assign(ids, { acme: acme!.id, other: other!.id });
    await t.db.insert(jobs).values({ customerId: ids.acme!, number: 'J-1' });
    const [mix, stone] = await t.db
      .insert(products)
      .values([
        {
          number: '3000',
          description: '3000 PSI',
          systemTypeId: 1,
          unitOfMeasureId: 1,
          price: 120,
        },
        { number: '57', description: 'Stone', systemTypeId: 2, unitOfMeasureId: 6, price: 24 },
      ])
      .returning({ id: products.id });
    Object.assign(ids, { mix: mix!.id, stone: stone!.id });

    const all = [1001, 1002, 1003];
    const entry = (type: 1 | 2) => systemTypeForm('orderEntry', type).id;
    const auditForm = (type: 1 | 2) => systemTypeForm('auditOrder', type).id;
    const users: SuiteUser[] = [
      ['full', all, { [entry(1)]: 5, [entry(2)]: 5, [auditForm(1)]: 5, [auditForm(2)]: 5 }],
      ['second', all, { [entry(1)]: 5, [auditForm(1)]: 3 }],
      ['noPrices', all, { [auditForm(1)]: 2 }],
      ['entryOnly', all, { [entry(1)]: 5 }],
      ['aggregateAudit', all, { [auditForm(2)]: 5 }],
      ['noConcreteGroup', [1002], { [auditForm(1)]: 5, [auditForm(2)]: 5 }],
    ];
    await addUsers(t, tokens, users);

    // Day 1: full makes two concrete orders, second makes one for Other Co.
    t.clock.now = at(day1, '08:00');
    made.acme = await create(concreteBody(ids.acme!, 'PO-100'));
    t.clock.now = at(day1, '08:05');
    made.acmeTwo = await create(concreteBody(ids.acme!, 'PO-200'));
    t.clock.now = at(day1, '09:00');
    made.other = await create(concreteBody(ids.other!, 'PO-300'), 'second');
    // Day 2: full changes the PO number, then schedule 2's quantity per hour and a price.
    t.clock.now = at(day2, '10:00');
    made.acme = await update(made.acme, { customerPoNumber: 'PO-101' });
    t.clock.now = at(day2, '10:30');
    const [first, second] = made.acme.schedules;
    made.acme = await update(made.acme, {
      schedules: [
        { ...first!, primaryProduct: { ...first!.primaryProduct, price: 130 } },
        { ...second!, schedule: { ...second!.schedule, quantityPerHour: 45 } },
      ],
    });
    // Day 3: an aggregate order, which the concrete audit never shows.
    t.clock.now = at(day3, '07:00');
    made.stone = await create({
      ...concreteBody(ids.acme!, 'PO-AGG'),
      systemTypeId: 2,
      orderTypeId: orderTypeIds.aggregateDelivery,
      plantId: ids.pit,
      shortLoadTypeId: shortLoadTypeIds.aggregateUnder10,
      schedules: [
        {
          schedule: {
            ...times,
            plantId: ids.pit,
            systemTypeId: 2,
            numberOfTrucks: 1,
            quantityPerHour: 40,
          },
          primaryProduct: { productId: ids.stone, systemTypeId: 2, quantity: 25 },
        },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("R-OAUD-1: lists every change to the system type's orders, newest first, field by field", async () => {
    const page = await audit('systemTypeId=1');
    expect(page.count).toBe(5);
    expect(page.data.map((entry) => [entry.orderNumber, entry.action, entry.username])).toEqual([
      [made.acme!.number, 'updated', 'full'],
      [made.acme!.number, 'updated', 'full'],
      [made.other!.number, 'created', 'second'],
      [made.acmeTwo!.number, 'created', 'full'],
      [made.acme!.number, 'created', 'full'],
    ]);
    const [scheduleChange, poChange] = page.data;
    expect(poChange).toMatchObject({
      at: at(day2, '10:00').toISOString(),
      orderId: made.acme!.id,
      customerName: 'Acme Builders',
      changes: [
        {
          field: 'customerPoNumber',
          before: 'PO-100',
          after: 'PO-101',
          label: 'PO number',
          path: { schedule: null, product: null, name: 'customerPoNumber' },
        },
      ],
    });
    const labels = scheduleChange!.changes.map((change) => [
      change.label,
      change.before,
      change.after,
    ]);
    expect(labels).toContainEqual(['Schedule 1 · Primary product · Price', 120, 130]);
    expect(labels).toContainEqual(['Schedule 2 · Quantity per hour', 30, 45]);

    const aggregate = await audit('systemTypeId=2');
    expect(aggregate.data.map((entry) => entry.orderId)).toEqual([made.stone!.id]);
  });

  it('R-OAUD-2: filters by date, user, customer and order', async () => {
    const numbersOf = (page: Page) => page.data.map((entry) => entry.orderNumber);
    expect((await audit(`systemTypeId=1&from=${day2}`)).count).toBe(2);
    expect((await audit(`systemTypeId=1&to=${day1}`)).count).toBe(3);
    expect(
      (await audit(`systemTypeId=1&from=${at(day1, '08:01').toISOString()}&to=${day1}`)).count,
    ).toBe(2);
    expect(numbersOf(await audit('systemTypeId=1&user=SEC'))).toEqual([made.other!.number]);
    expect(numbersOf(await audit('systemTypeId=1&customer=other'))).toEqual([made.other!.number]);
    expect((await audit('systemTypeId=1&customer=acme%20b')).count).toBe(4);
    expect((await audit('systemTypeId=1&customer=%25')).count).toBe(0);
    expect((await audit(`systemTypeId=1&order=${made.acme!.number}`)).count).toBe(3);
    expect((await audit(`systemTypeId=1&orderId=${made.acmeTwo!.id}`)).count).toBe(1);
    // An order of another system type is not in this audit, whichever way it is asked for.
    expect((await audit(`systemTypeId=1&order=${made.stone!.number}`)).count).toBe(0);
    expect((await audit('systemTypeId=1&order=999999')).count).toBe(0);
    expect((await audit(`systemTypeId=1&order=${made.acme!.number}&user=second`)).count).toBe(0);
  });

  it('R-OAUD-2: pages on the server', async () => {
    const first = await audit('systemTypeId=1&pageSize=2');
    const second = await audit('systemTypeId=1&pageSize=2&page=2');
    const third = await audit('systemTypeId=1&pageSize=2&page=3');
    expect([first.count, second.count, third.count]).toEqual([5, 5, 5]);
    expect([first.data.length, second.data.length, third.data.length]).toEqual([2, 2, 1]);
    const all = (await audit('systemTypeId=1')).data.map((entry) => entry.id);
    expect([...first.data, ...second.data, ...third.data].map((entry) => entry.id)).toEqual(all);
  });

  it('R-OAUD-4: needs the audit form of the system type, in its group; 403 naming the form', async () => {
    for (const [who, query] of [
      ['entryOnly', 'systemTypeId=1'],
      ['aggregateAudit', 'systemTypeId=1'],
      ['noConcreteGroup', 'systemTypeId=1'],
    ] as const) {
      const refused = await call('GET', `/api/v1/order-audit?${query}`, who);
      expect(refused.statusCode, who).toBe(403);
      if (who !== 'entryOnly') {
        expect(refused.json<{ message: string }>().message).toContain(
          systemTypeForm('auditOrder', 1).longName,
        );
      }
      const exported = await call('GET', `/api/v1/order-audit/export?${query}`, who);
      expect(exported.statusCode, who).toBe(403);
    }
    expect((await audit('systemTypeId=2', 'aggregateAudit')).count).toBe(1);
    expect((await audit('systemTypeId=2', 'noConcreteGroup')).count).toBe(1);
    // A read-only level reads the audit.
    expect((await audit('systemTypeId=1', 'second')).count).toBe(5);
  });

  it('R-OAUD-4: leaves prices out for a level that hides them', async () => {
    const hidden = await audit(`systemTypeId=1&order=${made.acme!.number}`, 'noPrices');
    const fields = hidden.data.flatMap((entry) => entry.changes.map((change) => change.field));
    expect(fields.some((field) => field.endsWith('.price'))).toBe(false);
    expect(fields).toContain(`schedules[${made.acme!.schedules[1]!.schedule.id}].quantityPerHour`);
    expect(JSON.stringify(hidden)).not.toContain('"price"');
    const shown = await audit(`systemTypeId=1&order=${made.acme!.number}`, 'second');
    expect(
      shown.data
        .flatMap((entry) => entry.changes)
        .some((change) => change.field.endsWith('.price')),
    ).toBe(true);
    const csv = await call('GET', `/api/v1/order-audit/export?systemTypeId=1`, 'noPrices');
    expect(csv.body).not.toContain('Price');
  });

  it('R-OAUD-2: exports the filtered changes as CSV, one line per field, with readable names', async () => {
    const response = await call(
      'GET',
      `/api/v1/order-audit/export?systemTypeId=1&order=${made.acme!.number}&from=${day2}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.replace('\uFEFF', '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('When,User,Order,Customer,Action,Field,Before,After');
    expect(lines).toContain(
      `${at(day2, '10:00').toISOString()},full,${made.acme!.number},Acme Builders,updated,PO number,PO-100,PO-101`,
    );
    expect(lines.some((line) => line.includes('Schedule 2 · Quantity per hour,30,45'))).toBe(true);
  });

  it('400 names the parameter it refuses', async () => {
    for (const [query, field] of [
      ['', 'systemTypeId'],
      ['systemTypeId=7', 'systemTypeId'],
      ['systemTypeId=1&from=yesterday', 'from'],
      ['systemTypeId=1&to=2026-13-45', 'to'],
      ['systemTypeId=1&order=26-0001', 'order'],
      ['systemTypeId=1&orderId=0', 'orderId'],
      ['systemTypeId=1&user=' + 'x'.repeat(101), 'user'],
      ['systemTypeId=1&customer=a%00b', 'customer'],
      ['systemTypeId=1&page=0', 'page'],
      ['systemTypeId=1&pageSize=501', 'pageSize'],
    ] as const) {
      const response = await call('GET', `/api/v1/order-audit?${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json<{ data: { field: string }[] }>();
      expect(
        body.data.map((item) => item.field),
        query,
      ).toContain(field);
    }
    const unauthenticated = await t.app.inject({
      method: 'GET',
      url: '/api/v1/order-audit?systemTypeId=1',
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
