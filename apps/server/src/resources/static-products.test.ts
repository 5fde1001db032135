/**
 * R-MAINT-22 and R-MAINT-23, beyond the contract every resource keeps (R-RES-9): short loads per
 * system type and plant, once per system type, plant and threshold among active rows; static
 * products of the row's system type, once each, read by `staticProductsFor` for orders and
 * tickets; plants and products picked among those of the row's system type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import { resourceByName } from '@dispatch/domain/resources/registry';
import { products } from '../db/schema/products';
import { productTypeIds, shortLoadTypeIds } from '../db/reference-ids';
import { sampleBody } from '../../test/resource-samples';
import { callerOf, createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';
import { staticProductsFor } from './static-products';

type Json = Record<string, unknown>;
type Problems = { data: { field: string; reason: string }[] };
type Listed = { data: Json[]; count: number };

const everyForm = Object.fromEntries(menuCatalogue.map((entry) => [entry.id, 5]));

describe.each(databaseKinds)('short loads and static products on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'admin');
  const ids: Record<string, number> = {};

  const plant = async (systemTypeId: number) => {
    const body = await sampleBody(t, tokens.admin!, resourceByName('plants')!);
    const created = await call('POST', '/api/v1/plants', 'admin', { ...body, systemTypeId });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const groupIds = [1001, 1002, 1003];
    await t.addUser({ username: 'admin', isSysadmin: true, groupIds, permissions: everyForm });
    await t.addUser({ username: 'clerk', groupIds, permissions: everyForm });
    for (const who of ['admin', 'clerk']) tokens[who] = await t.login(who);
    const fee = (number: string, description: string, systemTypeId: number) => ({
      number,
      description,
      systemTypeId,
      productTypeId: productTypeIds.surcharge,
      unitOfMeasureId: 5,
      price: 25,
    });
    const rows = await t.db
      .insert(products)
      .values([
        fee('ENV', 'Environmental fee', 1),
        fee('ENV', 'Environmental fee', 2),
        fee('FUEL', 'Fuel surcharge', 1),
        { ...fee('OLD', 'Retired fee', 1), inactiveFlag: true },
      ])
      .returning({ id: products.id });
    ['envConcrete', 'envAggregate', 'fuelConcrete', 'retired'].forEach((name, index) => {
      ids[name] = rows[index]!.id;
    });
    ids.concretePlant = await plant(1);
    ids.aggregatePlant = await plant(2);
  });
  afterAll(() => t?.close());

  describe('short loads (R-MAINT-22)', () => {
    const base = '/api/v1/short-load-types';

    it('keeps a threshold and charge per system type and plant', async () => {
      const seeded = (
        await call('GET', `${base}/${shortLoadTypeIds.aggregateUnder10}`)
      ).json<Json>();
      expect(seeded).toMatchObject({ systemTypeId: 2, plantId: null, minimumQuantity: 10 });

      const everyPlant = await call('POST', base, 'admin', {
        id: 901,
        description: 'Concrete under 3 yd',
        systemTypeId: 1,
        minimumQuantity: 3,
        charge: 120,
      });
      expect(everyPlant.statusCode, everyPlant.body).toBe(201);
      expect(everyPlant.json<Json>()).toMatchObject({ systemTypeId: 1, plantId: null });

      // The same threshold at one plant is another row; so is another system type's.
      const onePlant = await call('POST', base, 'admin', {
        id: 902,
        description: 'Concrete under 3 yd',
        systemTypeId: 1,
        plantId: ids.concretePlant,
        minimumQuantity: 3,
        charge: 80,
      });
      expect(onePlant.statusCode, onePlant.body).toBe(201);
      expect(onePlant.json<{ labels: Json }>().labels.plantId).toBeTruthy();
      const listed = (await call('GET', `${base}?systemTypeId=1&plantId=${ids.concretePlant}`))
        .json<Listed>()
        .data.map((row) => row.id);
      expect(listed).toEqual([902]);
    });

    it('refuses a second active row for the same system type, plant and threshold', async () => {
      const again = await call('POST', base, 'admin', {
        id: 903,
        description: 'Another name',
        systemTypeId: 1,
        minimumQuantity: 3,
        charge: 99,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json<Problems>().data).toEqual([
        {
          field: 'minimumQuantity',
          reason:
            'is already the threshold of Concrete under 3 yd (901) for this system type and every plant: change that one, or deactivate it first',
        },
      ]);
      // Moving the plant row to every plant runs into the same rule.
      const moved = await call('PUT', `${base}/902`, 'admin', { plantId: null, version: 1 });
      expect(moved.statusCode).toBe(400);

      // Once the old row is inactive its place is free.
      expect((await call('DELETE', `${base}/901?version=1`)).statusCode).toBe(200);
      const replacement = await call('POST', base, 'admin', {
        id: 903,
        description: 'Concrete under 3 yd, new charge',
        systemTypeId: 1,
        minimumQuantity: 3,
        charge: 130,
      });
      expect(replacement.statusCode, replacement.body).toBe(201);
      const revived = await call('PUT', `${base}/901`, 'admin', {
        inactiveFlag: false,
        version: 2,
      });
      expect(revived.statusCode).toBe(400);
    });

    it('refuses a plant of another system type, and picks plants of the row’s', async () => {
      const wrong = await call('POST', base, 'admin', {
        id: 904,
        description: 'Pit short load',
        systemTypeId: 1,
        plantId: ids.aggregatePlant,
        minimumQuantity: 8,
        charge: 40,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<Problems>().data).toEqual([
        {
          field: 'plantId',
          reason: 'is an aggregate plant: choose a concrete plant, or none for every plant',
        },
      ]);
      const options = (await call('GET', '/api/v1/plants/options?systemTypeId=2&limit=100'))
        .json<Listed>()
        .data.map((option) => option.id);
      expect(options).toContain(ids.aggregatePlant);
      expect(options).not.toContain(ids.concretePlant);
    });
  });

  describe('static products (R-MAINT-23)', () => {
    const base = '/api/v1/static-products';

    it('adds a fee of the row’s system type, named by its product', async () => {
      const created = await call('POST', base, 'admin', {
        systemTypeId: 1,
        productId: ids.envConcrete,
        addToTickets: false,
      });
      expect(created.statusCode, created.body).toBe(201);
      const row = created.json<Json & { id: number; labels: Json }>();
      expect(row).toMatchObject({ quantity: 1, addToOrders: true, addToTickets: false });
      expect(row.labels.productId).toBe('ENV Environmental fee');
      ids.staticEnv = row.id;
      const fuel = await call('POST', base, 'admin', {
        systemTypeId: 1,
        productId: ids.fuelConcrete,
        quantity: 2,
      });
      expect(fuel.statusCode, fuel.body).toBe(201);
      ids.staticFuel = fuel.json<{ id: number }>().id;
    });

    it('refuses a product of another system type, and a product listed twice', async () => {
      const wrong = await call('POST', base, 'admin', {
        systemTypeId: 2,
        productId: ids.envConcrete,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<Problems>().data).toEqual([
        { field: 'productId', reason: 'is a concrete product: choose an aggregate product' },
      ]);
      const twice = await call('POST', base, 'admin', {
        systemTypeId: 1,
        productId: ids.envConcrete,
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json<Problems>().data[0]!.reason).toBe(
        `is already a static product of concrete (${ids.staticEnv})`,
      );
      const aggregate = await call('POST', base, 'admin', {
        systemTypeId: 2,
        productId: ids.envAggregate,
      });
      expect(aggregate.statusCode, aggregate.body).toBe(201);
    });

    it('is found by its product’s number or name', async () => {
      const found = (await call('GET', `${base}?search=environmental`)).json<Listed>();
      expect(found.data.map((row) => row.productId).sort()).toEqual(
        [ids.envConcrete, ids.envAggregate].sort(),
      );
    });

    it('picks among the fees of the row’s system type', async () => {
      const options = (await call('GET', '/api/v1/other-products/options?systemTypeId=2'))
        .json<Listed>()
        .data.map((option) => option.id);
      expect(options).toEqual([ids.envAggregate]);
    });

    it('answers staticProductsFor orders and tickets: active rows of active products', async () => {
      await call('POST', base, 'admin', { systemTypeId: 1, productId: ids.retired });
      const forOrders = await staticProductsFor(t.db, 1, 'order');
      expect(forOrders).toEqual([
        expect.objectContaining({ productId: ids.envConcrete, number: 'ENV', quantity: 1 }),
        expect.objectContaining({ productId: ids.fuelConcrete, number: 'FUEL', quantity: 2 }),
      ]);
      const forTickets = await staticProductsFor(t.db, 1, 'ticket');
      expect(forTickets.map((line) => line.productId)).toEqual([ids.fuelConcrete]);
      expect((await call('DELETE', `${base}/${ids.staticFuel}?version=1`)).statusCode).toBe(200);
      expect(await staticProductsFor(t.db, 1, 'ticket')).toEqual([]);
      expect((await staticProductsFor(t.db, 2, 'order')).map((line) => line.number)).toEqual([
        'ENV',
      ]);
      expect(await staticProductsFor(t.db, 3, 'order')).toEqual([]);
    });

    it('is for administrators, and every change is in the audit trail', async () => {
      expect((await call('GET', base, 'clerk')).statusCode).toBe(403);
      const audit = (
        await call(
          'GET',
          `/api/v1/admin/audit-trail?resource=staticProducts&recordId=${ids.staticEnv}`,
        )
      ).json<{ data: { action: string; recordLabel: string }[] }>();
      expect(audit.data).toEqual([
        expect.objectContaining({ action: 'created', recordLabel: 'ENV Environmental fee' }),
      ]);
    });
  });
});
