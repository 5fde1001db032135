/**
 * What is special about customers (R-MAINT-8); the contract suite covers what every resource does
 * (R-RES-9). Search and sort as clerks use them (R-BENCH-1), the pricing defaults per system type
 * (R-ENTITY-11..12, R-SYS-4) and their prices by level (R-PERM-6).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceFieldNames } from '@dispatch/domain/pricing';
import { priceFieldsOf } from '@dispatch/domain/resources/define';
import { customerResource } from '@dispatch/domain/resources/customers';
import {
  customerAggregatePricing,
  customerConcretePricing,
  customers,
} from '../../db/schema/customers';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

type Json = Record<string, unknown>;
type Listed = { error: boolean; count: number; data: Json[] };
type Customer = Json & { id: number; version: number; concrete: Json[]; aggregate: Json[] };

const customerForm = 50101;
const allGroups = [1001, 1002, 1003];

describe('the customer definition', () => {
  it('marks as prices exactly the pricing fields pricing.ts names (R-PERM-6)', () => {
    const named = new Set<string>(priceFieldNames);
    const fields = Object.values(customerResource.children).flatMap((child) =>
      Object.entries(child.fields),
    );
    for (const [name, field] of fields) expect(field.price, name).toBe(named.has(name));
    expect(priceFieldsOf(customerResource).sort()).toEqual([
      'blockRestockingCharge',
      'cartageRate',
      'priceAdjustment',
      'priceAdjustmentPercentFlag',
      'standbyPrice',
    ]);
  });
});

describe.each(databaseKinds)('customers on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'full');
  const numbers = async (query: string, who = 'full') =>
    (await call('GET', `/api/v1/customers?${query}`, who)).json<Listed>().data.map((c) => c.number);
  const read = async (id: number, who = 'full') =>
    (await call('GET', `/api/v1/customers/${id}`, who)).json<Customer>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    const rows = await t.db
      .insert(customers)
      .values([
        { number: 'C100', name: 'Acme Builders', phoneNumber: '555-0100' },
        {
          number: 'C200',
          name: 'bayside Paving',
          phoneNumber: '555-0200',
          sortName: 'Paving, Bayside',
        },
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
    ]);
    await t.db
      .insert(customerAggregatePricing)
      .values([{ customerId: ids.C100!, standbyPrice: 40, overrideFuelSurchargeFlag: true }]);

    const users: [string, number[], number][] = [
      ['full', allGroups, 5],
      ['concrete', [1001], 5],
      ['viewer', [1001], 2],
      ['noPrices', allGroups, 4],
      ['readOnlyPrices', allGroups, 6],
    ];
    for (const [username, groupIds, level] of users) {
      await t.addUser({ username, groupIds, permissions: { [customerForm]: level } });
    }
    await t.addUser({ username: 'entry', groupIds: [1002], permissions: { 25000: 4 } });
    for (const who of [...users.map(([name]) => name), 'entry']) tokens[who] = await t.login(who);
  });
  afterAll(() => t?.close());

  it('lists active customers by name, whatever its case, and inactive ones on request', async () => {
    expect(await numbers('')).toEqual(['X_1', 'C100', 'C200', 'C300']);
    expect(await numbers('order=desc')).toEqual(['C300', 'C200', 'C100', 'X_1']);
    expect(await numbers('includeInactive=true&sort=number&order=desc')).toEqual([
      'X_1',
      'C400',
      'C300',
      'C200',
      'C100',
    ]);
    const first = (await call('GET', '/api/v1/customers?limit=1&offset=1')).json<Listed>();
    expect(first).toMatchObject({ count: 4, data: [{ number: 'C100', address1: '', version: 1 }] });
  });

  it('searches name, number, phone and sort name, taking % and _ literally', async () => {
    expect(await numbers('search=BAYSIDE')).toEqual(['C200']);
    expect(await numbers('search=c30')).toEqual(['C300']);
    expect(await numbers('search=0100')).toEqual(['C100']);
    expect(await numbers('search=paving%2C')).toEqual(['C200']);
    expect(await numbers('search=%25')).toEqual(['X_1']);
    expect(await numbers('search=_')).toEqual(['X_1']);
  });

  it('answers every pricing default of the caller’s system types, with prices at level 5', async () => {
    const customer = await read(ids.C100!);
    expect(customer.concrete.map((row) => row.startDate).sort()).toEqual([
      '2025-01-01',
      '2026-01-01',
    ]);
    expect(customer.concrete.find((row) => row.startDate === '2026-01-01')).toMatchObject({
      cartageRate: 12.5,
      standbyPrice: 90,
      priceAdjustment: -2,
      priceAdjustmentPercentFlag: false,
      terminationDate: null,
      shortLoadTypeId: null,
    });
    expect(customer.aggregate).toEqual([
      expect.objectContaining({ standbyPrice: 40, overrideFuelSurchargeFlag: true }),
    ]);
    expect(customer.block).toEqual([]);
  });

  it('answers the pricing of other system types empty, and without prices at level 2', async () => {
    const concreteOnly = await read(ids.C100!, 'concrete');
    expect(concreteOnly.concrete).toHaveLength(2);
    expect(concreteOnly.aggregate).toEqual([]);
    const viewer = await read(ids.C100!, 'viewer');
    expect(viewer.aggregate).toEqual([]);
    for (const row of viewer.concrete) {
      for (const price of [
        'cartageRate',
        'standbyPrice',
        'priceAdjustment',
        'priceAdjustmentPercentFlag',
      ]) {
        expect(row).not.toHaveProperty(price);
      }
      expect(row).toHaveProperty('startDate');
    }
  });

  it('keeps the pricing of system types a caller lacks: sent back empty it is left, sent rows are refused', async () => {
    const customer = await read(ids.C100!, 'concrete');
    const saved = await call('PUT', `/api/v1/customers/${customer.id}`, 'concrete', {
      ...customer,
      name: 'Acme Builders Inc',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Customer>().aggregate).toEqual([]);
    expect((await read(customer.id)).aggregate).toHaveLength(1);

    const refused = await call('PUT', `/api/v1/customers/${customer.id}`, 'concrete', {
      aggregate: [{ standbyPrice: 1 }],
      version: saved.json<Customer>().version,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('aggregate');
    const created = await call('POST', '/api/v1/customers', 'concrete', {
      number: 'C900',
      name: 'New Concrete Customer',
      concrete: [{ cartageRate: 9 }],
      block: [{ blockRestockingCharge: 5 }],
    });
    expect(created.statusCode).toBe(403);
    expect((await call('GET', '/api/v1/customers?search=C900')).json<Listed>().count).toBe(0);
  });

  it('creates and edits pricing rows with the customer, in one save', async () => {
    const created = await call('POST', '/api/v1/customers', 'full', {
      number: 'C500',
      name: 'Eastside Masonry',
      block: [
        { blockRestockingCharge: 15, blockRestockPercentFlag: true, startDate: '2026-02-01' },
      ],
      concrete: [{ cartageRate: 8.25 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json<Customer>();
    expect(customer.block).toEqual([
      expect.objectContaining({ blockRestockingCharge: 15, blockRestockPercentFlag: true }),
    ]);
    const [concrete] = customer.concrete;
    const updated = await call('PUT', `/api/v1/customers/${customer.id}`, 'full', {
      concrete: [
        { ...concrete, cartageRate: 9 },
        { standbyPrice: 50, startDate: '2027-01-01' },
      ],
      block: [],
      version: customer.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json<Customer>();
    expect(after.block).toEqual([]);
    expect(after.concrete).toEqual([
      expect.objectContaining({ id: concrete!.id, cartageRate: 9 }),
      expect.objectContaining({ standbyPrice: 50, startDate: '2027-01-01' }),
    ]);
  });

  it('refuses a pricing row that ends before it starts, on the field', async () => {
    const response = await call('POST', '/api/v1/customers', 'full', {
      number: 'C600',
      name: 'Backwards Dates',
      aggregate: [{ startDate: '2026-05-01', terminationDate: '2026-04-30' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ data: Json[] }>().data).toEqual([
      { field: 'aggregate.0.terminationDate', reason: 'must not be before the start' },
    ]);
  });

  it('refuses a number another customer has, naming it on the field', async () => {
    const response = await call('POST', '/api/v1/customers', 'full', {
      number: 'C300',
      name: 'Copycat',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ data: Json[] }>().data).toEqual([
      { field: 'number', reason: 'is already used by Cornerstone Homes' },
    ]);
    const own = await read(ids.C300!);
    const renamed = await call('PUT', `/api/v1/customers/${own.id}`, 'full', {
      ...own,
      name: 'Cornerstone',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('lets a level that hides prices save pricing rows, keeping their stored prices', async () => {
    const customer = await read(ids.C100!, 'noPrices');
    expect(customer.concrete[0]).not.toHaveProperty('standbyPrice');
    const rows = customer.concrete.map((row) =>
      row.startDate === '2026-01-01' ? { ...row, nonworkdayChargeFlag: true } : row,
    );
    const saved = await call('PUT', `/api/v1/customers/${customer.id}`, 'noPrices', {
      ...customer,
      concrete: [...rows, { startDate: '2028-01-01' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await read(customer.id);
    expect(stored.concrete).toEqual([
      expect.objectContaining({
        startDate: '2026-01-01',
        standbyPrice: 90,
        cartageRate: 12.5,
        nonworkdayChargeFlag: true,
      }),
      expect.objectContaining({ startDate: '2025-01-01', cartageRate: 14 }),
      expect.objectContaining({ startDate: '2028-01-01', cartageRate: null, standbyPrice: null }),
    ]);
    const sentPrice = await call('PUT', `/api/v1/customers/${customer.id}`, 'noPrices', {
      concrete: [{ startDate: '2029-01-01', cartageRate: 1 }],
      version: stored.version,
    });
    expect(sentPrice.statusCode).toBe(403);
    expect(sentPrice.json<{ message: string }>().message).toContain('concrete[0].cartageRate');
  });

  it('lets a level with read-only prices send them back but not change them', async () => {
    const customer = await read(ids.C100!, 'readOnlyPrices');
    expect(customer.concrete[0]).toHaveProperty('standbyPrice');
    const unchanged = await call(
      'PUT',
      `/api/v1/customers/${customer.id}`,
      'readOnlyPrices',
      customer,
    );
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const again = unchanged.json<Customer>();
    const changed = await call('PUT', `/api/v1/customers/${customer.id}`, 'readOnlyPrices', {
      ...again,
      concrete: again.concrete.map((row) => ({ ...row, standbyPrice: 1 })),
    });
    expect(changed.statusCode).toBe(403);
    // A customer keeps no price of its own: one sent beside the rows is refused too.
    const outside = await call('PUT', `/api/v1/customers/${customer.id}`, 'readOnlyPrices', {
      standbyPrice: 99,
      version: again.version,
    });
    expect(outside.statusCode).toBe(403);
  });

  it('gives order entry the pick list, not the maintenance list', async () => {
    const options = await call('GET', '/api/v1/customers/options?search=acme', 'entry');
    expect(options.statusCode).toBe(200);
    expect(options.json<Listed>().data).toEqual([
      { id: ids.C100, number: 'C100', name: 'Acme Builders Inc', inactive: false },
    ]);
    expect((await call('GET', '/api/v1/customers', 'entry')).statusCode).toBe(403);
  });

  it('exports a name a spreadsheet would run as a formula as plain text', async () => {
    const formula = '=HYPERLINK("http://evil.test/pay","Pay here")';
    const created = await call('POST', '/api/v1/customers', 'full', {
      number: 'C666',
      name: formula,
    });
    expect(created.statusCode, created.body).toBe(201);
    const csv = await call('GET', '/api/v1/customers/export?format=csv&search=C666', 'full');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.test/pay"",""Pay here"")"`);
    expect(csv.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('keeps the language its tickets and invoices print in: English unless set, sent back as read (issue 25)', async () => {
    const created = await call('POST', '/api/v1/customers', 'full', {
      number: 'C710',
      name: 'Ortega Construcción',
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json<Customer>();
    expect(customer.language).toBe('en');
    const spanish = await call('PUT', `/api/v1/customers/${customer.id}`, 'full', {
      language: 'es',
      version: customer.version,
    });
    expect(spanish.statusCode, spanish.body).toBe(200);
    const answered = await read(customer.id);
    expect(answered.language).toBe('es');
    // The record as the API answers it goes back unchanged.
    const sentBack = await call('PUT', `/api/v1/customers/${customer.id}`, 'full', answered);
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    expect(sentBack.json<Customer>()).toMatchObject({
      language: 'es',
      version: answered.version + 1,
    });
    // The export names the language as the form's pick list does.
    const csv = await call('GET', '/api/v1/customers/export?format=csv&search=C710', 'full');
    expect(csv.body.split('\n')[0]).toContain('Language');
    expect(csv.body).toContain('Español');
  });

  it('refuses a language it does not print in with 400 naming the field, and the database too', async () => {
    const customer = await read(ids.C300!);
    for (const [language, reason] of [
      ['fr', 'must be one of en, es'],
      ['ES', 'must be one of en, es'],
      [1, 'must be one of en, es'],
      [null, 'is required'],
    ] as const) {
      const refused = await call('PUT', `/api/v1/customers/${customer.id}`, 'full', {
        language,
        version: customer.version,
      });
      expect(refused.statusCode, String(language)).toBe(400);
      expect(refused.json<{ data: Json[] }>().data).toEqual([{ field: 'language', reason }]);
    }
    const create = await call('POST', '/api/v1/customers', 'full', {
      number: 'C720',
      name: 'Dupont Béton',
      language: 'fr',
    });
    expect(create.statusCode).toBe(400);
    expect(create.json<{ data: Json[] }>().data).toEqual([
      { field: 'language', reason: 'must be one of en, es' },
    ]);
    expect(await read(customer.id)).toMatchObject({ language: 'en', version: customer.version });
    // A write that goes round the API meets the table's own check.
    await expect(
      t.db.update(customers).set({ language: 'fr' }).where(eq(customers.id, customer.id)),
    ).rejects.toThrow();
  });
});
