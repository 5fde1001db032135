/**
 * A new order's defaults from the database (R-ORD-20, R-ORD-21), through `POST /api/v1/orders`:
 * the charge types left out come from the customer's pricing defaults in effect on the ship date,
 * those sent stay as sent; each schedule gets the automatic static products it lacks, priced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import { fieldLabels } from '@dispatch/domain/forms/field-labels';
import { customerConcretePricing, customers } from '../../db/schema/customers';
import { plants } from '../../db/schema/plants';
import { products, staticProducts } from '../../db/schema/products';
import {
  freeShortLoadIds,
  orderTypeIds,
  reasonIds,
  shortLoadTypeIds,
  standbyChargeTypeIds,
} from '../../db/reference-ids';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

type Json = Record<string, unknown>;
type Line = { productId: number; quantity: number; price?: number | null };
type Order = Json & {
  id: number;
  schedules: { primaryProduct: Line; extraProducts: Line[] }[];
};
type ErrorAnswer = { data: { field: string; reason: string }[] };

const shipDate = '2026-04-14';

describe.each(databaseKinds)('new order defaults on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'full');

  const schedule = (extraProducts: Json[] = []) => ({
    schedule: {
      plantId: ids.plant,
      systemTypeId: 1,
      numberOfTrucks: 2,
      quantityPerHour: 40,
      loadIntervalTime: 15,
      travelTimeToJob: 20,
      travelTimeToPlant: 20,
      onJobWaitMinutes: 10,
      onJobWashMinutes: 10,
      firstLoadOnJobTime: null,
    },
    primaryProduct: { productId: ids.mix, systemTypeId: 1, quantity: 20, loadSize: 10 },
    extraProducts,
  });

  /** An order that leaves the three charge types out. */
  const orderBody = (overrides: Json = {}): Json => ({
    customerId: ids.withDefaults,
    customerPoNumber: 'PO-DEF',
    orderDate: shipDate,
    shipDate,
    orderTypeId: orderTypeIds.concreteDelivery,
    plantId: ids.plant,
    reasonId: reasonIds.regular,
    sourceTaxingType: 1,
    systemTypeId: 1,
    schedules: [schedule()],
    ...overrides,
  });

  const post = (body: Json) => call('POST', '/api/v1/orders', 'full', body);
  const create = async (body: Json) => {
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [plant] = await t.db
      .insert(plants)
      .values({ description: 'Central', systemTypeId: 1 })
      .returning({ id: plants.id });
    const [withDefaults, without] = await t.db
      .insert(customers)
      .values([
        { number: 'D1', name: 'Defaults Co' },
        { number: 'D2', name: 'Plain Co' },
      ])
      .returning({ id: customers.id });
    await t.db.insert(customerConcretePricing).values([
      // Ended before the ship date: not in effect (R-PRICE-3).
      {
        customerId: withDefaults!.id,
        shortLoadTypeId: shortLoadTypeIds.concreteUnder4,
        freeShortLoadId: freeShortLoadIds.one,
        standbyChargeTypeId: standbyChargeTypeIds.perMinute,
        startDate: '2025-01-01',
        terminationDate: '2025-12-31',
      },
      {
        customerId: withDefaults!.id,
        shortLoadTypeId: shortLoadTypeIds.concreteUnder6,
        freeShortLoadId: freeShortLoadIds.two,
        standbyChargeTypeId: standbyChargeTypeIds.perHour,
        startDate: '2026-01-01',
      },
    ]);
    const [mix, fee, fuel, retired] = await t.db
      .insert(products)
      .values([
        {
          number: '4000',
          description: '4000 PSI',
          systemTypeId: 1,
          unitOfMeasureId: 1,
          price: 130,
        },
        { number: 'ENV', description: 'Environmental fee', systemTypeId: 1, unitOfMeasureId: 5 },
        { number: 'FUEL', description: 'Fuel surcharge', systemTypeId: 1, unitOfMeasureId: 5 },
        { number: 'OLD', description: 'Old fee', systemTypeId: 1, unitOfMeasureId: 5 },
      ])
      .returning({ id: products.id });
    await t.db.update(products).set({ price: 7.5 }).where(eq(products.id, fee!.id));
    await t.db.insert(staticProducts).values([
      { systemTypeId: 1, productId: fee!.id, quantity: 1 },
      { systemTypeId: 1, productId: fuel!.id, quantity: 2 },
      { systemTypeId: 1, productId: retired!.id, quantity: 1, inactiveFlag: true },
    ]);
    Object.assign(ids, {
      plant: plant!.id,
      withDefaults: withDefaults!.id,
      without: without!.id,
      mix: mix!.id,
      fee: fee!.id,
      fuel: fuel!.id,
      retired: retired!.id,
    });
    await t.addUser({
      username: 'full',
      groupIds: [1001, 1002, 1003],
      permissions: { [systemTypeForm('orderEntry', 1).id]: 5 },
    });
    tokens.full = await t.login('full');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("R-ORD-20: takes the charge types left out from the customer's defaults in effect", async () => {
    const order = await create(orderBody());
    expect(order).toMatchObject({
      shortLoadTypeId: shortLoadTypeIds.concreteUnder6,
      freeShortLoadId: freeShortLoadIds.two,
      standbyChargeTypeId: standbyChargeTypeIds.perHour,
    });
  });

  it('R-ORD-20: keeps the charge types the caller sent', async () => {
    const order = await create(
      orderBody({
        shortLoadTypeId: shortLoadTypeIds.concreteUnder4,
        freeShortLoadId: freeShortLoadIds.none,
        standbyChargeTypeId: standbyChargeTypeIds.standard,
      }),
    );
    expect(order).toMatchObject({
      shortLoadTypeId: shortLoadTypeIds.concreteUnder4,
      freeShortLoadId: freeShortLoadIds.none,
      standbyChargeTypeId: standbyChargeTypeIds.standard,
    });
  });

  it('R-ORD-20: without customer defaults, R-CONST-9 fills what it can and the rest is required', async () => {
    const refused = await post(orderBody({ customerId: ids.without }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorAnswer>().data).toEqual([
      { field: 'shortLoadTypeId', reason: `${fieldLabels.shortLoadTypeId} is required.` },
    ]);
    const order = await create(
      orderBody({ customerId: ids.without, shortLoadTypeId: shortLoadTypeIds.concreteUnder4 }),
    );
    expect(order).toMatchObject({ freeShortLoadId: 1, standbyChargeTypeId: 1 });
  });

  it('R-VALID-6: a charge type sent as null is still refused, naming every field at once', async () => {
    const response = await post(
      orderBody({ standbyChargeTypeId: null, shortLoadTypeId: null, customerPoNumber: '' }),
    );
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json<ErrorAnswer>()
        .data.map((problem) => problem.field)
        .sort(),
    ).toEqual(['customerPoNumber', 'shortLoadTypeId', 'standbyChargeTypeId']);
  });

  it('R-ORD-21: adds the active static products each schedule lacks, priced as any line', async () => {
    const order = await create(
      orderBody({
        schedules: [
          schedule([{ productId: ids.fuel, systemTypeId: 1, quantity: 5, price: 1.25 }]),
          schedule(),
        ],
      }),
    );
    const [first, second] = order.schedules;
    // The fuel surcharge was there already: kept as sent; the fee joins it.
    expect(
      first!.extraProducts.map(({ productId, quantity, price }) => [productId, quantity, price]),
    ).toEqual([
      [ids.fuel, 5, 1.25],
      [ids.fee, 1, 7.5],
    ]);
    // By product number: ENV, then FUEL; the inactive one is not added.
    expect(second!.extraProducts.map((line) => [line.productId, line.quantity])).toEqual([
      [ids.fee, 1],
      [ids.fuel, 2],
    ]);
    expect(second!.extraProducts[0]!.price).toBe(7.5);
  });

  it('R-ORD-21: only new orders get them: a change keeps the lines the order has', async () => {
    const order = await create(orderBody());
    const [form] = order.schedules;
    const response = await call('PUT', `/api/v1/orders/${order.id}`, 'full', {
      ...order,
      schedules: [{ ...form, extraProducts: [] }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Order>().schedules[0]!.extraProducts).toEqual([]);
  });
});
