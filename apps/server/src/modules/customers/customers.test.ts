import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerAggregatePricing,
  customerConcretePricing,
  customers,
} from '../../db/schema/customers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';

type Listed = { error: boolean; count: number; data: Record<string, unknown>[] };

describe.each(databaseKinds)('customers API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const get = (url: string, who = 'full') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const rows = await t.db
      .insert(customers)
      .values([
        { number: 'C100', name: 'Acme Builders', phoneNumber: '555-0100' },
        { number: 'C200', name: 'bayside Paving', phoneNumber: '555-0200' },
        { number: 'C300', name: 'Cornerstone Homes', phoneNumber: '555-0300' },
        { number: 'C400', name: 'Dormant Co', inactiveFlag: true },
        { number: 'X_1', name: '100% Concrete', phoneNumber: '555-9999' },
      ])
      .returning({ id: customers.id, number: customers.number });
    for (const row of rows) ids[row.number] = row.id;
    await t.db.insert(customerConcretePricing).values([
      {
        customerId: ids.C100!,
        cartageRate: 12.5,
        standbyPrice: 90,
        priceAdjustment: -2,
        startDate: '2026-01-01',
      },
      {
        customerId: ids.C100!,
        cartageRate: 14,
        startDate: '2025-01-01',
        terminationDate: '2025-12-31',
      },
      { customerId: ids.C300!, cartageRate: 10 },
    ]);
    await t.db
      .insert(customerAggregatePricing)
      .values([{ customerId: ids.C200!, standbyPrice: 40, overrideFuelSurchargeFlag: true }]);

    await t.addUser({ username: 'full', groupIds: [1001, 1002, 1003], permissions: { 50101: 5 } });
    await t.addUser({ username: 'viewer', groupIds: [1001], permissions: { 50101: 2 } });
    await t.addUser({ username: 'entry', groupIds: [1001], permissions: { 25000: 4 } });
    await t.addUser({ username: 'nobody', groupIds: [1001], permissions: { 50101: 1 } });
    for (const who of ['full', 'viewer', 'entry', 'nobody']) tokens[who] = await t.login(who);
  });
  afterAll(() => t.close());

  it('lists active customers by name, case-insensitively, with the total count', async () => {
    const response = await get('/api/v1/customers');
    expect(response.statusCode).toBe(200);
    const body = response.json<Listed>();
    expect(body.error).toBe(false);
    expect(body.count).toBe(4);
    expect(body.data.map((c) => c.name)).toEqual([
      '100% Concrete',
      'Acme Builders',
      'bayside Paving',
      'Cornerstone Homes',
    ]);
    expect(body.data[1]).toMatchObject({
      id: ids.C100,
      number: 'C100',
      phoneNumber: '555-0100',
      address1: null,
      inactiveFlag: false,
      version: 1,
    });
    expect(body.data[1]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it('includes inactive customers on request, and sorts and pages', async () => {
    const all = (
      await get('/api/v1/customers?includeInactive=true&sort=number&order=desc')
    ).json<Listed>();
    expect(all.count).toBe(5);
    expect(all.data.map((c) => c.number)).toEqual(['X_1', 'C400', 'C300', 'C200', 'C100']);

    const page = (
      await get('/api/v1/customers?includeInactive=1&sort=id&limit=2&offset=2')
    ).json<Listed>();
    expect(page.count).toBe(5);
    expect(page.data.map((c) => c.number)).toEqual(['C300', 'C400']);

    const beyond = (await get('/api/v1/customers?offset=50')).json<Listed>();
    expect(beyond).toEqual({ error: false, count: 4, data: [] });
  });

  it('searches name, number and phone, taking % literally', async () => {
    const byName = (await get('/api/v1/customers?search=BAYSIDE')).json<Listed>();
    expect(byName.data.map((c) => c.number)).toEqual(['C200']);
    const byNumber = (await get('/api/v1/customers?search=c30')).json<Listed>();
    expect(byNumber.data.map((c) => c.number)).toEqual(['C300']);
    const byPhone = (await get('/api/v1/customers?search=0100')).json<Listed>();
    expect(byPhone.data.map((c) => c.number)).toEqual(['C100']);
    const literal = (await get('/api/v1/customers?search=%25')).json<Listed>();
    expect(literal.data.map((c) => c.number)).toEqual(['X_1']);
    const underscore = (await get('/api/v1/customers?search=_')).json<Listed>();
    expect(underscore.data.map((c) => c.number)).toEqual(['X_1']);
  });

  it('keeps customers with pricing defaults for a system type', async () => {
    const concrete = (await get('/api/v1/customers?systemTypeId=1')).json<Listed>();
    expect(concrete.data.map((c) => c.number)).toEqual(['C100', 'C300']);
    const aggregate = (await get('/api/v1/customers?systemTypeId=2')).json<Listed>();
    expect(aggregate.data.map((c) => c.number)).toEqual(['C200']);
    const block = (await get('/api/v1/customers?systemTypeId=3')).json<Listed>();
    expect(block.count).toBe(0);
  });

  it('answers a customer with its pricing defaults per system type, with prices at level 5', async () => {
    const response = await get(`/api/v1/customers/${ids.C100}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      number: string;
      pricingDefaults: Record<string, Record<string, unknown>[]>;
    }>();
    expect(body.number).toBe('C100');
    expect(body.pricingDefaults.concrete!.map((p) => p.startDate)).toEqual([
      '2025-01-01',
      '2026-01-01',
    ]);
    expect(body.pricingDefaults.concrete![1]).toMatchObject({
      customerId: ids.C100,
      cartageRate: 12.5,
      standbyPrice: 90,
      priceAdjustment: -2,
      terminationDate: null,
      version: 1,
    });
    expect(body.pricingDefaults.aggregate).toEqual([]);
    const other = (await get(`/api/v1/customers/${ids.C200}`)).json<{
      pricingDefaults: Record<string, Record<string, unknown>[]>;
    }>();
    expect(other.pricingDefaults.aggregate![0]).toMatchObject({
      standbyPrice: 40,
      priceAdjustment: 0,
      overrideFuelSurchargeFlag: true,
    });
  });

  it("removes prices at levels 2 and 4, and shows only the caller's system types", async () => {
    for (const who of ['viewer', 'entry']) {
      const response = await get(`/api/v1/customers/${ids.C100}`, who);
      expect(response.statusCode).toBe(200);
      const pricing = response.json<{
        pricingDefaults: Record<string, Record<string, unknown>[]>;
      }>().pricingDefaults;
      expect(pricing.concrete).toHaveLength(2);
      for (const row of pricing.concrete!) {
        expect(row).not.toHaveProperty('cartageRate');
        expect(row).not.toHaveProperty('standbyPrice');
        expect(row).not.toHaveProperty('priceAdjustment');
        expect(row).not.toHaveProperty('priceAdjustmentPercentFlag');
        expect(row).toHaveProperty('startDate');
      }
    }
    const concreteOnly = (await get(`/api/v1/customers/${ids.C200}`, 'viewer')).json<{
      pricingDefaults: Record<string, unknown[]>;
    }>();
    expect(concreteOnly.pricingDefaults.aggregate).toEqual([]);
  });

  it('lets order entry users read customers, and refuses users without the form', async () => {
    expect((await get('/api/v1/customers', 'entry')).statusCode).toBe(200);
    const refused = await get('/api/v1/customers', 'nobody');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^You do not have permissions to access this form/,
    );
  });

  it('answers 404 for an unknown customer and 400 for a bad id', async () => {
    const missing = await get('/api/v1/customers/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ responseError: true, statusCode: 404 });
    for (const bad of ['abc', '0', '99999999999']) {
      const response = await get(`/api/v1/customers/${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ data: { field: string }[] }>().data[0]!.field).toBe('id');
    }
  });

  it.each([
    ['sort=phone', 'sort'],
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['offset=-1', 'offset'],
    ['includeInactive=maybe', 'includeInactive'],
    ['systemTypeId=4', 'systemTypeId'],
    ['order=sideways', 'order'],
    ['search=a%00b', 'search'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await get(`/api/v1/customers?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; data: { field: string }[] }>();
    expect(body.data[0]!.field).toBe(field);
    expect(body.message).toMatch(new RegExp(`^${field}: `));
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/customers' });
    expect(response.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/customers/${ids.C100}` })).statusCode,
    ).toBe(401);
  });
});
