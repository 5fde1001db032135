/**
 * What is special about jobs (R-MAINT-9); the contract suite covers what every resource does
 * (R-RES-9). The job rules (R-VALID-11: R-VALID-11 with the system parameter, the position as a
 * pair), the quote the job follows, order entry's flag, and the searches and filters clerks use.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { plants } from '../../db/schema/plants';
import { quotes } from '../../db/schema/quotes';
import { systemParameters } from '../../db/schema/settings';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

type Json = Record<string, unknown>;
type Listed = { error: boolean; count: number; data: Json[] };
type Job = Json & { id: number; version: number };

describe.each(databaseKinds)('jobs on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const call = callerOf(() => t, tokens, 'full');
  const numbers = async (query: string) =>
    (await call('GET', `/api/v1/jobs?${query}`)).json<Listed>().data.map((job) => job.number);
  const addressesRequired = (on: boolean) =>
    t.db
      .update(systemParameters)
      .set({ value: on })
      .where(eq(systemParameters.key, 'requireJobAddresses357'));

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
    const [acme, bayside] = await t.db
      .insert(customers)
      .values([
        { number: 'C1', name: 'Acme' },
        { number: 'C2', name: 'Bayside' },
      ])
      .returning({ id: customers.id });
    ids.acme = acme!.id;
    ids.bayside = bayside!.id;
    const [quote] = await t.db
      .insert(quotes)
      .values({
        number: 'Q-17',
        description: 'Tower slab',
        systemTypeId: 1,
        quoteDate: '2026-01-05',
      })
      .returning({ id: quotes.id });
    ids.quote = quote!.id;
    const rows = await t.db
      .insert(jobs)
      .values([
        {
          customerId: ids.acme,
          number: 'J-300',
          address1: '12 Harbour Road',
          address3: 'Springfield',
          customerPoNumber: 'PO-77',
          plantId: ids.north,
          gpsLat: 41.5,
          gpsLon: -72.1,
          mapReferenceId: 'page 12 C4',
          creditLimit: 50000,
        },
        {
          customerId: ids.acme,
          number: 'J-100',
          customerJobNumber: 'Tower phase 2',
          plantId: ids.south,
          createdInOrderEntry: true,
          quoteNumber: 'TYPED-9',
        },
        { customerId: ids.bayside, number: 'J-200', address2: 'Mill Lane', plantId: ids.north },
        { customerId: ids.bayside, number: 'J-400', inactiveFlag: true, plantId: ids.north },
      ])
      .returning({ id: jobs.id, number: jobs.number });
    for (const row of rows) ids[row.number] = row.id;

    await t.addUser({ username: 'full', groupIds: [1001], permissions: { 50201: 5 } });
    await t.addUser({ username: 'entry', groupIds: [1001], permissions: { 15000: 2 } });
    for (const who of ['full', 'entry']) tokens[who] = await t.login(who);
  });
  afterAll(() => t?.close());

  it('lists active jobs by number, with their customer’s label', async () => {
    const body = (await call('GET', '/api/v1/jobs')).json<Listed>();
    expect(body.count).toBe(3);
    expect(body.data.map((job) => job.number)).toEqual(['J-100', 'J-200', 'J-300']);
    expect(body.data[2]).toMatchObject({
      id: ids['J-300'],
      customerId: ids.acme,
      address1: '12 Harbour Road',
      address2: '',
      gpsLat: 41.5,
      gpsLon: -72.1,
      mapReferenceId: 'page 12 C4',
      creditLimit: 50000,
      jobTypeId: 0,
      labels: { customerId: 'C1 Acme', plantId: 'North', jobTypeId: 'None' },
    });
  });

  it('filters by customer, plant and activity, and sorts', async () => {
    expect(await numbers(`customerId=${ids.bayside}`)).toEqual(['J-200']);
    expect(await numbers(`customerId=${ids.bayside}&includeInactive=true`)).toEqual([
      'J-200',
      'J-400',
    ]);
    expect(await numbers(`plantId=${ids.south}`)).toEqual(['J-100']);
    expect(await numbers(`plantId=${ids.south},${ids.north}`)).toEqual(['J-100', 'J-200', 'J-300']);
    expect(await numbers('jobTypeId=0&sort=number&order=desc')).toEqual([
      'J-300',
      'J-200',
      'J-100',
    ]);
    expect((await call('GET', '/api/v1/jobs?plantId=1,x')).statusCode).toBe(400);
  });

  it('searches number, customer job number, address lines and customer PO', async () => {
    expect(await numbers('search=j-2')).toEqual(['J-200']);
    expect(await numbers('search=tower')).toEqual(['J-100']);
    expect(await numbers('search=harbour')).toEqual(['J-300']);
    expect(await numbers('search=springfield')).toEqual(['J-300']);
    expect(await numbers('search=mill%20lane')).toEqual(['J-200']);
    expect(await numbers('search=po-77')).toEqual(['J-300']);
    expect(await numbers('search=nowhere')).toEqual([]);
  });

  it('requires address lines 3, 5 and 7 while requireJobAddresses357 is on (R-VALID-11)', async () => {
    await addressesRequired(true);
    try {
      const refused = await call('POST', '/api/v1/jobs', 'full', {
        customerId: ids.acme,
        number: 'J-500',
        address1: '1 Main St',
        address5: '  ',
      });
      expect(refused.statusCode).toBe(400);
      const reason = 'is required when job addresses 3, 5 and 7 are required';
      expect(refused.json<{ data: Json[] }>().data).toEqual([
        { field: 'address3', reason },
        { field: 'address5', reason },
        { field: 'address7', reason },
      ]);
      const created = await call('POST', '/api/v1/jobs', 'full', {
        customerId: ids.acme,
        number: 'J-500',
        address3: 'Columbus',
        address5: 'OH',
        address7: '43215',
      });
      expect(created.statusCode, created.body).toBe(201);
      const job = created.json<Job>();
      const cleared = await call('PUT', `/api/v1/jobs/${job.id}`, 'full', {
        address7: '',
        version: 1,
      });
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json<{ data: Json[] }>().data).toEqual([{ field: 'address7', reason }]);
      // A job saved before the parameter was turned on is refused until it is completed.
      const older = await call('PUT', `/api/v1/jobs/${ids['J-200']}`, 'full', {
        lockedFlag: true,
        version: 1,
      });
      expect(older.statusCode).toBe(400);
    } finally {
      await addressesRequired(false);
    }
    const off = await call('PUT', `/api/v1/jobs/${ids['J-200']}`, 'full', {
      lockedFlag: true,
      version: 1,
    });
    expect(off.statusCode, off.body).toBe(200);
  });

  it('takes a position as both coordinates or neither', async () => {
    const half = await call('POST', '/api/v1/jobs', 'full', {
      customerId: ids.bayside,
      number: 'J-600',
      gpsLat: 39.96,
    });
    expect(half.statusCode).toBe(400);
    expect(half.json<{ data: Json[] }>().data).toEqual([
      { field: 'gpsLon', reason: 'is required with a latitude' },
    ]);
    const job = (await call('GET', `/api/v1/jobs/${ids['J-300']}`)).json<Job>();
    const cleared = await call('PUT', `/api/v1/jobs/${job.id}`, 'full', {
      gpsLat: null,
      version: job.version,
    });
    expect(cleared.json<{ data: Json[] }>().data).toEqual([
      { field: 'gpsLat', reason: 'is required with a longitude' },
    ]);
    const both = await call('PUT', `/api/v1/jobs/${job.id}`, 'full', {
      gpsLat: null,
      gpsLon: null,
      version: job.version,
    });
    expect(both.json()).toMatchObject({ gpsLat: null, gpsLon: null });
  });

  it('copies the quote’s number and description onto the job, and keeps a typed one without a quote', async () => {
    const created = await call('POST', '/api/v1/jobs', 'full', {
      customerId: ids.acme,
      number: 'J-700',
      quoteId: ids.quote,
      quoteNumber: 'ignored',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      quoteId: ids.quote,
      quoteNumber: 'Q-17',
      quoteDescription: 'Tower slab',
      labels: { quoteId: 'Q-17 Tower slab' },
    });
    const typed = (await call('GET', `/api/v1/jobs/${ids['J-100']}`)).json<Job>();
    const saved = await call('PUT', `/api/v1/jobs/${typed.id}`, 'full', {
      ...typed,
      lotOrBlockNumber: 'Lot 4',
    });
    expect(saved.json()).toMatchObject({
      quoteId: null,
      quoteNumber: 'TYPED-9',
      lotOrBlockNumber: 'Lot 4',
    });
  });

  it('takes createdInOrderEntry on a create only (R-ORD-22), never on a change', async () => {
    const plain = await call('POST', '/api/v1/jobs', 'full', {
      customerId: ids.acme,
      number: 'J-799',
    });
    expect(plain.json()).toMatchObject({ createdInOrderEntry: false });
    // Order entry's inline job says where it was made.
    const created = await call('POST', '/api/v1/jobs', 'full', {
      customerId: ids.acme,
      number: 'J-800',
      createdInOrderEntry: true,
    });
    expect(created.json()).toMatchObject({ createdInOrderEntry: true });
    const fromOrderEntry = (await call('GET', `/api/v1/jobs/${ids['J-100']}`)).json<Job>();
    expect(fromOrderEntry.createdInOrderEntry).toBe(true);
    const saved = await call('PUT', `/api/v1/jobs/${fromOrderEntry.id}`, 'full', {
      ...fromOrderEntry,
      createdInOrderEntry: false,
    });
    expect(saved.json()).toMatchObject({ createdInOrderEntry: true });
  });

  it('gives order entry the pick list, not the maintenance list', async () => {
    const options = await call('GET', `/api/v1/jobs/options?search=J-3`, 'entry');
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json<Listed>().data).toEqual([
      { id: ids['J-300'], number: 'J-300', name: '12 Harbour Road', inactive: false },
    ]);
    expect((await call('GET', '/api/v1/jobs', 'entry')).statusCode).toBe(403);
  });
});
