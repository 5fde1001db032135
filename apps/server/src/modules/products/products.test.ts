/**
 * The product catalogue read order entry uses (GET /api/v1/products): every system type the caller
 * has, in one list, with the products that have a mix at given plants. The maintenance screens'
 * resources are tested in src/resources/products.test.ts and concrete-mixes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plants } from '../../db/schema/plants';
import {
  concreteMixes,
  concreteMixRawMaterials,
  products,
  rawMaterials,
} from '../../db/schema/products';
import { productTypeIds } from '../../db/reference-ids';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

type Listed = { error: boolean; count: number; data: Record<string, unknown>[] };

describe.each(databaseKinds)('products API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const get = (url: string, who = 'full') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
  const numbers = (body: Listed) => body.data.map((product) => product.number);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [north, south] = await t.db
      .insert(plants)
      .values([
        { description: 'North', systemTypeId: 1 },
        { description: 'South', systemTypeId: 1 },
      ])
      .returning({ id: plants.id });
    ids.north = north!.id;
    ids.south = south!.id;
    const [cement, sand, water] = await t.db
      .insert(rawMaterials)
      .values([
        { code: 'CEM1', description: 'Portland cement', unitOfMeasureId: 2, cost: 0.07 },
        { code: 'SAND', description: 'Concrete sand', unitOfMeasureId: 2 },
        { code: 'H2O', description: 'Water', unitOfMeasureId: 3 },
      ])
      .returning({ id: rawMaterials.id });
    ids.cement = cement!.id;
    ids.sand = sand!.id;
    ids.water = water!.id;
    const rows = await t.db
      .insert(products)
      .values([
        {
          number: '3000',
          description: '3000 PSI pump mix',
          systemTypeId: 1,
          productTypeId: productTypeIds.concreteMix,
          unitOfMeasureId: 1,
          price: 128.5,
        },
        {
          number: '4000',
          description: '4000 PSI',
          systemTypeId: 1,
          productTypeId: productTypeIds.concreteMix,
          unitOfMeasureId: 1,
          price: 139,
        },
        {
          number: 'ACC',
          description: 'Accelerator',
          systemTypeId: 1,
          productTypeId: productTypeIds.concreteAdmixture,
          unitOfMeasureId: 4,
          price: 2.1,
        },
        {
          number: '57',
          description: 'Crushed stone 57',
          systemTypeId: 2,
          productTypeId: productTypeIds.stone,
          unitOfMeasureId: 6,
          price: 24,
        },
        {
          number: 'CMU8',
          description: '8in block',
          systemTypeId: 3,
          productTypeId: productTypeIds.cmu,
          unitOfMeasureId: 5,
          price: 1.9,
        },
        {
          number: 'OLD',
          description: 'Retired mix',
          systemTypeId: 1,
          productTypeId: productTypeIds.concreteMix,
          unitOfMeasureId: 1,
          inactiveFlag: true,
        },
      ])
      .returning({ id: products.id, number: products.number });
    for (const row of rows) ids[row.number] = row.id;
    const [mixNorth, mixSouth] = await t.db
      .insert(concreteMixes)
      .values([
        {
          productId: ids['3000']!,
          plantId: ids.north,
          description: '3000 at North',
          strength: 3000,
          slump: 4,
          air: 5.5,
          mixerSeconds: 70,
          aggregateSize: '3/4',
        },
        {
          productId: ids['3000']!,
          plantId: ids.south,
          description: '3000 at South',
          strength: 3000,
        },
        {
          productId: ids['4000']!,
          plantId: ids.south,
          description: '4000 at South',
          inactiveFlag: true,
        },
      ])
      .returning({ id: concreteMixes.id });
    await t.db.insert(concreteMixRawMaterials).values([
      { concreteMixId: mixNorth!.id, rawMaterialId: ids.water, sequence: 3, quantity: 32 },
      { concreteMixId: mixNorth!.id, rawMaterialId: ids.cement, sequence: 1, quantity: 517 },
      {
        concreteMixId: mixNorth!.id,
        rawMaterialId: ids.sand,
        sequence: 2,
        quantity: 1350,
        unitOfMeasureId: 6,
      },
      { concreteMixId: mixSouth!.id, rawMaterialId: ids.cement, sequence: 1, quantity: 500 },
    ]);

    await t.addUser({ username: 'full', groupIds: [1001, 1002, 1003], permissions: { 50801: 5 } });
    await t.addUser({ username: 'concrete', groupIds: [1001], permissions: { 16000: 5 } });
    await t.addUser({
      username: 'viewer',
      groupIds: [1001, 1002, 1003],
      permissions: { 26000: 2 },
    });
    await t.addUser({ username: 'entry', groupIds: [1001, 1002, 1003], permissions: { 35000: 4 } });
    await t.addUser({ username: 'noGroups', permissions: { 16000: 5 } });
    await t.addUser({ username: 'nobody', groupIds: [1001], permissions: { 50101: 5 } });
    for (const who of ['full', 'concrete', 'viewer', 'entry', 'noGroups', 'nobody']) {
      tokens[who] = await t.login(who);
    }
  });
  afterAll(() => t.close());

  it('lists active products of every allowed system type by number, with prices at level 5', async () => {
    const body = (await get('/api/v1/products')).json<Listed>();
    expect(body.count).toBe(5);
    expect(numbers(body)).toEqual(['3000', '4000', '57', 'ACC', 'CMU8']);
    expect(body.data[0]).toMatchObject({
      id: ids['3000'],
      description: '3000 PSI pump mix',
      systemTypeId: 1,
      productTypeId: productTypeIds.concreteMix,
      unitOfMeasureId: 1,
      price: 128.5,
      taxableFlag: true,
      inactiveFlag: false,
      version: 1,
    });
  });

  it('never answers aggregate or block products to a concrete-only user', async () => {
    const body = (await get('/api/v1/products?includeInactive=true', 'concrete')).json<Listed>();
    expect(numbers(body)).toEqual(['3000', '4000', 'ACC', 'OLD']);
    expect(body.data.every((product) => product.systemTypeId === 1)).toBe(true);
    expect((await get('/api/v1/products?systemTypeId=2', 'concrete')).json()).toEqual({
      error: false,
      count: 0,
      data: [],
    });
    expect((await get(`/api/v1/products/${ids['57']}`, 'concrete')).statusCode).toBe(404);
    expect((await get(`/api/v1/products/${ids.CMU8}`, 'concrete')).statusCode).toBe(404);
    expect((await get('/api/v1/products', 'noGroups')).json()).toEqual({
      error: false,
      count: 0,
      data: [],
    });
    expect((await get(`/api/v1/products/${ids['3000']}`, 'noGroups')).statusCode).toBe(404);
  });

  it('filters by system type, product type and plant, and sorts and pages', async () => {
    expect(numbers((await get('/api/v1/products?systemTypeId=3')).json())).toEqual(['CMU8']);
    expect(
      numbers(
        (await get(`/api/v1/products?productTypeId=${productTypeIds.concreteAdmixture}`)).json(),
      ),
    ).toEqual(['ACC']);
    expect(numbers((await get(`/api/v1/products?plantId=${ids.north}`)).json())).toEqual(['3000']);
    // The 4000 mix at South is inactive: it counts only with includeInactive.
    expect(numbers((await get(`/api/v1/products?plantId=${ids.south}`)).json())).toEqual(['3000']);
    expect(
      numbers((await get(`/api/v1/products?plantId=${ids.south}&includeInactive=true`)).json()),
    ).toEqual(['3000', '4000']);
    const byDescription = (
      await get('/api/v1/products?sort=description&order=desc')
    ).json<Listed>();
    expect(numbers(byDescription)).toEqual(['57', 'ACC', 'CMU8', '4000', '3000']);
    const page = (await get('/api/v1/products?sort=id&limit=2&offset=2')).json<Listed>();
    expect(page.count).toBe(5);
    expect(numbers(page)).toEqual(['ACC', '57']);
  });

  it('searches number and description', async () => {
    expect(numbers((await get('/api/v1/products?search=psi')).json())).toEqual(['3000', '4000']);
    expect(numbers((await get('/api/v1/products?search=cmu')).json())).toEqual(['CMU8']);
    expect(numbers((await get('/api/v1/products?search=PUMP')).json())).toEqual(['3000']);
  });

  it("answers one product of any of the caller's system types; its mixes are a resource", async () => {
    const response = await get(`/api/v1/products/${ids['57']}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids['57'],
      number: '57',
      systemTypeId: 2,
      productTypeId: productTypeIds.stone,
      unitOfMeasureId: 6,
      price: 24,
    });
    expect(response.json()).not.toHaveProperty('mixes');
    const mixes = (
      await get(`/api/v1/concrete-mixes?productId=${ids['3000']}&sort=id`, 'concrete')
    ).json<Listed>();
    expect(mixes.data.map((mix) => mix.description)).toEqual(['3000 at North', '3000 at South']);
  });

  it('removes prices at levels 2 and 4', async () => {
    for (const who of ['viewer', 'entry']) {
      const list = (await get('/api/v1/products', who)).json<Listed>();
      expect(list.count).toBe(5);
      for (const product of list.data) expect(product).not.toHaveProperty('price');
      const one = (await get(`/api/v1/products/${ids['3000']}`, who)).json<
        Record<string, unknown>
      >();
      expect(one).not.toHaveProperty('price');
      expect(one.number).toBe('3000');
    }
  });

  it('refuses a user without the forms, answers 401 without a token and 404 for unknown ids', async () => {
    expect((await get('/api/v1/products', 'nobody')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(401);
    expect((await get('/api/v1/products/987654')).statusCode).toBe(404);
  });

  it.each([
    ['sort=price', 'sort'],
    ['limit=0', 'limit'],
    ['systemTypeId=0', 'systemTypeId'],
    ['productTypeId=-3', 'productTypeId'],
    ['plantId=a', 'plantId'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await get(`/api/v1/products?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ data: { field: string }[] }>().data[0]!.field).toBe(field);
  });
});
