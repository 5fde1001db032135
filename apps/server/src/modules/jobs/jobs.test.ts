import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { plants } from '../../db/schema/plants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';

type Listed = { error: boolean; count: number; data: Record<string, unknown>[] };

describe.each(databaseKinds)('jobs API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const get = (url: string, who = 'full') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
  const numbers = (body: Listed) => body.data.map((job) => job.number);

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
        },
        { customerId: ids.bayside, number: 'J-200', address2: 'Mill Lane', plantId: ids.north },
        { customerId: ids.bayside, number: 'J-400', inactiveFlag: true, plantId: ids.north },
      ])
      .returning({ id: jobs.id, number: jobs.number });
    for (const row of rows) ids[row.number] = row.id;

    await t.addUser({ username: 'full', groupIds: [1001], permissions: { 50201: 5 } });
    await t.addUser({ username: 'entry', groupIds: [1001], permissions: { 15000: 2 } });
    await t.addUser({ username: 'nobody', groupIds: [1001], permissions: { 50101: 5 } });
    for (const who of ['full', 'entry', 'nobody']) tokens[who] = await t.login(who);
  });
  afterAll(() => t.close());

  it('lists active jobs by number with their customer and the total count', async () => {
    const response = await get('/api/v1/jobs');
    expect(response.statusCode).toBe(200);
    const body = response.json<Listed>();
    expect(body.count).toBe(3);
    expect(numbers(body)).toEqual(['J-100', 'J-200', 'J-300']);
    expect(body.data[2]).toMatchObject({
      id: ids['J-300'],
      customerId: ids.acme,
      customerName: 'Acme',
      address1: '12 Harbour Road',
      address2: '',
      customerPoNumber: 'PO-77',
      gpsLat: 41.5,
      gpsLon: -72.1,
      mapReferenceId: 'page 12 C4',
      creditLimit: 50000,
      jobTypeId: 0,
      version: 1,
    });
    expect(body.data[2]!.modifiedDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it('filters by customer, plants and activity, and sorts and pages', async () => {
    expect(numbers((await get(`/api/v1/jobs?customerId=${ids.bayside}`)).json())).toEqual([
      'J-200',
    ]);
    expect(
      numbers((await get(`/api/v1/jobs?customerId=${ids.bayside}&includeInactive=true`)).json()),
    ).toEqual(['J-200', 'J-400']);
    expect(numbers((await get(`/api/v1/jobs?plantId=${ids.south}`)).json())).toEqual(['J-100']);
    expect(numbers((await get(`/api/v1/jobs?plantId=${ids.south},${ids.north}`)).json())).toEqual([
      'J-100',
      'J-200',
      'J-300',
    ]);
    const sorted = (await get('/api/v1/jobs?sort=customerId&order=desc')).json<Listed>();
    expect(sorted.data.map((job) => job.customerId)).toEqual([ids.bayside, ids.acme, ids.acme]);
    const page = (await get('/api/v1/jobs?sort=id&limit=1&offset=1')).json<Listed>();
    expect(page).toMatchObject({ count: 3, data: [{ number: 'J-100' }] });
    expect((await get('/api/v1/jobs?offset=10')).json()).toEqual({
      error: false,
      count: 3,
      data: [],
    });
  });

  it('searches number, description, address lines and customer PO', async () => {
    expect(numbers((await get('/api/v1/jobs?search=j-2')).json())).toEqual(['J-200']);
    expect(numbers((await get('/api/v1/jobs?search=tower')).json())).toEqual(['J-100']);
    expect(numbers((await get('/api/v1/jobs?search=harbour')).json())).toEqual(['J-300']);
    expect(numbers((await get('/api/v1/jobs?search=springfield')).json())).toEqual(['J-300']);
    expect(numbers((await get('/api/v1/jobs?search=mill%20lane')).json())).toEqual(['J-200']);
    expect(numbers((await get('/api/v1/jobs?search=po-77')).json())).toEqual(['J-300']);
    expect((await get('/api/v1/jobs?search=nowhere')).json()).toEqual({
      error: false,
      count: 0,
      data: [],
    });
  });

  it('answers one job, to order entry users too', async () => {
    const response = await get(`/api/v1/jobs/${ids['J-100']}`, 'entry');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      number: 'J-100',
      customerJobNumber: 'Tower phase 2',
      customerName: 'Acme',
      gpsLat: null,
      plantId: ids.south,
    });
  });

  it('refuses a user without the form, and answers 401 without a token', async () => {
    expect((await get('/api/v1/jobs', 'nobody')).statusCode).toBe(403);
    expect((await get(`/api/v1/jobs/${ids['J-100']}`, 'nobody')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/jobs' })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown job', async () => {
    const response = await get('/api/v1/jobs/424242');
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe('Job 424242 was not found.');
  });

  it.each([
    ['sort=address1', 'sort'],
    ['limit=0', 'limit'],
    ['customerId=abc', 'customerId'],
    ['plantId=1,x', 'plantId'],
    ['plantId=99999999999', 'plantId'],
    ['includeInactive=perhaps', 'includeInactive'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await get(`/api/v1/jobs?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ data: { field: string }[] }>().data[0]!.field).toBe(field);
  });
});
