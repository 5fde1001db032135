/**
 * What is special about concrete mixes (R-ENTITY-13, R-MAINT-15): a concrete product's design at
 * one plant, with its raw materials as child rows keyed by mix and raw material (no id column:
 * ChildBinding.rowKey), saved with the mix under its version. Concrete only (ADR 005).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formIdOf } from '@dispatch/domain/resources/define';
import { plants } from '../../db/schema/plants';
import { products, rawMaterials } from '../../db/schema/products';
import { productTypeIds } from '../../db/reference-ids';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

type Json = Record<string, unknown>;
type Listed = { error: boolean; count: number; data: Json[] };
type Mix = Json & { id: number; version: number; rawMaterials: Json[] };

describe.each(databaseKinds)('concrete mixes on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'full');
  const newMix = (extra: Json = {}) => ({
    productId: ids['3000'],
    plantId: ids.north,
    description: '3000 at North',
    strength: 3000,
    slump: 4,
    air: 5.5,
    aggregateSize: '#57',
    mixerSeconds: 70,
    waterToCementRatio: 0.45,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [north, south, pit] = await t.db
      .insert(plants)
      .values([
        { description: 'North', systemTypeId: 1 },
        { description: 'South', systemTypeId: 1 },
        { description: 'Quarry', systemTypeId: 2 },
      ])
      .returning({ id: plants.id });
    Object.assign(ids, { north: north!.id, south: south!.id, pit: pit!.id });
    const materials = await t.db
      .insert(rawMaterials)
      .values([
        { code: 'CEM', description: 'Portland cement', unitOfMeasureId: 2, cost: 0.07 },
        { code: 'SAND', description: 'Concrete sand', unitOfMeasureId: 2 },
        { code: 'H2O', description: 'Water', unitOfMeasureId: 3 },
      ])
      .returning({ id: rawMaterials.id, code: rawMaterials.code });
    for (const row of materials) ids[row.code] = row.id;
    const rows = await t.db
      .insert(products)
      .values([
        {
          number: '3000',
          description: '3000 psi',
          systemTypeId: 1,
          productTypeId: productTypeIds.concreteMix,
          unitOfMeasureId: 1,
        },
        {
          number: 'FUEL',
          description: 'Fuel surcharge',
          systemTypeId: 1,
          productTypeId: productTypeIds.surcharge,
          unitOfMeasureId: 5,
        },
        {
          number: '57',
          description: '#57 stone',
          systemTypeId: 2,
          productTypeId: productTypeIds.stone,
          unitOfMeasureId: 6,
        },
      ])
      .returning({ id: products.id, number: products.number });
    for (const row of rows) ids[row.number] = row.id;

    const concreteForm = formIdOf('ConcreteProductMaintenance');
    const users = [
      { username: 'full', groupIds: [1001, 1002, 1003], permissions: { [concreteForm]: 5 } },
      { username: 'aggregateOnly', groupIds: [1002], permissions: { [concreteForm]: 5 } },
      { username: 'viewer', groupIds: [1001], permissions: { [concreteForm]: 2 } },
    ];
    for (const user of users) {
      await t.addUser(user);
      tokens[user.username] = await t.login(user.username);
    }
  });
  afterAll(() => t?.close());

  it('saves a mix with its raw materials, answered in batching sequence', async () => {
    const created = await call(
      'POST',
      '/api/v1/concrete-mixes',
      'full',
      newMix({
        rawMaterials: [
          { rawMaterialId: ids.H2O, sequence: 3, quantity: 32 },
          { rawMaterialId: ids.CEM, sequence: 1, quantity: 517 },
          { rawMaterialId: ids.SAND, sequence: 2, quantity: 1350, unitOfMeasureId: 6 },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const mix = created.json<Mix>();
    expect(mix).toMatchObject({
      productId: ids['3000'],
      plantId: ids.north,
      strength: 3000,
      air: 5.5,
      cementType: '',
      applyAdmixDosageFactor: false,
      labels: { productId: '3000 3000 psi', plantId: 'North' },
      version: 1,
    });
    // A row's id is its raw material: the table's key is mix + raw material.
    expect(mix.rawMaterials).toEqual([
      { id: ids.CEM, rawMaterialId: ids.CEM, sequence: 1, quantity: 517, unitOfMeasureId: null },
      { id: ids.SAND, rawMaterialId: ids.SAND, sequence: 2, quantity: 1350, unitOfMeasureId: 6 },
      { id: ids.H2O, rawMaterialId: ids.H2O, sequence: 3, quantity: 32, unitOfMeasureId: null },
    ]);
    ids.mix = mix.id;
  });

  it('replaces the recipe on save, takes its own answer back, and leaves it alone when not sent', async () => {
    const mix = (await call('GET', `/api/v1/concrete-mixes/${ids.mix}`)).json<Mix>();
    const changed = await call('PUT', `/api/v1/concrete-mixes/${ids.mix}`, 'full', {
      version: mix.version,
      rawMaterials: [
        // The sand row becomes the water row (same id sent back, another raw material).
        { id: ids.SAND, rawMaterialId: ids.H2O, sequence: 2, quantity: 30 },
        { id: ids.CEM, rawMaterialId: ids.CEM, sequence: 1, quantity: 540 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Mix>().rawMaterials).toEqual([
      { id: ids.CEM, rawMaterialId: ids.CEM, sequence: 1, quantity: 540, unitOfMeasureId: null },
      { id: ids.H2O, rawMaterialId: ids.H2O, sequence: 2, quantity: 30, unitOfMeasureId: null },
    ]);

    const answered = (await call('GET', `/api/v1/concrete-mixes/${ids.mix}`)).json<Mix>();
    const sentBack = await call('PUT', `/api/v1/concrete-mixes/${ids.mix}`, 'full', answered);
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    expect(sentBack.json<Mix>().rawMaterials).toEqual(answered.rawMaterials);

    const renamed = await call('PUT', `/api/v1/concrete-mixes/${ids.mix}`, 'full', {
      description: '3000 at North, winter',
      version: sentBack.json<Mix>().version,
    });
    expect(renamed.json<Mix>().rawMaterials).toHaveLength(2);
  });

  it('refuses a raw material listed twice, naming the row', async () => {
    const mix = (await call('GET', `/api/v1/concrete-mixes/${ids.mix}`)).json<Mix>();
    const twice = await call('PUT', `/api/v1/concrete-mixes/${ids.mix}`, 'full', {
      version: mix.version,
      rawMaterials: [
        { rawMaterialId: ids.CEM, quantity: 500 },
        { rawMaterialId: ids.SAND, quantity: 1300 },
        { rawMaterialId: ids.CEM, quantity: 20 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ data: Json[] }>().data).toEqual([
      {
        field: 'rawMaterials.2.rawMaterialId',
        reason: 'is already on row 1: list each raw material once',
      },
    ]);
    const kept = (await call('GET', `/api/v1/concrete-mixes/${ids.mix}`)).json<Mix>();
    expect(kept.version).toBe(mix.version);
    expect(kept.rawMaterials).toEqual(mix.rawMaterials);
  });

  it('keeps one mix per product and plant, of a concrete product at a concrete plant', async () => {
    const problem = async (body: Json) => {
      const response = await call('POST', '/api/v1/concrete-mixes', 'full', newMix(body));
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ data: Json[] }>().data[0];
    };
    expect(await problem({})).toMatchObject({
      field: 'plantId',
      reason: expect.stringContaining('one mix per product and plant'),
    });
    expect(await problem({ productId: ids['57'], plantId: ids.south })).toMatchObject({
      field: 'productId',
      reason: 'must be a concrete product',
    });
    expect(await problem({ productId: ids.FUEL, plantId: ids.south })).toMatchObject({
      field: 'productId',
    });
    expect(await problem({ plantId: ids.pit })).toMatchObject({
      field: 'plantId',
      reason: 'must be a concrete plant',
    });
    const south = await call(
      'POST',
      '/api/v1/concrete-mixes',
      'full',
      newMix({
        plantId: ids.south,
        description: '3000 at South',
      }),
    );
    expect(south.statusCode, south.body).toBe(201);
  });

  it("lists a product's mixes for its form, and filters by plant", async () => {
    const ofProduct = (
      await call('GET', `/api/v1/concrete-mixes?productId=${ids['3000']}&sort=id`)
    ).json<Listed>();
    expect(ofProduct.data.map((mix) => mix.labels)).toEqual([
      expect.objectContaining({ plantId: 'North' }),
      expect.objectContaining({ plantId: 'South' }),
    ]);
    const atSouth = (
      await call('GET', `/api/v1/concrete-mixes?plantId=${ids.south}`)
    ).json<Listed>();
    expect(atSouth.data.map((mix) => mix.description)).toEqual(['3000 at South']);
    const viewer = await call('GET', `/api/v1/concrete-mixes/${ids.mix}`, 'viewer');
    expect(viewer.statusCode).toBe(200);
  });

  it('is concrete only: a caller outside the Concrete group sees and writes no mix', async () => {
    const listed = (await call('GET', '/api/v1/concrete-mixes', 'aggregateOnly')).json<Listed>();
    expect(listed.count).toBe(0);
    expect(
      (await call('GET', `/api/v1/concrete-mixes/${ids.mix}`, 'aggregateOnly')).statusCode,
    ).toBe(404);
    const created = await call(
      'POST',
      '/api/v1/concrete-mixes',
      'aggregateOnly',
      newMix({ plantId: ids.south, description: 'Not mine' }),
    );
    expect(created.statusCode).toBe(403);
  });
});
