/**
 * Order pricing (R-PRICE-1..R-PRICE-10) on PGlite and PostgreSQL: the job's quote, then the
 * customer's adjusted defaults, then the product's price in effect on the ship date (dated by a
 * price escalation), then none; the tax rate of the job's schedule else the customer's; the
 * charge rules; and the route's permissions, hidden prices and 400s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formIdOf } from '@dispatch/domain/resources/define';
import { units } from '@dispatch/domain/units';
import { customerConcretePricing, customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import {
  shortLoadTypes,
  taxLevels,
  taxScheduleLevels,
  taxSchedules,
} from '../../db/schema/lookups';
import { plants } from '../../db/schema/plants';
import { quoteProductPrices } from '../../db/schema/prices';
import { products } from '../../db/schema/products';
import { quoteProducts, quotes } from '../../db/schema/quotes';
import { productTypeIds } from '../../db/reference-ids';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  orderChargeRulesFor,
  priceOrderLine,
  resolveOrderPrice,
  taxRateFor,
} from './order-pricing';

const refusal = 'You do not have permissions to access this form';

describe.each(databaseKinds)('order pricing on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'clerk');
  const ids = {} as Record<
    | 'north'
    | 'south'
    | 'pit'
    | 'c30'
    | 'c40'
    | 'fee'
    | 'unpriced'
    | 'stone'
    | 'acme'
    | 'bayside'
    | 'quoted'
    | 'exempt'
    | 'expired'
    | 'q1'
    | 'q2'
    | 'c30Line',
    number
  >;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const concrete = formIdOf('ConcreteOrderEntry');
    const aggregate = formIdOf('AggregateOrderEntry');
    await t.addUser({ username: 'admin', isSysadmin: true, groupIds: [1001, 1002, 1003] });
    await t.addUser({
      username: 'clerk',
      groupIds: [1001, 1002],
      permissions: { [concrete]: 5, [aggregate]: 5 },
    });
    await t.addUser({ username: 'fullNoPrices', groupIds: [1001], permissions: { [concrete]: 4 } });
    await t.addUser({ username: 'readNoPrices', groupIds: [1001], permissions: { [concrete]: 2 } });
    await t.addUser({ username: 'readPrices', groupIds: [1001], permissions: { [concrete]: 3 } });
    await t.addUser({
      username: 'pitOnly',
      groupIds: [1002],
      permissions: { [aggregate]: 5, [concrete]: 5 },
    });
    await t.addUser({ username: 'nobody', groupIds: [1001, 1002] });
    for (const username of [
      'admin',
      'clerk',
      'fullNoPrices',
      'readNoPrices',
      'readPrices',
      'pitOnly',
      'nobody',
    ]) {
      tokens[username] = await t.login(username);
    }

    const [north, south, pit] = await t.db
      .insert(plants)
      .values([
        { description: 'North', systemTypeId: 1 },
        { description: 'South', systemTypeId: 1 },
        { description: 'Pit', systemTypeId: 2 },
      ])
      .returning({ id: plants.id });
    const made = await t.db
      .insert(products)
      .values(
        [
          { number: 'C30', description: '30 MPa', price: 100 },
          { number: 'C40', description: '40 MPa', price: 125.5 },
          { number: 'FEE', description: 'Environmental fee', price: 25, taxableFlag: false },
          { number: 'C00', description: 'Unpriced', price: null },
          {
            number: 'S1',
            description: 'Stone',
            price: 18.25,
            systemTypeId: 2,
            unitOfMeasureId: units.tons,
            productTypeId: productTypeIds.stone,
          },
        ].map((row) => ({
          systemTypeId: 1,
          unitOfMeasureId: units.cubicYards,
          productTypeId: productTypeIds.concreteMix,
          ...row,
        })),
      )
      .returning({ id: products.id });
    // Two schedules of our own: 5.75 + 1.25 (+ an inactive 2.00, not charged) = 7, and 5.75.
    await t.db.insert(taxLevels).values([
      { id: 9001, description: 'State', taxRate: 5.75 },
      { id: 9002, description: 'County', taxRate: 1.25 },
      { id: 9003, description: 'Retired levy', taxRate: 2, inactiveFlag: true },
    ]);
    await t.db.insert(taxSchedules).values([
      { id: 9001, description: 'State and county' },
      { id: 9002, description: 'State only' },
    ]);
    await t.db.insert(taxScheduleLevels).values([
      { taxScheduleId: 9001, taxLevelId: 9001 },
      { taxScheduleId: 9001, taxLevelId: 9002 },
      { taxScheduleId: 9001, taxLevelId: 9003 },
      { taxScheduleId: 9002, taxLevelId: 9001 },
    ]);
    const [acme, bayside] = await t.db
      .insert(customers)
      .values([
        { number: 'A1', name: 'Acme Builders', taxScheduleId: 9001 },
        { number: 'B1', name: 'Bayside Paving' },
      ])
      .returning({ id: customers.id });
    Object.assign(ids, {
      north: north!.id,
      south: south!.id,
      pit: pit!.id,
      c30: made[0]!.id,
      c40: made[1]!.id,
      fee: made[2]!.id,
      unpriced: made[3]!.id,
      stone: made[4]!.id,
      acme: acme!.id,
      bayside: bayside!.id,
    });
    await t.db.insert(customerConcretePricing).values([
      // Always: 5% off, the "under 6 yd" short load, one free, standby by the minute.
      {
        customerId: ids.acme,
        priceAdjustment: -5,
        priceAdjustmentPercentFlag: true,
        shortLoadTypeId: 2,
        freeShortLoadId: 2,
        standbyChargeTypeId: 2,
        standbyMinPerQty: 5,
        standbyPrice: 1.5,
      },
      // From June 2027: 2.00 a yard more, and nothing else named.
      { customerId: ids.acme, priceAdjustment: 2, startDate: '2027-06-01' },
    ]);
    const [q1, q2] = await t.db
      .insert(quotes)
      .values([
        {
          number: 'Q1',
          customerId: ids.acme,
          systemTypeId: 1,
          quoteDate: '2026-01-01',
          expirationDate: '2027-12-31',
        },
        {
          number: 'Q2',
          customerId: ids.bayside,
          systemTypeId: 1,
          quoteDate: '2026-01-01',
          expirationDate: '2026-12-31',
        },
      ])
      .returning({ id: quotes.id });
    const [c30Line] = await t.db
      .insert(quoteProducts)
      .values([
        {
          quoteId: q1!.id,
          productId: ids.c30,
          price: 95,
          taxableFlag: false,
          unitOfMeasureId: units.yard,
          sequence: 1,
        },
        { quoteId: q1!.id, productId: ids.fee, price: null, sequence: 2 },
        { quoteId: q2!.id, productId: ids.c30, price: 90 },
      ])
      .returning({ id: quoteProducts.id });
    // The quote line's own dated price from May 2027.
    await t.db
      .insert(quoteProductPrices)
      .values({ quoteProductId: c30Line!.id, price: 97, effectiveDate: '2027-05-01' });
    const [quoted, exempt, expired] = await t.db
      .insert(jobs)
      .values([
        { customerId: ids.acme, number: 'J1', quoteId: q1!.id, taxScheduleId: 9002 },
        { customerId: ids.acme, number: 'J2', nontaxableFlag: true },
        { customerId: ids.bayside, number: 'J3', quoteId: q2!.id },
      ])
      .returning({ id: jobs.id });
    Object.assign(ids, {
      quoted: quoted!.id,
      exempt: exempt!.id,
      expired: expired!.id,
      q1: q1!.id,
      q2: q2!.id,
      c30Line: c30Line!.id,
    });
    await t.db.insert(shortLoadTypes).values({
      id: 9001,
      description: 'North under 5 yd',
      systemTypeId: 1,
      plantId: ids.north,
      minimumQuantity: 5,
      charge: 80,
    });

    // C40 up 10% from 1 March 2027 (125.50 -> 138.05), applied as administrators do.
    const escalation = await call('POST', '/api/v1/admin/price-escalations', 'admin', {
      kind: 'product',
      method: 'percent',
      amount: 10,
      effectiveDate: '2027-03-01',
      selection: { productIds: [ids.c40] },
      description: 'C40 up 10%',
    });
    expect(escalation.statusCode, escalation.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  const line = (fields: Partial<Parameters<typeof resolveOrderPrice>[1]> = {}) => ({
    customerId: ids.acme,
    jobId: ids.quoted,
    productId: ids.c30,
    plantId: ids.north,
    systemTypeId: 1,
    shipDate: '2027-02-01',
    ...fields,
  });

  const url = (query: Record<string, string | number | null>) =>
    `/api/v1/orders/price?${new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, value === null ? '' : String(value)]),
    ).toString()}`;

  describe('R-PRICE-1: the precedence, against real data', () => {
    it.each([
      // The job's quote wins (its line's own dated price from May).
      ['the quote', () => line(), 95, 'quote'],
      ['the quote’s dated price', () => line({ shipDate: '2027-05-01' }), 97, 'quote'],
      // Not on the quote: the customer's 5% off the product (125.50 -> 119.225 -> 119.23).
      ['the customer’s percent', () => line({ productId: ids.c40 }), 119.23, 'customer'],
      // After the escalation: 138.05 less 5% = 131.1475 -> 131.15.
      [
        'the customer’s percent of the escalated price',
        () => line({ productId: ids.c40, shipDate: '2027-03-01' }),
        131.15,
        'customer',
      ],
      // From June the later defaults: 138.05 + 2.00.
      [
        'the customer’s later amount',
        () => line({ productId: ids.c40, shipDate: '2027-06-15' }),
        140.05,
        'customer',
      ],
      // The quote expires at the end of 2027: the customer's defaults again (100 + 2).
      ['after the quote expires', () => line({ shipDate: '2028-01-01' }), 102, 'customer'],
      // A quote line without a price does not price.
      ['an unpriced quote line', () => line({ productId: ids.fee }), 23.75, 'customer'],
      // No defaults, no job: the product's price in effect on the day (the escalation's date).
      [
        'the list price before the escalation',
        () =>
          line({
            customerId: ids.bayside,
            jobId: null,
            productId: ids.c40,
            shipDate: '2027-02-28',
          }),
        125.5,
        'product',
      ],
      [
        'the escalated price from its date',
        () =>
          line({
            customerId: ids.bayside,
            jobId: null,
            productId: ids.c40,
            shipDate: '2027-03-01',
          }),
        138.05,
        'product',
      ],
      // Bayside's job has an expired quote.
      [
        'an expired quote',
        () => line({ customerId: ids.bayside, jobId: ids.expired }),
        100,
        'product',
      ],
      // Another customer's job prices nothing for this one.
      ['another customer’s job', () => line({ customerId: ids.bayside }), 100, 'product'],
      ['no price anywhere', () => line({ productId: ids.unpriced }), null, 'none'],
      ['an unknown product', () => line({ productId: 2_000_000_000 }), null, 'none'],
    ] as const)('%s', async (_, input, price, source) => {
      expect(await resolveOrderPrice(t.db, input())).toEqual({ price, source });
    });

    it('answers the quote line’s taxable flag and unit when the quote prices it', async () => {
      expect(await priceOrderLine(t.db, line())).toEqual({
        price: 95,
        source: 'quote',
        taxable: false,
        unitOfMeasureId: units.yard,
        quoteProductId: ids.c30Line,
      });
      expect(await priceOrderLine(t.db, line({ productId: ids.c40 }))).toMatchObject({
        taxable: true,
        unitOfMeasureId: units.cubicYards,
        quoteProductId: null,
      });
      // A nontaxable job, or a product that is not taxed.
      expect(await priceOrderLine(t.db, line({ jobId: ids.exempt }))).toMatchObject({
        taxable: false,
      });
      expect(
        await priceOrderLine(
          t.db,
          line({ customerId: ids.bayside, jobId: null, productId: ids.fee }),
        ),
      ).toMatchObject({ taxable: false, price: 25, source: 'product' });
    });
  });

  it('R-PRICE-6: the tax rate of the job’s schedule, else the customer’s, else none', async () => {
    expect(await taxRateFor(t.db, { jobId: ids.quoted, customerId: ids.acme })).toBe(5.75);
    // The job has no schedule: the customer's (its inactive level is not charged).
    expect(await taxRateFor(t.db, { jobId: ids.exempt, customerId: ids.acme })).toBe(7);
    expect(await taxRateFor(t.db, { jobId: null, customerId: ids.acme })).toBe(7);
    expect(await taxRateFor(t.db, { jobId: ids.expired, customerId: ids.bayside })).toBeNull();
  });

  it('R-PRICE-8, R-PRICE-9: the charge rules follow the customer’s defaults', async () => {
    const order = { customerId: ids.acme, systemTypeId: 1, plantId: ids.north };
    const always = await orderChargeRulesFor(t.db, { ...order, shipDate: '2027-02-01' });
    expect(always.shortLoadTypes.map((row) => row.id)).toEqual([2]);
    expect(always.freeShortLoads).toBe(1);
    expect(always.standby).toEqual({ method: 'perMinute', freeMinutesPerUnit: 5, price: 1.5 });
    // From June the later defaults name no short load type: the plant's row applies.
    const june = await orderChargeRulesFor(t.db, { ...order, shipDate: '2027-06-15' });
    expect(june.shortLoadTypes.map((row) => row.id)).toEqual([9001]);
    expect(june.freeShortLoads).toBe(0);
    expect(june.standby.method).toBe('none');
    // No defaults and a plant without its own rows: concrete's rows for every plant.
    const bayside = await orderChargeRulesFor(t.db, {
      ...order,
      customerId: ids.bayside,
      plantId: ids.south,
      shipDate: '2027-02-01',
    });
    expect(bayside.shortLoadTypes.map((row) => row.id).sort()).toEqual([1, 2, 4]);
    // The order's own choice wins over the defaults.
    const chosen = await orderChargeRulesFor(t.db, {
      ...order,
      shipDate: '2027-02-01',
      shortLoadTypeId: 1,
      freeShortLoadId: 1,
      standbyChargeTypeId: 3,
    });
    expect(chosen.shortLoadTypes.map((row) => row.id)).toEqual([1]);
    expect(chosen.freeShortLoads).toBe(0);
    expect(chosen.standby.method).toBe('perHour');
  });

  describe('R-PRICE-10: GET /api/v1/orders/price', () => {
    const query = (fields: Record<string, string | number | null> = {}) => ({
      customerId: ids.acme,
      jobId: ids.quoted,
      productId: ids.c40,
      plantId: ids.north,
      systemTypeId: 1,
      shipDate: '2027-03-01',
      ...fields,
    });

    it('answers the price, its source, the taxable flag, the unit and the tax rate', async () => {
      const answer = await call('GET', url(query()));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({
        price: 131.15,
        source: 'customer',
        taxable: true,
        unitOfMeasureId: units.cubicYards,
        taxRate: 5.75,
      });
      const quoted = await call('GET', url(query({ productId: ids.c30 })));
      expect(quoted.json()).toEqual({
        price: 95,
        source: 'quote',
        taxable: false,
        unitOfMeasureId: units.yard,
        taxRate: 5.75,
      });
      // Blank job and plant are none; Bayside has no schedule.
      const plain = await call(
        'GET',
        url(query({ customerId: ids.bayside, jobId: null, plantId: null, shipDate: '2027-02-28' })),
      );
      expect(plain.json()).toEqual({
        price: 125.5,
        source: 'product',
        taxable: true,
        unitOfMeasureId: units.cubicYards,
        taxRate: null,
      });
      const missing = await call('GET', url(query({ productId: ids.unpriced })));
      expect(missing.json()).toMatchObject({ price: null, source: 'none' });
    });

    it('serves each system type’s own order entry form', async () => {
      const stone = query({
        customerId: ids.bayside,
        jobId: null,
        productId: ids.stone,
        plantId: ids.pit,
        systemTypeId: 2,
      });
      const pit = await call('GET', url(stone), 'pitOnly');
      expect(pit.statusCode, pit.body).toBe(200);
      expect(pit.json()).toMatchObject({ price: 18.25, unitOfMeasureId: units.tons });
      // A level on the concrete form without the concrete group is not enough (R-PERM-2).
      const concrete = await call('GET', url(query()), 'pitOnly');
      expect(concrete.statusCode).toBe(403);
      expect(concrete.json<{ message: string }>().message).toBe(`${refusal} Concrete Order Entry`);
      // Concrete only: the aggregate form is refused.
      const other = await call('GET', url(stone), 'readPrices');
      expect(other.statusCode).toBe(403);
      expect(other.json<{ message: string }>().message).toBe(`${refusal} Aggregate Order Entry`);
      // No level at all, and no token.
      expect((await call('GET', url(query()), 'nobody')).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'GET', url: url(query()) });
      expect(anonymous.statusCode).toBe(401);
    });

    it('gives no price to a level that hides prices (R-PERM-6)', async () => {
      for (const who of ['fullNoPrices', 'readNoPrices']) {
        const hidden = await call('GET', url(query()), who);
        expect(hidden.statusCode, hidden.body).toBe(200);
        expect(hidden.json()).toEqual({
          source: 'customer',
          taxable: true,
          unitOfMeasureId: units.cubicYards,
          taxRate: 5.75,
        });
      }
      // Read-only with prices sees it.
      const shown = await call('GET', url(query()), 'readPrices');
      expect(shown.json()).toMatchObject({ price: 131.15 });
    });

    it.each([
      [{ customerId: undefined }, 'customerId', 'is required'],
      [{ customerId: 'acme' }, 'customerId', 'must be an id'],
      [{ customerId: 0 }, 'customerId', 'must be an id'],
      [{ jobId: 'x' }, 'jobId', 'must be an id'],
      [{ productId: undefined }, 'productId', 'is required'],
      [{ productId: 99_999_999_999 }, 'productId', 'must be an id'],
      [{ plantId: -1 }, 'plantId', 'must be an id'],
      [{ systemTypeId: 4 }, 'systemTypeId', 'must be a system type (1, 2, 3)'],
      [{ systemTypeId: undefined }, 'systemTypeId', 'is required'],
      [{ shipDate: '2027-02-30' }, 'shipDate', 'must be a real date as YYYY-MM-DD'],
      [{ shipDate: undefined }, 'shipDate', 'must be a date as YYYY-MM-DD'],
    ])('400 for %j naming %s', async (fields, field, reason) => {
      const values = Object.fromEntries(
        Object.entries(query(fields as Record<string, string | number | null>)).filter(
          ([, value]) => value !== undefined,
        ),
      );
      const answer = await call('GET', url(values));
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ data: unknown[] }>().data).toContainEqual({ field, reason });
    });

    it('400 naming the field whose id names no fitting row', async () => {
      const cases: [Record<string, number>, string, string][] = [
        [{ customerId: 2_000_000_000 }, 'customerId', 'is not a customer'],
        [{ customerId: ids.bayside }, 'jobId', 'is not a job of the customer'],
        [{ productId: ids.stone }, 'productId', 'is a product for Aggregate orders, not Concrete'],
        [{ productId: 2_000_000_000 }, 'productId', 'is not a product'],
        [{ plantId: ids.pit }, 'plantId', 'is a plant for Aggregate orders, not Concrete'],
        [{ plantId: 2_000_000_000 }, 'plantId', 'is not a plant'],
      ];
      for (const [fields, field, reason] of cases) {
        const answer = await call('GET', url(query(fields)));
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json<{ data: unknown[] }>().data).toEqual([{ field, reason }]);
      }
    });

    it('R-ORD-28: an aggregate line priced at a concrete plant is 400 naming the plant', async () => {
      const stone = query({
        customerId: ids.bayside,
        jobId: null,
        productId: ids.stone,
        plantId: ids.north,
        systemTypeId: 2,
      });
      const answer = await call('GET', url(stone));
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ data: unknown[] }>().data).toEqual([
        { field: 'plantId', reason: 'is a plant for Concrete orders, not Aggregate' },
      ]);
      // At its own kind of plant it is priced.
      const atPit = await call('GET', url({ ...stone, plantId: String(ids.pit) }));
      expect(atPit.statusCode, atPit.body).toBe(200);
    });
  });
});
