/**
 * What is special about quotes (R-MAINT-14); the contract suite (R-RES-3) covers the rest: the
 * validity dates' order, the unique quote number, the product lines saved with the quote, their
 * prices by level (R-PERM-5), current quotes by their expiration date, and the pick list the job
 * form reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formIdOf } from '@dispatch/domain/resources/define';
import { units } from '@dispatch/domain/units';
import { plants } from '../db/schema/plants';
import { products } from '../db/schema/products';
import { callerOf, createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';

type Json = Record<string, unknown>;
type Quote = Json & { id: number; version: number; products: Json[] };
type List = { count: number; data: Json[] };

const quotesForm = formIdOf('QuoteMaintenance');

describe.each(databaseKinds)('quotes on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let plantId = 0;
  let productIds: number[] = [];
  let quoteNumber = 0;

  const call = callerOf(() => t, tokens, 'full');
  const newQuote = (fields: Json = {}): Json => {
    quoteNumber += 1;
    return {
      number: `Q-${quoteNumber}`,
      description: `Driveway ${quoteNumber}`,
      systemTypeId: 1,
      plantId,
      customerName: 'Prospect Homes',
      quoteDate: '2026-03-01',
      effectiveDate: '2026-03-01',
      expirationDate: '2026-06-30',
      ...fields,
    };
  };
  const create = async (fields: Json = {}, as = 'full') => {
    const response = await call('POST', '/api/v1/quotes', as, newQuote(fields));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Quote>();
  };
  const fieldOf = (response: { json: <T>() => T }) =>
    response.json<{ data: { field: string }[] }>().data[0]!.field;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const users: [string, Record<number, number>][] = [
      ['full', { [quotesForm]: 5 }],
      ['fullNoPrices', { [quotesForm]: 4 }],
      ['fullReadOnlyPrices', { [quotesForm]: 6 }],
      ['jobClerk', { [formIdOf('JobMaintenance')]: 2 }],
    ];
    for (const [username, permissions] of users) {
      await t.addUser({ username, groupIds: [1001, 1002, 1003], permissions });
      tokens[username] = await t.login(username);
    }
    const [plant] = await t.db
      .insert(plants)
      .values({ description: 'Quote Plant', systemTypeId: 1 })
      .returning({ id: plants.id });
    plantId = plant!.id;
    productIds = (
      await t.db
        .insert(products)
        .values([
          {
            number: 'C30',
            description: '30 MPa',
            systemTypeId: 1,
            unitOfMeasureId: units.cubicYards,
          },
          {
            number: 'C40',
            description: '40 MPa',
            systemTypeId: 1,
            unitOfMeasureId: units.cubicYards,
          },
          { number: 'PUMP', description: 'Pumping', systemTypeId: 1, unitOfMeasureId: units.each },
        ])
        .returning({ id: products.id })
    ).map((row) => row.id);
  });
  afterAll(() => t?.close());

  it('creates a quote with its product lines and answers them with the plant named', async () => {
    const quote = await create({
      products: [
        {
          productId: productIds[0],
          sequence: 1,
          quantity: 120,
          price: 145.5,
          unitOfMeasureId: units.cubicYards,
        },
        {
          productId: productIds[2],
          sequence: 2,
          quantity: 1,
          price: 350,
          taxableFlag: false,
          deliveryCharge: 25,
        },
      ],
    });
    expect(quote).toMatchObject({
      customerId: null,
      customerName: 'Prospect Homes',
      labels: { plantId: 'Quote Plant' },
      products: [
        {
          productId: productIds[0],
          sequence: 1,
          quantity: 120,
          price: 145.5,
          taxableFlag: true,
          deliveryCharge: null,
        },
        {
          productId: productIds[2],
          sequence: 2,
          price: 350,
          taxableFlag: false,
          deliveryCharge: 25,
        },
      ],
    });
  });

  it.each([
    ['an expiration before the quote date', { expirationDate: '2026-02-28' }, 'expirationDate'],
    [
      'an expiration before the effective date',
      { effectiveDate: '2026-07-01', expirationDate: '2026-06-30' },
      'expirationDate',
    ],
    ['no quote date', { quoteDate: null }, 'quoteDate'],
    ['no system type', { systemTypeId: null }, 'systemTypeId'],
    ['a line without a product', { products: [{ quantity: 1 }] }, 'products.0.productId'],
  ])('refuses %s with 400 naming the field', async (_case, fields, field) => {
    const response = await call('POST', '/api/v1/quotes', 'full', newQuote(fields));
    expect(response.statusCode).toBe(400);
    expect(fieldOf(response)).toBe(field);
  });

  it('refuses a quote number already used with 409 naming it', async () => {
    const first = await create();
    const again = await call('POST', '/api/v1/quotes', 'full', {
      ...newQuote(),
      number: first.number,
    });
    expect(again.statusCode).toBe(409);
    expect(fieldOf(again)).toBe('number');
  });

  it('keeps, changes, adds and removes product lines as the quote is saved with them', async () => {
    const quote = await create({
      products: [
        { productId: productIds[0], sequence: 1, price: 100 },
        { productId: productIds[1], sequence: 2, price: 120 },
      ],
    });
    const [first] = quote.products;
    const response = await call('PUT', `/api/v1/quotes/${quote.id}`, 'full', {
      products: [
        { ...first, price: 105 },
        { productId: productIds[2], sequence: 3, price: 300 },
      ],
      version: quote.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<Quote>();
    expect(saved.products).toEqual([
      expect.objectContaining({ id: first!.id, productId: productIds[0], price: 105 }),
      expect.objectContaining({ productId: productIds[2], sequence: 3, price: 300 }),
    ]);
  });

  describe('prices of the lines (R-PERM-5)', () => {
    it('leaves line prices out for level 4, and keeps them when the quote is saved as read', async () => {
      const quote = await create({
        products: [{ productId: productIds[0], sequence: 1, price: 99.5, deliveryCharge: 12 }],
      });
      const seen = (await call('GET', `/api/v1/quotes/${quote.id}`, 'fullNoPrices')).json<Quote>();
      expect(seen.products[0]).not.toHaveProperty('price');
      expect(seen.products[0]).not.toHaveProperty('deliveryCharge');
      const saved = await call('PUT', `/api/v1/quotes/${quote.id}`, 'fullNoPrices', {
        ...seen,
        products: [...seen.products, { productId: productIds[1], sequence: 2, quantity: 5 }],
        notes: 'Call before pouring',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const full = (await call('GET', `/api/v1/quotes/${quote.id}`)).json<Quote>();
      expect(full).toMatchObject({
        notes: 'Call before pouring',
        products: [
          { price: 99.5, deliveryCharge: 12 },
          { productId: productIds[1], quantity: 5, price: null },
        ],
      });
      const priced = await call('PUT', `/api/v1/quotes/${quote.id}`, 'fullNoPrices', {
        products: [{ ...seen.products[0], price: 1 }],
        version: full.version,
      });
      expect(priced.statusCode).toBe(403);
    });

    it('refuses a price sent on the quote itself, outside its lines, from levels 4 and 6', async () => {
      const quote = await create();
      for (const as of ['fullNoPrices', 'fullReadOnlyPrices']) {
        const response = await call('PUT', `/api/v1/quotes/${quote.id}`, as, {
          price: 1,
          version: quote.version,
        });
        expect(response.statusCode).toBe(403);
        expect(fieldOf(response)).toBe('price');
      }
      const full = await call('PUT', `/api/v1/quotes/${quote.id}`, 'full', {
        price: 1,
        version: quote.version,
      });
      // Level 5 may: a field the quote does not have is left out, as any unknown field is.
      expect(full.statusCode).toBe(200);
    });

    it('lets level 6 send the lines back unchanged but not change a price', async () => {
      const quote = await create({
        products: [{ productId: productIds[0], sequence: 1, price: 80 }],
      });
      const seen = (
        await call('GET', `/api/v1/quotes/${quote.id}`, 'fullReadOnlyPrices')
      ).json<Quote>();
      const changed = await call('PUT', `/api/v1/quotes/${quote.id}`, 'fullReadOnlyPrices', {
        products: [{ ...seen.products[0], price: 79 }],
        version: seen.version,
      });
      expect(changed.statusCode).toBe(403);
      expect(fieldOf(changed)).toBe('products[0].price');
      const same = await call('PUT', `/api/v1/quotes/${quote.id}`, 'fullReadOnlyPrices', seen);
      expect(same.statusCode, same.body).toBe(200);
    });
  });

  it('finds the quotes not yet expired on a day by their expiration date', async () => {
    const expired = await create({ expirationDate: '2026-03-31', description: 'Spring only' });
    const open = await create({ expirationDate: '2026-12-31', description: 'All year' });
    const current = (
      await call('GET', '/api/v1/quotes?limit=500&expirationDate=2026-04-15..')
    ).json<List>();
    const ids = current.data.map((row) => row.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(expired.id);
  });

  it('serves its pick list to the job form, numbered', async () => {
    const quote = await create({ description: 'Warehouse slab' });
    const options = await call('GET', `/api/v1/quotes/options?ids=${quote.id}`, 'jobClerk');
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json<List>().data).toEqual([
      { id: quote.id, number: quote.number, name: 'Warehouse slab', inactive: false },
    ]);
    expect((await call('GET', '/api/v1/quotes', 'jobClerk')).statusCode).toBe(403);
  });
});
