/**
 * Price escalation (R-ESC-1..R-ESC-9) on PGlite and PostgreSQL: administrators only, the preview
 * is what apply writes, every price is back after a reversal, and the price in effect on a date
 * follows the dated prices.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Escalation,
  EscalationPreview,
  EscalationRow,
} from '@dispatch/domain/pricing/price-escalation';
import { formIdOf } from '@dispatch/domain/resources/define';
import { units } from '@dispatch/domain/units';
import { auditTrail } from '../../db/schema/audit';
import { customers } from '../../db/schema/customers';
import { plants } from '../../db/schema/plants';
import { productPrices, quoteProductPrices } from '../../db/schema/prices';
import { products } from '../../db/schema/products';
import { quoteProducts, quotes } from '../../db/schema/quotes';
import { productTypeIds } from '../../db/reference-ids';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { productPriceOn, quoteLinePriceOn } from './price-in-effect.service';

const base = '/api/v1/admin/price-escalations';
const refusal = 'You do not have permissions to access this form';

describe.each(databaseKinds)('price escalation on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'admin');
  const ids = {} as Record<
    | 'north'
    | 'south'
    | 'pit'
    | 'c30'
    | 'c40'
    | 'stone'
    | 'unpriced'
    | 'retired'
    | 'acme'
    | 'bayside',
    number
  >;
  const quoteIds = {} as Record<'q1' | 'q2' | 'q3', number>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.addUser({ username: 'admin', isSysadmin: true, groupIds: [1001, 1002, 1003] });
    // Full with prices on both escalation screens and the products, but no administrator.
    await t.addUser({
      username: 'clerk',
      groupIds: [1001, 1002, 1003],
      permissions: {
        [formIdOf('ProductPriceEscalation')]: 5,
        [formIdOf('QuotePriceEscalation')]: 5,
        [formIdOf('ConcreteProductMaintenance')]: 5,
      },
    });
    await t.addUser({
      username: 'noPrices',
      groupIds: [1001],
      permissions: { [formIdOf('ConcreteOrderEntry')]: 4 },
    });
    for (const username of ['admin', 'clerk', 'noPrices'])
      tokens[username] = await t.login(username);

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
          {
            number: 'C30',
            description: '30 MPa',
            price: 100,
            productTypeId: productTypeIds.concreteMix,
          },
          {
            number: 'C40',
            description: '40 MPa',
            price: 125.5,
            productTypeId: productTypeIds.concreteMix,
          },
          {
            number: 'S1',
            description: 'Stone',
            price: 18.25,
            systemTypeId: 2,
            productTypeId: productTypeIds.stone,
          },
          { number: 'C00', description: 'Unpriced', price: null },
          { number: 'C99', description: 'Retired', price: 50, inactiveFlag: true },
        ].map((row) => ({ systemTypeId: 1, unitOfMeasureId: units.cubicYards, ...row })),
      )
      .returning({ id: products.id });
    const [acme, bayside] = await t.db
      .insert(customers)
      .values([
        { number: 'A1', name: 'Acme Builders' },
        { number: 'B1', name: 'Bayside Paving' },
      ])
      .returning({ id: customers.id });
    Object.assign(ids, {
      north: north!.id,
      south: south!.id,
      pit: pit!.id,
      c30: made[0]!.id,
      c40: made[1]!.id,
      stone: made[2]!.id,
      unpriced: made[3]!.id,
      retired: made[4]!.id,
      acme: acme!.id,
      bayside: bayside!.id,
    });
    const [q1, q2, q3] = await t.db
      .insert(quotes)
      .values(
        [
          { number: 'Q1', customerId: ids.acme, plantId: ids.north, expirationDate: '2027-12-31' },
          {
            number: 'Q2',
            customerId: ids.bayside,
            plantId: ids.south,
            expirationDate: '2026-12-31',
          },
          { number: 'Q3', customerId: ids.acme, inactiveFlag: true },
        ].map((row) => ({ systemTypeId: 1, quoteDate: '2026-01-01', ...row })),
      )
      .returning({ id: quotes.id });
    Object.assign(quoteIds, { q1: q1!.id, q2: q2!.id, q3: q3!.id });
    await t.db.insert(quoteProducts).values([
      { quoteId: quoteIds.q1, productId: ids.c30, price: 95, sequence: 1 },
      { quoteId: quoteIds.q1, productId: ids.c40, price: 120, sequence: 2 },
      { quoteId: quoteIds.q1, productId: ids.stone, price: null, sequence: 3 },
      { quoteId: quoteIds.q2, productId: ids.c30, price: 90 },
      { quoteId: quoteIds.q3, productId: ids.c30, price: 80 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const productRequest = (fields: Record<string, unknown> = {}) => ({
    kind: 'product',
    method: 'percent',
    amount: 3,
    effectiveDate: '2027-01-01',
    selection: { systemTypeIds: [1] },
    description: 'Cement up 3%',
    ...fields,
  });

  /** The price of every product at every plant and for every plant, on each of some days. */
  async function productPriceSnapshot(): Promise<Record<string, number | null>> {
    const snapshot: Record<string, number | null> = {};
    for (const productId of [ids.c30, ids.c40, ids.stone, ids.unpriced, ids.retired]) {
      for (const plantId of [null, ids.north, ids.south, ids.pit]) {
        for (const date of ['2026-12-31', '2027-01-01', '2027-02-01', '2027-03-01', '2028-01-01']) {
          const found = await productPriceOn(t.db, { productId, plantId, date });
          snapshot[`${productId}/${plantId}/${date}`] = found!.price;
        }
      }
    }
    return snapshot;
  }

  describe('R-ESC-9: administrators only, each route naming its screen', () => {
    const product = `${refusal} Product Price Escalation`;
    const quote = `${refusal} Quote Price Escalation`;
    let quoteEscalationId = 0;

    beforeAll(async () => {
      const applied = await call(
        'POST',
        base,
        'admin',
        productRequest({ kind: 'quote', effectiveDate: '2027-06-01', selection: {} }),
      );
      expect(applied.statusCode, applied.body).toBe(201);
      quoteEscalationId = applied.json<Escalation>().id;
      const reversed = await call('POST', `${base}/${quoteEscalationId}/reverse`);
      expect(reversed.statusCode, reversed.body).toBe(200);
    });

    it.each([
      ['POST', `${base}/preview`, productRequest(), product],
      ['POST', `${base}/preview`, productRequest({ kind: 'quote' }), quote],
      ['POST', base, productRequest(), product],
      ['POST', base, productRequest({ kind: 'quote', selection: {} }), quote],
      ['GET', `${base}?kind=product`, undefined, product],
      ['GET', `${base}?kind=quote`, undefined, quote],
    ] as const)('%s %s', async (method, url, body, message) => {
      const refused = await call(method, url, 'clerk', body);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(message);
    });

    it('GET and reverse of a stored escalation name its own screen', async () => {
      for (const url of [`${base}/${quoteEscalationId}`, `${base}/${quoteEscalationId}/reverse`]) {
        const refused = await call(url.endsWith('reverse') ? 'POST' : 'GET', url, 'clerk');
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json<{ message: string }>().message).toBe(quote);
      }
      const unknown = await call('POST', `${base}/999999/reverse`, 'clerk');
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json<{ message: string }>().message).toBe(product);
    });
  });

  it('R-ESC-9: refuses bad input with 400 naming the field and the reason', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [productRequest({ amount: 0 }), 'amount', 'must not be zero'],
      [
        productRequest({ effectiveDate: '2027-02-30' }),
        'effectiveDate',
        'must be a real date as YYYY-MM-DD',
      ],
      [productRequest({ method: 'double' }), 'method', 'must be percent or amount'],
      [
        productRequest({ selection: { customerIds: [ids.acme] } }),
        'selection.customerIds',
        'selects quote lines: only a quote escalation takes it',
      ],
      [
        productRequest({ selection: { productIds: [ids.c30, 987654] } }),
        'selection.productIds',
        'no product has id 987654',
      ],
      [
        productRequest({ kind: 'quote', selection: { customerIds: [987654] } }),
        'selection.customerIds',
        'no customer has id 987654',
      ],
    ];
    for (const [body, field, reason] of cases) {
      for (const url of [`${base}/preview`, base]) {
        const answer = await call('POST', url, 'admin', body);
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json<{ data: unknown[] }>().data).toContainEqual({ field, reason });
      }
    }
    const nothing = await call(
      'POST',
      base,
      'admin',
      productRequest({ selection: { productIds: [ids.unpriced] } }),
    );
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json<{ message: string }>().message).toBe('selection: matches no prices');
    const badKind = await call('GET', `${base}?kind=orders`);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json<{ data: unknown[] }>().data).toEqual([
      { field: 'kind', reason: 'must be product or quote' },
    ]);
  });

  describe('product escalations', () => {
    let first: Escalation;
    let second: Escalation;
    let untouched: Record<string, number | null>;

    it('R-ESC-3: previews every active, priced product selected, before and after, with totals', async () => {
      untouched = await productPriceSnapshot();
      const preview = await call('POST', `${base}/preview`, 'admin', productRequest());
      expect(preview.statusCode, preview.body).toBe(200);
      const answer = preview.json<EscalationPreview>();
      expect(
        answer.rows.map((row) => [row.productNumber, row.plantId, row.priceBefore, row.priceAfter]),
      ).toEqual([
        ['C30', null, 100, 103],
        ['C40', null, 125.5, 129.27],
      ]);
      expect(answer.totals).toEqual({
        count: 2,
        raised: 2,
        lowered: 0,
        unchanged: 0,
        totalBefore: 225.5,
        totalAfter: 232.27,
      });
      // A preview writes nothing.
      expect(await productPriceSnapshot()).toEqual(untouched);
    });

    it('R-ESC-5: apply writes what the preview showed, in one transaction, with an audit row', async () => {
      const request = productRequest();
      const preview = (
        await call('POST', `${base}/preview`, 'admin', request)
      ).json<EscalationPreview>();
      const applied = await call('POST', base, 'admin', request);
      expect(applied.statusCode, applied.body).toBe(201);
      first = applied.json<Escalation>();
      expect(first).toMatchObject({
        kind: 'product',
        method: 'percent',
        amount: 3,
        effectiveDate: '2027-01-01',
        description: 'Cement up 3%',
        appliedBy: 'admin',
        reversedAt: null,
        rowCount: 2,
        totalBefore: 225.5,
        totalAfter: 232.27,
      });

      const detail = (await call('GET', `${base}/${first.id}`)).json<
        Escalation & { rows: EscalationRow[] }
      >();
      expect(detail.rows).toEqual(preview.rows);
      const written = await t.db
        .select({
          productId: productPrices.productId,
          plantId: productPrices.plantId,
          price: productPrices.price,
          effectiveDate: productPrices.effectiveDate,
        })
        .from(productPrices)
        .where(eq(productPrices.escalationId, first.id));
      expect(written).toEqual(
        preview.rows.map((row) => ({
          productId: row.productId,
          plantId: row.plantId,
          price: row.priceAfter,
          effectiveDate: '2027-01-01',
        })),
      );
      const [audit] = await t.db
        .select()
        .from(auditTrail)
        .where(
          and(
            eq(auditTrail.resource, 'priceEscalations'),
            eq(auditTrail.recordId, String(first.id)),
          ),
        );
      expect(audit).toMatchObject({ username: 'admin', action: 'applied', before: null });
      expect(audit!.after).toMatchObject({ id: first.id, rowCount: 2 });
    });

    it('R-ESC-8: the price in effect follows the effective date, for every caller that prices orders', async () => {
      const priceOn = async (date: string, plant = '') =>
        (await call('GET', `/api/v1/products/${ids.c30}/price?date=${date}${plant}`, 'admin')).json<
          Record<string, unknown>
        >();
      expect(await priceOn('2026-12-31')).toMatchObject({
        price: 100,
        source: 'list',
        effectiveDate: null,
      });
      expect(await priceOn('2027-01-01')).toMatchObject({
        price: 103,
        source: 'product',
        escalationId: first.id,
      });
      expect(await priceOn('2027-06-01', `&plantId=${ids.north}`)).toMatchObject({
        price: 103,
        plantId: ids.north,
      });
      const hidden = await call(
        'GET',
        `/api/v1/products/${ids.c30}/price?date=2027-01-01`,
        'noPrices',
      );
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json()).not.toHaveProperty('price');
      const badDate = await call('GET', `/api/v1/products/${ids.c30}/price?date=tomorrow`);
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json<{ data: unknown[] }>().data).toEqual([
        { field: 'date', reason: 'must be a real date as YYYY-MM-DD' },
      ]);
      expect(
        (await call('GET', `/api/v1/products/${ids.stone}/price?date=2027-01-01`, 'noPrices'))
          .statusCode,
      ).toBe(404);
      expect((await call('GET', '/api/v1/products/987654/price?date=2027-01-01')).statusCode).toBe(
        404,
      );
    });

    it('R-ESC-2: chosen plants get their own price, from the price in effect there', async () => {
      const request = productRequest({
        method: 'amount',
        amount: 2.5,
        effectiveDate: '2027-03-01',
        selection: { productIds: [ids.c30, ids.stone], plantIds: [ids.south, ids.pit, ids.north] },
      });
      const preview = (
        await call('POST', `${base}/preview`, 'admin', request)
      ).json<EscalationPreview>();
      expect(
        preview.rows.map((row) => [
          row.productNumber,
          row.plantName,
          row.priceBefore,
          row.priceAfter,
        ]),
      ).toEqual([
        // Each plant sells its own system type's products.
        ['C30', 'North', 103, 105.5],
        ['C30', 'South', 103, 105.5],
        ['S1', 'Pit', 18.25, 20.75],
      ]);
      const applied = await call('POST', base, 'admin', request);
      expect(applied.statusCode, applied.body).toBe(201);
      second = applied.json<Escalation>();
      expect(
        (await call('GET', `${base}/${second.id}`)).json<{ rows: EscalationRow[] }>().rows,
      ).toEqual(preview.rows);

      // Without plants: the product's price for every plant and each plant's own price.
      const everywhere = (
        await call(
          'POST',
          `${base}/preview`,
          'admin',
          productRequest({
            amount: -10,
            effectiveDate: '2027-04-01',
            selection: { productIds: [ids.c30] },
          }),
        )
      ).json<EscalationPreview>();
      expect(
        everywhere.rows.map((row) => [row.plantName, row.priceBefore, row.priceAfter]),
      ).toEqual([
        ['', 103, 92.7],
        ['North', 105.5, 94.95],
        ['South', 105.5, 94.95],
      ]);
    });

    it('R-ESC-7: refuses to reverse under a later escalation, reverses, restores every price, refuses twice', async () => {
      const blocked = await call('POST', `${base}/${first.id}/reverse`);
      expect(blocked.statusCode, blocked.body).toBe(409);
      expect(blocked.json<{ message: string }>().message).toBe(
        `Price escalation ${second.id} changed some of these prices later: reverse it first.`,
      );

      t.clock.advance(60_000);
      const reversed = await call('POST', `${base}/${second.id}/reverse`);
      expect(reversed.statusCode, reversed.body).toBe(200);
      expect(reversed.json<Escalation>()).toMatchObject({ id: second.id, reversedBy: 'admin' });
      expect((await call('POST', `${base}/${first.id}/reverse`)).statusCode).toBe(200);
      expect(await productPriceSnapshot()).toEqual(untouched);

      const again = await call('POST', `${base}/${first.id}/reverse`);
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toMatch(
        new RegExp(`^Price escalation ${first.id} was already reversed by admin on `),
      );
      const audits = await t.db
        .select({ action: auditTrail.action })
        .from(auditTrail)
        .where(
          and(
            eq(auditTrail.resource, 'priceEscalations'),
            eq(auditTrail.recordId, String(first.id)),
          ),
        );
      expect(audits.map((row) => row.action).sort()).toEqual(['applied', 'reversed']);
      expect((await call('POST', `${base}/987654/reverse`)).statusCode).toBe(404);
    });

    it('R-ESC-6: lists the history newest first', async () => {
      const history = await call('GET', `${base}?kind=product`);
      expect(history.statusCode, history.body).toBe(200);
      const list = history.json<{ count: number; data: Escalation[] }>();
      expect(list.count).toBe(2);
      expect(list.data.map((row) => [row.id, row.rowCount, row.reversedBy])).toEqual([
        [second.id, 3, 'admin'],
        [first.id, 2, 'admin'],
      ]);
      expect(list.data[0]!.selection).toMatchObject({ plantIds: [ids.south, ids.pit, ids.north] });
    });
  });

  describe('quote escalations', () => {
    it('R-ESC-2: escalates the priced lines of active quotes current on the date; reversal restores them', async () => {
      const lines = await t.db.select({ id: quoteProducts.id }).from(quoteProducts);
      const snapshot = async () => {
        const prices: Record<string, number | null> = {};
        for (const line of lines) {
          for (const date of ['2026-06-30', '2026-07-01', '2027-01-01']) {
            prices[`${line.id}/${date}`] = (await quoteLinePriceOn(t.db, {
              quoteProductId: line.id,
              date,
            }))!.price;
          }
        }
        return prices;
      };
      const before = await snapshot();

      const request = productRequest({
        kind: 'quote',
        method: 'amount',
        amount: -5,
        effectiveDate: '2026-07-01',
        selection: {},
      });
      const preview = (
        await call('POST', `${base}/preview`, 'admin', request)
      ).json<EscalationPreview>();
      expect(
        preview.rows.map((row) => [
          row.quoteNumber,
          row.customerName,
          row.plantName,
          row.productNumber,
          row.priceBefore,
          row.priceAfter,
        ]),
      ).toEqual([
        ['Q1', 'Acme Builders', 'North', 'C30', 95, 90],
        ['Q1', 'Acme Builders', 'North', 'C40', 120, 115],
        ['Q2', 'Bayside Paving', 'South', 'C30', 90, 85],
      ]);
      const onlyAcme = (
        await call('POST', `${base}/preview`, 'admin', {
          ...request,
          effectiveDate: '2027-01-01',
          selection: { customerIds: [ids.acme], productIds: [ids.c40] },
        })
      ).json<EscalationPreview>();
      expect(onlyAcme.rows.map((row) => [row.quoteNumber, row.productNumber])).toEqual([
        ['Q1', 'C40'],
      ]);

      const applied = await call('POST', base, 'admin', request);
      expect(applied.statusCode, applied.body).toBe(201);
      const escalation = applied.json<Escalation>();
      const written = await t.db
        .select({
          quoteProductId: quoteProductPrices.quoteProductId,
          price: quoteProductPrices.price,
        })
        .from(quoteProductPrices)
        .where(eq(quoteProductPrices.escalationId, escalation.id));
      expect(written).toEqual(
        preview.rows.map((row) => ({ quoteProductId: row.quoteProductId, price: row.priceAfter })),
      );
      const q1c30 = preview.rows[0]!.quoteProductId!;
      expect(
        await quoteLinePriceOn(t.db, { quoteProductId: q1c30, date: '2026-06-30' }),
      ).toMatchObject({ price: 95 });
      expect(
        await quoteLinePriceOn(t.db, { quoteProductId: q1c30, date: '2026-07-01' }),
      ).toMatchObject({ price: 90, escalationId: escalation.id });

      const reversed = await call('POST', `${base}/${escalation.id}/reverse`);
      expect(reversed.statusCode, reversed.body).toBe(200);
      expect(await snapshot()).toEqual(before);
      const history = (await call('GET', `${base}?kind=quote`)).json<{ data: Escalation[] }>();
      expect(history.data[0]).toMatchObject({
        id: escalation.id,
        kind: 'quote',
        rowCount: 3,
        totalBefore: 305,
        totalAfter: 290,
      });
    });
  });
});
