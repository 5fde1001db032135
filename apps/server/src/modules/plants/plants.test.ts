/**
 * What is special about plants; the resource contract suite (R-RES-9) covers what every resource
 * does. Here: plantUpdate_v1 beside resourceChanged_v1 on every write, the concrete plant and
 * aggregate pit details per system type, prices in the details, search over the address lines,
 * and the plants' board read that every user who picks plants may make (R-PICK-3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formIdOf } from '@dispatch/domain/resources/define';
import { printTicketMethodIds } from '@dispatch/domain/tickets/print-methods';
import { aggregatePits, concretePlants, plants } from '../../db/schema/plants';
import { listenToDispatch, settle, type DispatchListener } from '../../../test/dispatch-listener';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';

type Json = Record<string, unknown>;
type Plant = Json & { id: number; version: number; description: string };
type List<T = Plant> = { error: boolean; count: number; data: T[] };

const plantsForm = formIdOf('PlantMaintenance');

describe.each(databaseKinds)('plants on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as = 'full',
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[as]!}` },
      ...(body === undefined ? {} : { payload: body as Json }),
    });
  const read = async (id: number, as = 'full') => {
    const response = await call('GET', `/api/v1/plants/${id}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Plant>();
  };
  const create = async (body: Json, as = 'full') => {
    const response = await call('POST', '/api/v1/plants', as, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Plant>();
  };
  const plantEvent = (id: number, version: number) =>
    events.next('plantUpdate_v1', (event) => {
      const data = event.data as Json;
      return data.id === id && data.version === version;
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const users: [string, Record<number, number>][] = [
      ['readNoPrices', { [plantsForm]: 2 }],
      ['fullNoPrices', { [plantsForm]: 4 }],
      ['full', { [plantsForm]: 5 }],
      ['fullReadOnlyPrices', { [plantsForm]: 6 }],
      // A dispatcher: order entry, but not the Plants screen.
      ['dispatcher', { [formIdOf('ConcreteOrderEntry')]: 2 }],
      ['nobody', { [formIdOf('ConcreteOrderEntry')]: 1 }],
    ];
    for (const [username, permissions] of users) {
      // The dispatcher works with concrete only.
      const groupIds = username === 'dispatcher' ? [1001] : [1001, 1002, 1003];
      await t.addUser({ username, groupIds, permissions });
      tokens[username] = await t.login(username);
    }
    // Plants in full, but only in the Concrete group.
    await t.addUser({
      username: 'concreteOnly',
      groupIds: [1001],
      permissions: { [plantsForm]: 5 },
    });
    tokens.concreteOnly = await t.login('concreteOnly');
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
        },
        { description: 'South Aggregate Pit', systemTypeId: 2, isRail: true, truckCostHour: 60 },
        { description: 'East Block Yard', systemTypeId: 3, address6: 'Industrial Park' },
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

  describe('details per system type', () => {
    it('answers a concrete plant with its one concrete plant row, keyed by the plant', async () => {
      const id = ids['North Ready Mix']!;
      const plant = await read(id);
      expect(plant).toMatchObject({
        description: 'North Ready Mix',
        address2: '',
        systemTypeId: 1,
        truckCostHour: 85.5,
        lastBatchPanelInventory: null,
        concretePlant: [{ id, numberOfAlleys: 3, nextTicketNumber: 1200 }],
        aggregatePit: [],
      });
      expect(plant.modifiedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });

    it('creates a concrete plant with its details defaulted and publishes plantUpdate_v1', async () => {
      events.clear();
      const plant = await create({
        description: '  Harbor Batch Plant ',
        systemTypeId: 1,
        truckCostHour: 92.75,
        latitude: 41.5,
        longitude: -87.2,
        closeoutTime: '18:00',
      });
      expect(plant).toMatchObject({
        description: 'Harbor Batch Plant',
        version: 1,
        closeoutTime: '18:00',
        nextWorkOrderNumber: 1,
        concretePlant: [{ id: plant.id, numberOfAlleys: 1, nextTicketNumber: 1 }],
        aggregatePit: [],
      });
      const event = await plantEvent(plant.id, 1);
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
      await events.next('resourceChanged_v1', (e) => (e.data as Json).id === plant.id);
      expect(await read(plant.id)).toEqual(plant);
    });

    it('creates an aggregate pit with the details sent, and a block plant with none', async () => {
      const pit = await create({
        description: 'Gravel Pit 9',
        systemTypeId: 2,
        aggregatePit: [{ zone: 'Z9', fuelSurChage: 2.5, nextBillOfLadingNumber: 77 }],
      });
      expect(pit).toMatchObject({
        concretePlant: [],
        aggregatePit: [
          {
            id: pit.id,
            zone: 'Z9',
            fuelSurChage: 2.5,
            nextTicketNumber: 1,
            nextBillOfLadingNumber: 77,
          },
        ],
      });
      const block = await create({ description: 'Block Yard 2', systemTypeId: 3 });
      expect(block).toMatchObject({ concretePlant: [], aggregatePit: [] });
    });

    it('refuses details of another system type with 400 naming them, writing and publishing nothing', async () => {
      const before = await t.db.select({ id: plants.id }).from(plants);
      await settle();
      events.clear();
      const refused = await call('POST', '/api/v1/plants', 'full', {
        description: 'Mixed Up',
        systemTypeId: 1,
        aggregatePit: [{ zone: 'A' }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ data: { field: string }[] }>().data[0]!.field).toBe('aggregatePit');
      const zero = await call('POST', '/api/v1/plants', 'full', {
        description: 'No Alleys',
        systemTypeId: 1,
        concretePlant: [{ numberOfAlleys: 0 }],
      });
      expect(zero.statusCode).toBe(400);
      expect(zero.json<{ data: { field: string }[] }>().data[0]!.field).toBe(
        'concretePlant.0.numberOfAlleys',
      );
      expect(await t.db.select({ id: plants.id }).from(plants)).toHaveLength(before.length);
      await settle();
      expect(events.events.filter((event) => event.name === 'plantUpdate_v1')).toEqual([]);
    });

    it('R-PRINT-9: keeps a print ticket method it knows, and refuses another naming the field', async () => {
      const plant = await create({
        description: 'Printing Plant',
        systemTypeId: 1,
        printTicketMethod: printTicketMethodIds.whenSent,
        ticketPrintQueue: 'Batch Office',
      });
      expect(plant).toMatchObject({ printTicketMethod: 1, ticketPrintQueue: 'Batch Office' });
      const unknown = await call('POST', '/api/v1/plants', 'full', {
        description: 'Classic Code Plant',
        systemTypeId: 1,
        printTicketMethod: 5,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<{ data: { field: string; reason: string }[] }>().data).toEqual([
        { field: 'printTicketMethod', reason: 'must be one of 0, 1' },
      ]);
    });

    it('updates the details row as sent back, and publishes the new version', async () => {
      const id = ids['North Ready Mix']!;
      const current = await read(id);
      events.clear();
      t.clock.advance(60_000);
      const [details] = current.concretePlant as Json[];
      const response = await call('PUT', `/api/v1/plants/${id}`, 'full', {
        concretePlant: [{ ...details, numberOfAlleys: 4 }],
        version: current.version,
      });
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json<Plant>();
      expect(updated).toMatchObject({
        version: current.version + 1,
        concretePlant: [{ id, numberOfAlleys: 4, nextTicketNumber: 1200 }],
      });
      expect(updated.modifiedAt).not.toBe(current.modifiedAt);
      const [row] = await t.db.select().from(plants).where(eq(plants.id, id));
      expect(row!.modifiedOn.toISOString()).toBe(updated.modifiedAt);
      expect((await plantEvent(id, current.version + 1)).data).toMatchObject({
        description: 'North Ready Mix',
      });
    });

    it('turns a concrete plant into a pit only when its concrete details go too', async () => {
      const plant = await create({ description: 'Switching Plant', systemTypeId: 1 });
      const kept = await call('PUT', `/api/v1/plants/${plant.id}`, 'full', {
        systemTypeId: 2,
        version: 1,
      });
      expect(kept.statusCode).toBe(400);
      expect(kept.json<{ data: { field: string }[] }>().data[0]!.field).toBe('concretePlant');
      const switched = await call('PUT', `/api/v1/plants/${plant.id}`, 'full', {
        systemTypeId: 2,
        concretePlant: [],
        version: 1,
      });
      expect(switched.statusCode, switched.body).toBe(200);
      expect(switched.json()).toMatchObject({
        systemTypeId: 2,
        concretePlant: [],
        aggregatePit: [{ id: plant.id, nextTicketNumber: 1, nextBillOfLadingNumber: 1 }],
      });
    });

    it('publishes plantUpdate_v1 when a plant is deactivated', async () => {
      const plant = await create({ description: 'Closing Plant', systemTypeId: 3 });
      const removed = await call('DELETE', `/api/v1/plants/${plant.id}?version=1`);
      expect(removed.statusCode).toBe(200);
      expect((await plantEvent(plant.id, 2)).data).toMatchObject({ inactiveFlag: true });
    });
  });

  describe('prices (R-PERM-6)', () => {
    it('leaves prices out of plants and their pit details for levels 2 and 4', async () => {
      const pitId = ids['South Aggregate Pit']!;
      for (const as of ['readNoPrices', 'fullNoPrices']) {
        const pit = await read(pitId, as);
        expect(pit).not.toHaveProperty('truckCostHour');
        expect(pit).not.toHaveProperty('priceAdjustment');
        expect(pit.aggregatePit).toEqual([expect.objectContaining({ zone: 'Z1' })]);
        expect((pit.aggregatePit as Json[])[0]).not.toHaveProperty('fuelSurChage');
      }
      expect(await read(pitId, 'fullReadOnlyPrices')).toMatchObject({
        truckCostHour: 60,
        aggregatePit: [{ fuelSurChage: 1.5 }],
      });
    });

    it('lets a level 4 user create a plant without prices', async () => {
      const response = await call('POST', '/api/v1/plants', 'fullNoPrices', {
        description: 'No Price Pit',
        systemTypeId: 2,
        aggregatePit: [{ zone: 'NP' }],
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).not.toHaveProperty('truckCostHour');
      expect(await read(response.json<Plant>().id)).toMatchObject({
        truckCostHour: null,
        priceAdjustment: null,
        aggregatePit: [{ zone: 'NP', fuelSurChage: null }],
      });
      const priced = await call('POST', '/api/v1/plants', 'fullNoPrices', {
        description: 'Priced',
        systemTypeId: 3,
        truckCostHour: 10,
      });
      expect(priced.statusCode).toBe(403);
    });

    it('keeps the prices a level 4 user cannot see when they save the plant as they read it', async () => {
      const pitId = ids['South Aggregate Pit']!;
      const seen = await read(pitId, 'fullNoPrices');
      const response = await call('PUT', `/api/v1/plants/${pitId}`, 'fullNoPrices', {
        ...seen,
        phoneNumber: '555-0100',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await read(pitId)).toMatchObject({
        phoneNumber: '555-0100',
        truckCostHour: 60,
        aggregatePit: [{ zone: 'Z1', fuelSurChage: 1.5 }],
      });
    });

    it('refuses a changed fuel surcharge from level 6', async () => {
      const pitId = ids['South Aggregate Pit']!;
      const seen = await read(pitId, 'fullReadOnlyPrices');
      const pit = (seen.aggregatePit as Json[])[0]!;
      const response = await call('PUT', `/api/v1/plants/${pitId}`, 'fullReadOnlyPrices', {
        aggregatePit: [{ ...pit, fuelSurChage: 9 }],
        version: seen.version,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ data: { field: string }[] }>().data[0]!.field).toBe(
        'aggregatePit[0].fuelSurChage',
      );
    });
  });

  describe('GET /api/v1/plants', () => {
    it('searches the description and every address line, case-insensitively, % taken literally', async () => {
      const names = async (search: string) =>
        (await call('GET', `/api/v1/plants?search=${search}`))
          .json<List>()
          .data.map((p) => p.description);
      expect(await names('QUARRY')).toEqual(['North Ready Mix']);
      expect(await names('industrial')).toEqual(['East Block Yard']);
      expect(await names('%25')).toEqual([]);
    });

    it('filters by system type and rail, and leaves inactive plants out unless asked', async () => {
      const list = async (query: string) =>
        (await call('GET', `/api/v1/plants?limit=500&${query}`)).json<List>();
      expect((await list('systemTypeId=2&isRail=true')).data.map((p) => p.description)).toEqual([
        'South Aggregate Pit',
      ]);
      const all = await list('systemTypeId=1&includeInactive=true');
      expect(all.data.map((p) => p.description)).toContain('Old West Plant');
      expect((await list('systemTypeId=1')).data.map((p) => p.description)).not.toContain(
        'Old West Plant',
      );
    });
  });

  describe('system types (ADR 005)', () => {
    it("lists, reads and offers only the plants of the caller's system types", async () => {
      const listed = (await call('GET', '/api/v1/plants?limit=500', 'concreteOnly')).json<List>();
      expect(listed.data.length).toBeGreaterThan(0);
      expect(listed.data.every((plant) => plant.systemTypeId === 1)).toBe(true);
      const pit = await call(
        'GET',
        `/api/v1/plants/${ids['South Aggregate Pit']!}`,
        'concreteOnly',
      );
      expect(pit.statusCode).toBe(404);
      const options = (await call('GET', '/api/v1/plants/options?limit=100', 'concreteOnly')).json<
        List<Json>
      >();
      expect(options.data.map((option) => option.name)).toContain('North Ready Mix');
      expect(options.data.map((option) => option.name)).not.toContain('South Aggregate Pit');
    });

    it('refuses a plant of a system type the caller lacks, and changes to one', async () => {
      const created = await call('POST', '/api/v1/plants', 'concreteOnly', {
        description: 'Not Mine',
        systemTypeId: 2,
      });
      expect(created.statusCode).toBe(400);
      expect(created.json<{ data: { field: string }[] }>().data[0]!.field).toBe('systemTypeId');
      const plant = await create({ description: 'Concrete Only', systemTypeId: 1 }, 'concreteOnly');
      const moved = await call('PUT', `/api/v1/plants/${plant.id}`, 'concreteOnly', {
        systemTypeId: 3,
        concretePlant: [],
        version: 1,
      });
      expect(moved.statusCode).toBe(400);
      const changed = await call(
        'PUT',
        `/api/v1/plants/${ids['East Block Yard']!}`,
        'concreteOnly',
        {
          description: 'Renamed',
          version: 1,
        },
      );
      expect(changed.statusCode).toBe(404);
    });
  });

  describe('GET /api/v1/plants/board', () => {
    // The plants of the caller's system types (R-PERM-2), as plantUpdate_v1 reaches only their
    // users: a concrete-only dispatcher never learns of an aggregate pit.
    it("gives a dispatcher without the Plants permission the live views of its system types' plants, without prices", async () => {
      expect((await call('GET', '/api/v1/plants', 'dispatcher')).statusCode).toBe(403);
      const response = await call('GET', '/api/v1/plants/board?limit=500', 'dispatcher');
      expect(response.statusCode, response.body).toBe(200);
      const board = response.json<List<Json>>();
      const north = board.data.find((plant) => plant.id === ids['North Ready Mix']);
      expect(Object.keys(north ?? {}).sort()).toEqual([
        'description',
        'id',
        'inactiveFlag',
        'latitude',
        'longitude',
        'plantColorId',
        'systemTypeId',
        'version',
      ]);
      expect(board.data.every((plant) => plant.systemTypeId === 1)).toBe(true);
      expect(board.data.map((plant) => plant.description)).not.toContain('South Aggregate Pit');
      expect(board.data.map((plant) => plant.description)).not.toContain('Old West Plant');
      expect(board.data.every((plant) => !('truckCostHour' in plant))).toBe(true);
      const paged = (
        await call('GET', '/api/v1/plants/board?limit=1&sort=id&order=desc', 'dispatcher')
      ).json<List<Json>>();
      expect(paged.data).toHaveLength(1);
      expect(paged.count).toBe(board.count);
    });

    it('refuses a user who may pick no plant', async () => {
      const response = await call('GET', '/api/v1/plants/board', 'nobody');
      expect(response.statusCode).toBe(403);
    });
  });

  // The detail rows' declarations in plants-binding.ts share their tables' names with the schema's:
  // reading a plant's details before anything wrote them must not break writing them later.
  it('writes details after a fresh server first read some', async () => {
    const fresh = await createTestApp(kind);
    try {
      await fresh.addUser({
        username: 'first',
        groupIds: [1001, 1002, 1003],
        permissions: { [plantsForm]: 5 },
      });
      const headers = { authorization: `Bearer ${await fresh.login('first')}` };
      const [plant] = await fresh.db
        .insert(plants)
        .values({ description: 'First', systemTypeId: 2 })
        .returning({ id: plants.id });
      const read = await fresh.app.inject({
        method: 'GET',
        url: `/api/v1/plants/${plant!.id}`,
        headers,
      });
      expect(read.statusCode).toBe(200);
      for (const systemTypeId of [1, 2]) {
        const created = await fresh.app.inject({
          method: 'POST',
          url: '/api/v1/plants',
          headers,
          payload: { description: `Fresh ${systemTypeId}`, systemTypeId },
        });
        expect(created.statusCode, created.body).toBe(201);
      }
    } finally {
      await fresh.close();
    }
  });
});
