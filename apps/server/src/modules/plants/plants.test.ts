import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insufficientPermissionMessage } from '@dispatch/domain/messages';
import { aggregatePits, concretePlants, plants } from '../../db/schema/plants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds } from '../../test/test-tenancy';
import { listenToDispatch, type DispatchListener } from '../trucks/dispatch-listener';
import { stalePlantMessage } from './plants.service';

type Plant = Record<string, unknown> & { id: number; version: number; description: string };
type List = { error: boolean; count: number; data: Plant[] };

const plantsForm = 50601;

describe.each(databaseKinds)('plants API on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const request = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { as?: string; token?: string; body?: unknown } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(options.token !== undefined
          ? { authorization: `Bearer ${options.token}` }
          : { authorization: `Bearer ${tokens[options.as ?? 'full']!}` }),
      },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
  const list = async (query = '', as = 'full') => {
    const response = await request('GET', `/api/v1/plants${query}`, { as });
    expect(response.statusCode).toBe(200);
    return response.json<List>();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const users: [string, number][] = [
      ['none', 1],
      ['readNoPrices', 2],
      ['readPrices', 3],
      ['fullNoPrices', 4],
      ['full', 5],
      ['fullReadOnlyPrices', 6],
    ];
    for (const [username, level] of users) {
      await t.addUser({ username, groupIds: [1001], permissions: { [plantsForm]: level } });
      tokens[username] = await t.login(username);
    }
    await t.addUser({ username: 'trucker', permissions: { 50401: 5 } });
    tokens.trucker = await t.login('trucker');

    const rows = await t.db
      .insert(plants)
      .values([
        {
          description: 'North Ready Mix',
          address1: '12 Quarry Road',
          address3: 'Springfield',
          systemTypeId: 1,
          truckCostHour: 85.5,
          priceAdjustment: 2.25,
          latitude: 39.78,
          longitude: -89.65,
          closeoutTime: '17:30',
          fleetSizeMonday: 12,
        },
        { description: 'South Aggregate Pit', systemTypeId: 2, isRail: true, truckCostHour: 60 },
        { description: 'East Block Yard', systemTypeId: 3, address2: 'Industrial Park' },
        { description: 'Old West Plant', systemTypeId: 1, inactiveFlag: true },
      ])
      .returning({ id: plants.id, description: plants.description });
    for (const row of rows) ids[row.description] = row.id;
    await t.db
      .insert(concretePlants)
      .values({ plantId: ids['North Ready Mix']!, numberOfAlleys: 3, nextTicketNumber: 1200 });
    await t.db.insert(aggregatePits).values({
      plantId: ids['South Aggregate Pit']!,
      zone: 'Z1',
      fuelSurChage: 1.5,
      nextTicketNumber: 40,
    });
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });

  describe('GET /api/v1/plants', () => {
    it('lists active plants by description with the total count', async () => {
      const body = await list();
      expect(body.error).toBe(false);
      expect(body.count).toBe(3);
      expect(body.data.map((plant) => plant.description)).toEqual([
        'East Block Yard',
        'North Ready Mix',
        'South Aggregate Pit',
      ]);
    });

    it('includes inactive plants on request', async () => {
      const body = await list('?includeInactive=true');
      expect(body.count).toBe(4);
      expect(body.data.some((plant) => plant.inactiveFlag === true)).toBe(true);
    });

    it('searches description and address lines, case-insensitively, with % taken literally', async () => {
      expect((await list('?search=QUARRY')).data.map((p) => p.description)).toEqual([
        'North Ready Mix',
      ]);
      expect((await list('?search=industrial')).data.map((p) => p.description)).toEqual([
        'East Block Yard',
      ]);
      expect((await list('?search=aggregate')).data.map((p) => p.description)).toEqual([
        'South Aggregate Pit',
      ]);
      expect((await list('?search=%25')).count).toBe(0);
    });

    it('filters by system type and rail', async () => {
      expect((await list('?systemTypeId=2')).data.map((p) => p.description)).toEqual([
        'South Aggregate Pit',
      ]);
      expect((await list('?isRail=true')).count).toBe(1);
      expect((await list('?isRail=false')).count).toBe(2);
      expect((await list('?systemTypeId=1&includeInactive=true')).count).toBe(2);
    });

    it('sorts and pages, counting every match', async () => {
      const byId = await list('?sort=id&order=desc&includeInactive=true');
      const sortedIds = byId.data.map((p) => p.id);
      expect(sortedIds).toEqual([...sortedIds].sort((a, b) => b - a));
      const page = await list('?sort=systemTypeId&limit=1&offset=1');
      expect(page.count).toBe(3);
      expect(page.data).toHaveLength(1);
      expect(page.data[0]!.systemTypeId).toBe(2);
    });

    it('answers 400 naming a bad filter', async () => {
      const response = await request('GET', '/api/v1/plants?systemTypeId=7');
      expect(response.statusCode).toBe(400);
      expect(response.json<{ data: { field: string }[] }>().data[0]!.field).toBe('systemTypeId');
      const sort = await request('GET', '/api/v1/plants?sort=address1');
      expect(sort.statusCode).toBe(400);
      expect(sort.json<{ data: { field: string }[] }>().data[0]!.field).toBe('sort');
    });
  });

  describe('GET /api/v1/plants/:id', () => {
    it('answers every plant field, its concrete plant details and its version', async () => {
      const response = await request('GET', `/api/v1/plants/${ids['North Ready Mix']!}`);
      expect(response.statusCode).toBe(200);
      const plant = response.json<Plant>();
      expect(plant).toMatchObject({
        id: ids['North Ready Mix'],
        description: 'North Ready Mix',
        address1: '12 Quarry Road',
        address2: '',
        address3: 'Springfield',
        latitude: 39.78,
        longitude: -89.65,
        closeoutTime: '17:30',
        fleetSizeMonday: 12,
        fleetSizeSunday: 0,
        truckCostHour: 85.5,
        priceAdjustment: 2.25,
        inactiveFlag: false,
        isRail: false,
        nextWorkOrderNumber: 1,
        systemTypeId: 1,
        lastBatchPanelInventory: null,
        version: 1,
        concretePlant: {
          plantId: ids['North Ready Mix'],
          numberOfAlleys: 3,
          nextTicketNumber: 1200,
        },
        aggregatePit: null,
      });
      expect(plant.modifiedOn).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      for (const field of [
        'address7',
        'phoneNumber',
        'faxNumber',
        'radius',
        'divisionId',
        'batchmanId',
        'batchTime',
        'warmupTime',
        'truckProductivityFactor',
        'fixedCostQty',
        'useBatchPanelFlag',
        'printTicketMethod',
        'ticketPrintQueue',
        'plantColorId',
        'subAccountNumber',
      ]) {
        expect(plant).toHaveProperty(field);
      }
    });

    it('answers an aggregate pit with its details', async () => {
      const plant = (
        await request('GET', `/api/v1/plants/${ids['South Aggregate Pit']!}`)
      ).json<Plant>();
      expect(plant).toMatchObject({
        concretePlant: null,
        aggregatePit: {
          zone: 'Z1',
          fuelSurChage: 1.5,
          nextTicketNumber: 40,
          nextBillOfLadingNumber: 1,
        },
      });
    });

    it('answers 404 for an unknown id and 400 naming a malformed one', async () => {
      const missing = await request('GET', '/api/v1/plants/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'The plant was not found.', errorTypeId: 4 });
      const malformed = await request('GET', '/api/v1/plants/abc');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<{ data: { field: string }[] }>().data[0]!.field).toBe('id');
      expect((await request('GET', '/api/v1/plants/99999999999')).statusCode).toBe(400);
    });
  });

  describe('access', () => {
    it('answers 401 without a token or with an unknown one', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/api/v1/plants' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ code: 'missing_token_error' });
      const unknown = await request('GET', '/api/v1/plants', { token: `${t.database}.nope` });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toMatchObject({ code: 'token_error' });
      const write = await t.app.inject({ method: 'POST', url: '/api/v1/plants', payload: {} });
      expect(write.statusCode).toBe(401);
    });

    it('refuses a user without the form with 403 and the form name', async () => {
      for (const as of ['none', 'trucker']) {
        const response = await request('GET', '/api/v1/plants', { as });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ message: insufficientPermissionMessage('Plants') });
      }
    });

    it('refuses writes at the read-only levels 2 and 3', async () => {
      for (const as of ['readNoPrices', 'readPrices']) {
        const create = await request('POST', '/api/v1/plants', {
          as,
          body: { description: 'Nope', systemTypeId: 1 },
        });
        expect(create.statusCode).toBe(403);
        const update = await request('PUT', `/api/v1/plants/${ids['East Block Yard']!}`, {
          as,
          body: { description: 'Nope', version: 1 },
        });
        expect(update.statusCode).toBe(403);
      }
    });

    it('removes price fields for levels 2 and 4 and keeps them for 3, 5 and 6', async () => {
      const aggregateId = ids['South Aggregate Pit']!;
      for (const as of ['readNoPrices', 'fullNoPrices']) {
        const rows = (await list('', as)).data;
        expect(rows).toHaveLength(3);
        for (const row of rows) {
          expect(row).not.toHaveProperty('truckCostHour');
          expect(row).not.toHaveProperty('priceAdjustment');
        }
        const pit = (await request('GET', `/api/v1/plants/${aggregateId}`, { as })).json<Plant>();
        expect(pit).not.toHaveProperty('truckCostHour');
        expect(pit.aggregatePit).not.toHaveProperty('fuelSurChage');
        expect(pit.aggregatePit).toHaveProperty('zone', 'Z1');
      }
      for (const as of ['readPrices', 'full', 'fullReadOnlyPrices']) {
        const rows = (await list('', as)).data;
        expect(rows.every((row) => 'truckCostHour' in row && 'priceAdjustment' in row)).toBe(true);
        const pit = (await request('GET', `/api/v1/plants/${aggregateId}`, { as })).json<Plant>();
        expect(pit).toMatchObject({ truckCostHour: 60, aggregatePit: { fuelSurChage: 1.5 } });
      }
    });

    it('refuses price fields in writes from levels that may not change prices', async () => {
      for (const as of ['fullNoPrices', 'fullReadOnlyPrices']) {
        const response = await request('POST', '/api/v1/plants', {
          as,
          body: { description: 'Priced', systemTypeId: 3, truckCostHour: 10 },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json<{ data: { field: string }[] }>().data[0]!.field).toBe('truckCostHour');
      }
    });
  });

  describe('POST /api/v1/plants', () => {
    it('creates a concrete plant with its details defaulted, and publishes plantUpdate_v1', async () => {
      events.clear();
      const response = await request('POST', '/api/v1/plants', {
        body: {
          description: '  Harbor Batch Plant ',
          systemTypeId: 1,
          address1: '1 Dock St',
          truckCostHour: 92.75,
          latitude: 41.5,
          longitude: -87.2,
          closeoutTime: '18:00',
        },
      });
      expect(response.statusCode).toBe(201);
      const plant = response.json<Plant>();
      expect(plant).toMatchObject({
        description: 'Harbor Batch Plant',
        version: 1,
        truckCostHour: 92.75,
        priceAdjustment: 0,
        nextWorkOrderNumber: 1,
        closeoutTime: '18:00',
        concretePlant: { plantId: plant.id, numberOfAlleys: 1, nextTicketNumber: 1 },
        aggregatePit: null,
      });
      const event = await events.next('plantUpdate_v1', (e) => (e.data as Plant).id === plant.id);
      expect(event.data).toEqual({
        id: plant.id,
        description: 'Harbor Batch Plant',
        systemTypeId: 1,
        inactiveFlag: false,
        plantColorId: null,
        latitude: 41.5,
        longitude: -87.2,
        version: 1,
      });
      const fetched = await request('GET', `/api/v1/plants/${plant.id}`);
      expect(fetched.json()).toEqual(plant);
    });

    it('creates an aggregate pit with the details sent', async () => {
      const response = await request('POST', '/api/v1/plants', {
        body: {
          description: 'Gravel Pit 9',
          systemTypeId: 2,
          aggregatePit: { zone: 'Z9', fuelSurChage: 2.5, nextBillOfLadingNumber: 77 },
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        aggregatePit: {
          zone: 'Z9',
          fuelSurChage: 2.5,
          nextTicketNumber: 1,
          nextBillOfLadingNumber: 77,
        },
        concretePlant: null,
      });
    });

    it('lets a level 4 user create without prices, and leaves them out of the answer', async () => {
      const response = await request('POST', '/api/v1/plants', {
        as: 'fullNoPrices',
        body: { description: 'No Price Plant', systemTypeId: 3 },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).not.toHaveProperty('priceAdjustment');
    });

    it.each([
      ['a missing description', { systemTypeId: 1 }, 'description'],
      ['a blank description', { description: '   ', systemTypeId: 1 }, 'description'],
      ['an unknown system type', { description: 'X', systemTypeId: 4 }, 'systemTypeId'],
      ['a latitude out of range', { description: 'X', systemTypeId: 1, latitude: 91 }, 'latitude'],
      [
        'a malformed closeout time',
        { description: 'X', systemTypeId: 1, closeoutTime: '25:00' },
        'closeoutTime',
      ],
      [
        'a negative fleet size',
        { description: 'X', systemTypeId: 1, fleetSizeFriday: -1 },
        'fleetSizeFriday',
      ],
      [
        'a fleet size too large to store',
        { description: 'X', systemTypeId: 1, fleetSizeFriday: 40000 },
        'fleetSizeFriday',
      ],
      ['a huge cost', { description: 'X', systemTypeId: 1, truckCostHour: 1e12 }, 'truckCostHour'],
      ['a text flag', { description: 'X', systemTypeId: 1, isRail: 'yes' }, 'isRail'],
      [
        'an unknown division',
        { description: 'X', systemTypeId: 1, divisionId: 4242 },
        'divisionId',
      ],
      [
        'an unknown plant color',
        { description: 'X', systemTypeId: 1, plantColorId: 4242 },
        'plantColorId',
      ],
      [
        'pit details on a concrete plant',
        { description: 'X', systemTypeId: 1, aggregatePit: { zone: 'A' } },
        'aggregatePit',
      ],
      [
        'zero alleys',
        { description: 'X', systemTypeId: 1, concretePlant: { numberOfAlleys: 0 } },
        'concretePlant.numberOfAlleys',
      ],
    ])('answers 400 naming the field for %s', async (_case, body, field) => {
      const before = (await list('?includeInactive=true')).count;
      const response = await request('POST', '/api/v1/plants', { body });
      expect(response.statusCode).toBe(400);
      const answer = response.json<{
        data: { field: string; reason: string }[];
        message: string;
      }>();
      expect(answer.data[0]!.field).toBe(field);
      expect(answer.message).toContain(field);
      expect((await list('?includeInactive=true')).count).toBe(before);
    });
  });

  describe('PUT /api/v1/plants/:id', () => {
    it('changes the fields sent, bumps the version and publishes plantUpdate_v1', async () => {
      const id = ids['East Block Yard']!;
      const before = (await request('GET', `/api/v1/plants/${id}`)).json<Plant>();
      events.clear();
      t.clock.advance(60_000);
      const response = await request('PUT', `/api/v1/plants/${id}`, {
        body: {
          description: 'East Block Works',
          plantColorId: null,
          inactiveFlag: false,
          version: before.version,
        },
      });
      expect(response.statusCode).toBe(200);
      const after = response.json<Plant>();
      expect(after).toMatchObject({
        description: 'East Block Works',
        version: before.version + 1,
        address2: 'Industrial Park',
      });
      expect(after.modifiedOn).not.toBe(before.modifiedOn);
      const event = await events.next('plantUpdate_v1', (e) => (e.data as Plant).id === id);
      expect(event.data).toMatchObject({
        id,
        description: 'East Block Works',
        version: before.version + 1,
      });
    });

    it('answers 409 with the current version for a stale version, changing nothing', async () => {
      const id = ids['East Block Yard']!;
      const current = (await request('GET', `/api/v1/plants/${id}`)).json<Plant>();
      const response = await request('PUT', `/api/v1/plants/${id}`, {
        body: { description: 'Overwritten', version: current.version - 1 },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: stalePlantMessage,
        errorTypeId: 5,
        data: { currentVersion: current.version },
      });
      const [row] = await t.db.select().from(plants).where(eq(plants.id, id));
      expect(row!.description).toBe(current.description);
    });

    it('answers 404 for an unknown plant and 400 without a version', async () => {
      expect(
        (await request('PUT', '/api/v1/plants/999999', { body: { version: 1 } })).statusCode,
      ).toBe(404);
      const noVersion = await request('PUT', `/api/v1/plants/${ids['East Block Yard']!}`, {
        body: { description: 'x' },
      });
      expect(noVersion.statusCode).toBe(400);
      expect(noVersion.json<{ data: { field: string }[] }>().data[0]!.field).toBe('version');
    });

    it('keeps prices a level 4 user cannot see when they save', async () => {
      const id = ids['North Ready Mix']!;
      const seen = (
        await request('GET', `/api/v1/plants/${id}`, { as: 'fullNoPrices' })
      ).json<Plant>();
      const response = await request('PUT', `/api/v1/plants/${id}`, {
        as: 'fullNoPrices',
        body: { phoneNumber: '555-0100', version: seen.version },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).not.toHaveProperty('truckCostHour');
      const full = (await request('GET', `/api/v1/plants/${id}`)).json<Plant>();
      expect(full).toMatchObject({
        phoneNumber: '555-0100',
        truckCostHour: 85.5,
        priceAdjustment: 2.25,
      });
    });

    it('updates concrete plant details and refuses details of another system type', async () => {
      const id = ids['North Ready Mix']!;
      const current = (await request('GET', `/api/v1/plants/${id}`)).json<Plant>();
      const response = await request('PUT', `/api/v1/plants/${id}`, {
        body: { concretePlant: { numberOfAlleys: 4 }, version: current.version },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        concretePlant: { numberOfAlleys: 4, nextTicketNumber: 1200 },
      });
      const wrong = await request('PUT', `/api/v1/plants/${id}`, {
        body: { aggregatePit: { zone: 'Q' }, version: current.version + 1 },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ data: { field: string }[] }>().data[0]!.field).toBe('aggregatePit');
      // The refused write rolled back whole: the version did not move.
      expect((await request('GET', `/api/v1/plants/${id}`)).json()).toMatchObject({
        version: current.version + 1,
      });
    });
  });
});
