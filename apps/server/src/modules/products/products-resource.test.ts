/**
 * What is special about the product screens (R-MAINT-15); the contract suite covers what every
 * resource does (R-RES-9). Four resources over one products table: which product is whose (an
 * other product's type belongs to no system type), the caller's system types (ADR 005), the number
 * unique within a system type, and a raw material's cost as a price (R-PERM-6).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formIdOf } from '@dispatch/domain/resources/define';
import { products } from '../../db/schema/products';
import { productTypeIds } from '../../db/reference-ids';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

type Json = Record<string, unknown>;
type Listed = { error: boolean; count: number; data: Json[] };

const productScreens = [
  'ConcreteProductMaintenance',
  'AggregateProductMaintenance',
  'BlockProductMaintenance',
  'OtherProductMaintenance',
  'RawMaterialMaintenance',
];
const everyScreen = (level: number) =>
  Object.fromEntries(productScreens.map((screen) => [formIdOf(screen), level]));

describe.each(databaseKinds)('the product screens on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'full');
  const numbers = async (path: string, who = 'full') =>
    (await call('GET', `/api/v1/${path}`, who)).json<Listed>().data.map((row) => row.number);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const product = (
      number: string,
      systemTypeId: number,
      productTypeId: number | null,
      unitOfMeasureId = 5,
    ) => ({
      number,
      description: `Product ${number}`,
      systemTypeId,
      productTypeId,
      unitOfMeasureId,
      price: 10,
    });
    const rows = await t.db
      .insert(products)
      .values([
        product('3000', 1, productTypeIds.concreteMix, 1),
        product('500', 1, productTypeIds.concreteMix, 1),
        product('CACL', 1, productTypeIds.concreteAdmixture),
        product('BARE', 1, null),
        product('FUEL', 1, productTypeIds.surcharge),
        product('57', 2, productTypeIds.stone, 6),
        product('HAUL', 2, productTypeIds.surcharge),
        product('8CMU', 3, productTypeIds.cmu),
        product('BOOM', 3, productTypeIds.surcharge),
      ])
      .returning({ id: products.id, number: products.number });
    for (const row of rows) ids[row.number] = row.id;

    const users = [
      { username: 'full', groupIds: [1001, 1002, 1003], permissions: everyScreen(5) },
      { username: 'concrete', groupIds: [1001], permissions: everyScreen(5) },
      { username: 'viewer', groupIds: [1001, 1002, 1003], permissions: everyScreen(2) },
      { username: 'noPrices', groupIds: [1001, 1002, 1003], permissions: everyScreen(4) },
    ];
    for (const user of users) {
      await t.addUser(user);
      tokens[user.username] = await t.login(user.username);
    }
  });
  afterAll(() => t?.close());

  it('sorts numbers by their digits first, codes without digits after them', async () => {
    expect(await numbers('concrete-products?sort=number')).toEqual(['500', '3000', 'BARE', 'CACL']);
    expect(await numbers('concrete-products?sort=number&order=desc')).toEqual([
      '3000',
      '500',
      'CACL',
      'BARE',
    ]);
  });

  it('gives each system type screen its products, and the other screen the fees of every type', async () => {
    expect(await numbers('concrete-products')).toEqual(['500', '3000', 'BARE', 'CACL']);
    expect(await numbers('aggregate-products')).toEqual(['57']);
    expect(await numbers('block-products')).toEqual(['8CMU']);
    expect(await numbers('other-products?sort=id')).toEqual(['FUEL', 'HAUL', 'BOOM']);
    expect(await numbers('other-products?systemTypeId=2,3&sort=id')).toEqual(['HAUL', 'BOOM']);
    const fuel = (await call('GET', `/api/v1/other-products/${ids.FUEL}`)).json<Json>();
    expect(fuel).toMatchObject({ systemTypeId: 1, productTypeId: productTypeIds.surcharge });
    // A product is on one screen only.
    expect((await call('GET', `/api/v1/concrete-products/${ids.FUEL}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/other-products/${ids.CACL}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/aggregate-products/${ids['3000']}`)).statusCode).toBe(404);
  });

  it('offers the other products only the product types of no system type', async () => {
    const types = (await call('GET', '/api/v1/other-product-types/options')).json<Listed>();
    expect(types.data.map((type) => type.id)).toEqual([productTypeIds.surcharge]);
  });

  it('never answers products of system types the caller lacks, nor lets them write one', async () => {
    expect(await numbers('concrete-products', 'concrete')).toEqual(['500', '3000', 'BARE', 'CACL']);
    expect(await numbers('aggregate-products', 'concrete')).toEqual([]);
    expect(await numbers('other-products', 'concrete')).toEqual(['FUEL']);
    const options = (
      await call('GET', '/api/v1/block-products/options', 'concrete')
    ).json<Listed>();
    expect(options.data).toEqual([]);
    expect(
      (await call('GET', `/api/v1/aggregate-products/${ids['57']}`, 'concrete')).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/v1/other-products/${ids.HAUL}`, 'concrete')).statusCode).toBe(
      404,
    );

    const stone = { number: 'NEW57', description: 'Stone', unitOfMeasureId: 6 };
    const refused = await call('POST', '/api/v1/aggregate-products', 'concrete', stone);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('aggregate');
    const fee = {
      number: 'ENV',
      description: 'Environmental fee',
      systemTypeId: 2,
      productTypeId: productTypeIds.surcharge,
      unitOfMeasureId: 5,
    };
    const notTheirs = await call('POST', '/api/v1/other-products', 'concrete', fee);
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json<{ data: Json[] }>().data).toEqual([
      { field: 'systemTypeId', reason: 'is not one of your system types' },
    ]);
    const moved = await call('PUT', `/api/v1/other-products/${ids.FUEL}`, 'concrete', {
      systemTypeId: 3,
      version: 1,
    });
    expect(moved.statusCode).toBe(400);
  });

  it('keeps a product on its screen: fee types on the other screen only, and back', async () => {
    const feeOnConcrete = await call('POST', '/api/v1/concrete-products', 'full', {
      number: 'ENV',
      description: 'Environmental fee',
      productTypeId: productTypeIds.surcharge,
      unitOfMeasureId: 5,
    });
    expect(feeOnConcrete.statusCode).toBe(400);
    expect(feeOnConcrete.json<{ data: Json[] }>().data[0]).toMatchObject({
      field: 'productTypeId',
    });

    const mixAsOther = await call('POST', '/api/v1/other-products', 'full', {
      number: 'X1',
      description: 'Not a fee',
      systemTypeId: 1,
      productTypeId: productTypeIds.concreteMix,
      unitOfMeasureId: 5,
    });
    expect(mixAsOther.statusCode).toBe(400);
    expect(mixAsOther.json<{ data: Json[] }>().data[0]).toMatchObject({
      field: 'productTypeId',
      reason: expect.stringContaining('concrete product type'),
    });

    const retyped = await call('PUT', `/api/v1/concrete-products/${ids.BARE}`, 'full', {
      productTypeId: productTypeIds.surcharge,
      version: 1,
    });
    expect(retyped.statusCode).toBe(400);
  });

  it("creates a product with its screen's system type, its number unique within it", async () => {
    const created = await call('POST', '/api/v1/block-products', 'full', {
      number: '57',
      description: '57 block',
      productTypeId: productTypeIds.cmu,
      unitOfMeasureId: 5,
      price: 2.25,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      number: '57',
      taxableFlag: true,
      inactiveFlag: false,
      labels: { productTypeId: 'Concrete masonry unit', unitOfMeasureId: expect.any(String) },
    });
    const [stored] = await t.db
      .select({ systemTypeId: products.systemTypeId })
      .from(products)
      .where(eq(products.id, created.json<{ id: number }>().id));
    expect(stored?.systemTypeId).toBe(3);

    const again = await call('POST', '/api/v1/block-products', 'full', {
      number: '57',
      description: 'Another 57',
      unitOfMeasureId: 5,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ data: Json[] }>().data[0]).toMatchObject({ field: 'number' });
  });

  it("treats a raw material's cost as a price (R-PERM-6)", async () => {
    const created = await call('POST', '/api/v1/raw-materials', 'full', {
      code: 'CEM',
      description: 'Portland cement',
      unitOfMeasureId: 2,
      specificGravity: 3.15,
      cost: 0.07,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    for (const who of ['viewer', 'noPrices']) {
      const read = (await call('GET', `/api/v1/raw-materials/${id}`, who)).json<Json>();
      expect(read).toMatchObject({ code: 'CEM', specificGravity: 3.15 });
      expect(read, who).not.toHaveProperty('cost');
    }
    const changed = await call('PUT', `/api/v1/raw-materials/${id}`, 'noPrices', {
      cost: 0.08,
      version: 1,
    });
    expect(changed.statusCode).toBe(403);
    const duplicate = await call('POST', '/api/v1/raw-materials', 'full', {
      code: 'CEM',
      description: 'Cement again',
      unitOfMeasureId: 2,
    });
    expect(duplicate.statusCode).toBe(409);
  });
});
