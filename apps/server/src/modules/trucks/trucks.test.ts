/**
 * What is special about trucks; the contract suite covers generic maintenance (R-RES-9). The
 * dispatch board's list with the live view, the live status change and the yard, and the live
 * events every maintenance write publishes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { insufficientPermissionMessage } from '@dispatch/domain/messages';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import { listenToDispatch, settle, type DispatchListener } from '../../../test/dispatch-listener';
import { insertPlant, insertTicket, insertTruckLookups } from '../../../test/truck-fixtures';
import { changeTruckStatusIn } from './truck-status.service';
import { staleTruckMessage } from './trucks.service';

type Truck = Record<string, unknown> & {
  id: number;
  identificationNumber: string;
  version: number;
  inYardSequenceNum: number | null;
  statusId: number | null;
};
type List = { error: boolean; count: number; data: Truck[] };
type Problems = { data: { field: string; reason: string }[]; message: string };

const { inYard, loading, toJob, onJob, toPlant, outOfService, offDuty } = truckStatusIds;

describe.each(databaseKinds)('trucks API on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  let north: number;
  let south: number;
  const tokens: Record<string, string> = {};
  const truckIds: Record<string, number> = {};

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { as?: string; body?: unknown } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[options.as ?? 'maintainer']!}` },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
  const list = async (query = '', as = 'maintainer') => {
    const response = await request('GET', `/api/v1/trucks/board${query}`, { as });
    expect(response.statusCode).toBe(200);
    return response.json<List>();
  };
  const numbers = (body: List) => body.data.map((truck) => truck.identificationNumber);
  const setStatus = (id: number, body: Record<string, unknown>, as = 'dispatcher') =>
    request('PUT', `/api/v1/trucks/${id}/status`, { as, body });
  const yardOf = async (plantId: number) =>
    (
      await t.db
        .select({ id: trucks.id, place: trucks.inYardSequenceNum })
        .from(trucks)
        .where(sql`${trucks.plantId} = ${plantId} and ${trucks.inYardSequenceNum} is not null`)
        .orderBy(trucks.inYardSequenceNum)
    ).map((row) => [row.id, row.place]);
  const ticketRow = async (id: number) =>
    (await t.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
  const truckRow = async (id: number) =>
    (await t.db.select().from(trucks).where(eq(trucks.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const users: [string, Record<number, number>][] = [
      ['maintainer', { 50401: 5 }],
      ['dispatcher', { 51001: 5 }],
      ['batcher', { 14000: 4 }],
      ['boardReader', { 51001: 2, 14000: 3 }],
      ['truckReader', { 50401: 3 }],
      ['nobody', { 50601: 5 }],
    ];
    for (const [username, permissions] of users) {
      await t.addUser({ username, groupIds: [1001], permissions });
      tokens[username] = await t.login(username);
    }
    await insertTruckLookups(t.db);
    north = await insertPlant(t.db, 'North');
    south = await insertPlant(t.db, 'South');
    const twentyFiveMinutesAgo = new Date(t.clock.now.getTime() - 25 * 60_000);
    const rows = await t.db
      .insert(trucks)
      .values([
        {
          identificationNumber: '10',
          plantId: north,
          statusId: inYard,
          inYardSequenceNum: 2,
          truckCompanyId: 1,
          truckTypeId: 1,
          licensePlate: 'ABC-123',
          statusDateTime: twentyFiveMinutesAgo,
        },
        {
          identificationNumber: '2',
          plantId: north,
          statusId: inYard,
          inYardSequenceNum: 1,
          truckCompanyId: 1,
          truckTypeId: 1,
          description: 'Blue mixer',
          truckFlagId: 1,
          statusDateTime: twentyFiveMinutesAgo,
          tareWeight: 26500.5,
        },
        {
          identificationNumber: '10A',
          plantId: north,
          statusId: inYard,
          inYardSequenceNum: 3,
          truckCompanyId: 2,
          truckTypeId: 2,
        },
        {
          identificationNumber: 'A7',
          plantId: south,
          statusId: toJob,
          truckCompanyId: 2,
          truckTypeId: 1,
          statusDateTime: new Date(t.clock.now.getTime() - 90 * 60_000),
        },
        { identificationNumber: '3', plantId: south, inactiveFlag: true, truckCompanyId: 1 },
      ])
      .returning({ id: trucks.id, identificationNumber: trucks.identificationNumber });
    for (const row of rows) truckIds[row.identificationNumber] = row.id;
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });
  beforeEach(() => events.clear());

  describe('GET /api/v1/trucks/board', () => {
    it('lists active trucks in numeric-aware number order, with their live view', async () => {
      const body = await list();
      expect(body.count).toBe(4);
      expect(numbers(body)).toEqual(['2', '10', '10A', 'A7']);
      expect(body.data[0]).toMatchObject({
        id: truckIds['2'],
        identificationNumber: '2',
        description: 'Blue mixer',
        licensePlate: '',
        vin: '',
        plantId: north,
        truckCompanyId: 1,
        truckTypeId: 1,
        tareWeight: 26500.5,
        maxLoadQuantity: null,
        statusId: inYard,
        statusDescription: 'In yard',
        statusLocation: 'plant',
        truckFlagId: 1,
        truckFlag: 'Needs wash',
        minutes: 25,
        inYardSequenceNum: 1,
        inactiveFlag: false,
        outsideTruckFlag: false,
        mobileSimulationFlag: false,
        currentTicketId: null,
        version: 1,
      });
      expect(body.data[0]!.statusDateTime).toMatch(/Z$/);
      expect(body.data[3]).toMatchObject({
        statusDescription: 'To job',
        statusLocation: 'road',
        minutes: 90,
      });
      expect(body.data[2]).toMatchObject({ statusDateTime: null, minutes: null, truckFlag: '' });
      expect(numbers(await list('?order=desc'))).toEqual(['A7', '10A', '10', '2']);
    });

    it('includes inactive trucks on request', async () => {
      expect(numbers(await list('?includeInactive=true'))).toEqual(['2', '3', '10', '10A', 'A7']);
    });

    it('searches number, description and licence plate', async () => {
      expect(numbers(await list('?search=10'))).toEqual(['10', '10A']);
      expect(numbers(await list('?search=blue'))).toEqual(['2']);
      expect(numbers(await list('?search=abc-1'))).toEqual(['10']);
      expect((await list('?search=_')).count).toBe(0);
    });

    it('filters by plant, status, company and type', async () => {
      expect(numbers(await list(`?plantId=${south}`))).toEqual(['A7']);
      expect(numbers(await list(`?statusId=${toJob}`))).toEqual(['A7']);
      expect(numbers(await list('?truckCompanyId=2'))).toEqual(['10A', 'A7']);
      expect(numbers(await list('?truckTypeId=2'))).toEqual(['10A']);
      expect(numbers(await list(`?plantId=${north}&truckTypeId=1`))).toEqual(['2', '10']);
    });

    it('sorts by status time, plant and status, and pages with the full count', async () => {
      expect(numbers(await list('?sort=statusDateTime'))).toEqual(['A7', '2', '10', '10A']);
      expect(numbers(await list('?sort=plantId&order=desc'))).toEqual(['A7', '10A', '10', '2']);
      expect(numbers(await list('?sort=statusId&order=desc'))).toEqual(['A7', '10A', '10', '2']);
      const page = await list('?limit=2&offset=1');
      expect(page.count).toBe(4);
      expect(numbers(page)).toEqual(['10', '10A']);
    });

    it('is open to Load Scheduling and the Batch Load Screen, read-only levels included', async () => {
      for (const as of ['dispatcher', 'batcher', 'boardReader', 'truckReader']) {
        expect((await list('', as)).count).toBe(4);
      }
    });

    it('refuses a user without any truck form, and answers 401 without a token', async () => {
      const refused = await request('GET', '/api/v1/trucks/board', { as: 'nobody' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        message: insufficientPermissionMessage('Truck Maintenance'),
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/trucks/board' })).statusCode).toBe(
        401,
      );
    });

    it('answers 400 naming a bad filter', async () => {
      const response = await request('GET', '/api/v1/trucks/board?plantId=north');
      expect(response.statusCode).toBe(400);
      expect(response.json<Problems>().data[0]!.field).toBe('plantId');
    });
  });

  describe('GET /api/v1/trucks/:id', () => {
    it('answers one truck with its version', async () => {
      const response = await request('GET', `/api/v1/trucks/${truckIds.A7!}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        identificationNumber: 'A7',
        plantId: south,
        version: 1,
      });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = await request('GET', '/api/v1/trucks/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'Truck 999999 was not found.' });
      const malformed = await request('GET', '/api/v1/trucks/1.5');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<Problems>().data[0]!.field).toBe('id');
    });

    it('is the maintenance form only', async () => {
      expect(
        (await request('GET', `/api/v1/trucks/${truckIds.A7!}`, { as: 'dispatcher' })).statusCode,
      ).toBe(403);
    });
  });

  describe('POST /api/v1/trucks', () => {
    it('creates a truck and publishes truckUpdate_v1', async () => {
      const response = await request('POST', '/api/v1/trucks', {
        body: {
          identificationNumber: ' 501 ',
          plantId: north,
          truckCompanyId: 1,
          truckTypeId: 1,
          maxLoadQuantity: 10,
          licensePlate: 'MIX-501',
        },
      });
      expect(response.statusCode).toBe(201);
      const truck = response.json<Truck>();
      expect(truck).toMatchObject({
        identificationNumber: '501',
        version: 1,
        statusId: null,
        inYardSequenceNum: null,
        maxLoadQuantity: 10,
      });
      const event = await events.next('truckUpdate_v1', (e) => (e.data as Truck).id === truck.id);
      expect(event.data).toMatchObject({
        id: truck.id,
        identificationNumber: '501',
        plantId: north,
      });
    });

    it('refuses a number already used in the same company with 409 naming it', async () => {
      const duplicate = await request('POST', '/api/v1/trucks', {
        body: { identificationNumber: '10', truckCompanyId: 1 },
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json<Problems>().data[0]!.field).toBe('identificationNumber');
      const otherCompany = await request('POST', '/api/v1/trucks', {
        body: { identificationNumber: '10', truckCompanyId: 2 },
      });
      expect(otherCompany.statusCode).toBe(201);
    });

    it.each([
      ['a missing number', {}, 'identificationNumber'],
      ['a number too long', { identificationNumber: 'X'.repeat(21) }, 'identificationNumber'],
      ['a negative tare weight', { identificationNumber: 'N1', tareWeight: -1 }, 'tareWeight'],
      ['an unknown plant', { identificationNumber: 'N2', plantId: 987654 }, 'plantId'],
      ['an unknown truck type', { identificationNumber: 'N3', truckTypeId: 77 }, 'truckTypeId'],
      [
        'an id too large to store',
        { identificationNumber: 'N4', truckCompanyId: 3_000_000_000 },
        'truckCompanyId',
      ],
    ])('answers 400 naming the field for %s', async (_case, body, field) => {
      const response = await request('POST', '/api/v1/trucks', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json<Problems>().data[0]!.field).toBe(field);
    });

    it('refuses read-only levels and board-only users', async () => {
      for (const as of ['truckReader', 'dispatcher']) {
        expect(
          (await request('POST', '/api/v1/trucks', { as, body: { identificationNumber: 'Z1' } }))
            .statusCode,
        ).toBe(403);
      }
    });
  });

  describe('PUT /api/v1/trucks/:id', () => {
    it('changes the fields sent, bumps the version, and answers 409 on a stale one', async () => {
      const [created] = await t.db
        .insert(trucks)
        .values({ identificationNumber: 'E1', plantId: south })
        .returning();
      const response = await request('PUT', `/api/v1/trucks/${created!.id}`, {
        body: { description: 'Edited', vin: '1FDXE45', version: 1 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        description: 'Edited',
        vin: '1FDXE45',
        plantId: south,
        version: 2,
      });
      const updated = await events.next(
        'truckUpdate_v1',
        (e) => (e.data as Truck).id === created!.id,
      );
      expect(updated.data).toMatchObject({
        id: created!.id,
        version: 2,
      });

      const stale = await request('PUT', `/api/v1/trucks/${created!.id}`, {
        body: { description: 'Lost', version: 1 },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'stale_version',
        data: { currentVersion: 2, modifiedBy: 'maintainer' },
      });
      expect((await truckRow(created!.id)).description).toBe('Edited');
      expect(
        (await request('PUT', '/api/v1/trucks/999999', { body: { version: 1 } })).statusCode,
      ).toBe(404);
    });

    it("moves a truck waiting in a yard to the end of its new plant's yard", async () => {
      const [a, b] = await t.db
        .insert(trucks)
        .values([
          { identificationNumber: 'M1', plantId: south, statusId: inYard, inYardSequenceNum: 1 },
          { identificationNumber: 'M2', plantId: south, statusId: inYard, inYardSequenceNum: 2 },
        ])
        .returning();
      const northYard = await yardOf(north);
      const response = await request('PUT', `/api/v1/trucks/${a!.id}`, {
        body: { plantId: north, version: 1 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        plantId: north,
        inYardSequenceNum: northYard.length + 1,
      });
      expect(await yardOf(south)).toEqual([[b!.id, 1]]);
      await settle();
      const sequences = events.events.filter((event) => event.name === 'truckSequenceUpdate_v1');
      expect(sequences.map((event) => (event.data as { plantId: number }).plantId).sort()).toEqual(
        [north, south].sort(),
      );
      // Leave the yards as the other tests expect them.
      await t.db.delete(trucks).where(sql`${trucks.id} in (${a!.id}, ${b!.id})`);
    });
  });

  describe('maintenance through the resource engine', () => {
    it('answers the live status read-only, and a write cannot change it', async () => {
      const read = await request('GET', `/api/v1/trucks/${truckIds['2']!}`);
      expect(read.json()).toMatchObject({
        statusId: inYard,
        inYardSequenceNum: 1,
        currentTicketId: null,
        labels: { truckFlagId: 'Needs wash', truckCompanyId: 'Own Fleet' },
      });
      expect(read.json<Truck>().statusDateTime).toMatch(/Z$/);
      const [created] = await t.db
        .insert(trucks)
        .values({ identificationNumber: 'R1', plantId: south })
        .returning();
      const sent = await request('PUT', `/api/v1/trucks/${created!.id}`, {
        body: { statusId: onJob, inYardSequenceNum: 7, description: 'Kept out', version: 1 },
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({ statusId: null, inYardSequenceNum: null });
    });

    it("lists with the engine's search and filters, for Truck Maintenance only", async () => {
      const found = await request('GET', '/api/v1/trucks?search=abc-1');
      expect(found.json<List>().data.map((truck) => truck.identificationNumber)).toEqual(['10']);
      const byStatus = await request('GET', `/api/v1/trucks?statusId=${toJob}`);
      expect(byStatus.json<List>().data.map((truck) => truck.identificationNumber)).toContain('A7');
      expect((await request('GET', '/api/v1/trucks', { as: 'dispatcher' })).statusCode).toBe(403);
      // The board forms pick trucks (R-PICK-1).
      const options = await request('GET', '/api/v1/trucks/options?search=A7', {
        as: 'dispatcher',
      });
      expect(options.statusCode).toBe(200);
    });

    it('publishes truckUpdate_v1 when a truck is deactivated', async () => {
      const [created] = await t.db
        .insert(trucks)
        .values({ identificationNumber: 'X1', plantId: south })
        .returning();
      const removed = await request('DELETE', `/api/v1/trucks/${created!.id}?version=1`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ inactiveFlag: true, version: 2 });
      const event = await events.next(
        'truckUpdate_v1',
        (e) => (e.data as Truck).id === created!.id,
      );
      expect(event.data).toMatchObject({ id: created!.id, identificationNumber: 'X1', version: 2 });
    });
  });

  describe('PUT /api/v1/trucks/:id/status', () => {
    it('takes a truck out of the yard: the others close up, and both events go out', async () => {
      expect(await yardOf(north)).toEqual([
        [truckIds['2'], 1],
        [truckIds['10'], 2],
        [truckIds['10A'], 3],
      ]);
      const response = await setStatus(truckIds['2']!, { statusId: loading });
      expect(response.statusCode).toBe(200);
      const view = response.json<Truck>();
      expect(view).toEqual({
        id: truckIds['2'],
        plantId: north,
        truckFlagId: 1,
        truckFlag: 'Needs wash',
        statusId: loading,
        identificationNumber: '2',
        minutes: 0,
        inYardSequenceNum: null,
        statusDescription: 'Loading',
        statusLocation: 'plant',
        statusDateTime: t.clock.now.toISOString(),
        statusFromGps: false,
        version: 2,
      });
      expect(await yardOf(north)).toEqual([
        [truckIds['10'], 1],
        [truckIds['10A'], 2],
      ]);
      expect(
        (await events.next('truckUpdate_v1', (e) => (e.data as Truck).id === view.id)).data,
      ).toEqual(view);
      const sequence = await events.next('truckSequenceUpdate_v1');
      expect(sequence.data).toEqual({
        plantId: north,
        trucks: [
          {
            id: truckIds['10'],
            inYardSequenceNum: 1,
            newRowNum: 1,
            wasMoved: false,
            truckSequence: 1,
          },
          {
            id: truckIds['10A'],
            inYardSequenceNum: 2,
            newRowNum: 2,
            wasMoved: false,
            truckSequence: 2,
          },
        ],
      });
    });

    it("puts a truck arriving in the yard at the end of its plant's sequence", async () => {
      const response = await setStatus(truckIds['2']!, { statusId: inYard }, 'batcher');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ inYardSequenceNum: 3, statusDescription: 'In yard' });
      expect(await yardOf(north)).toEqual([
        [truckIds['10'], 1],
        [truckIds['10A'], 2],
        [truckIds['2'], 3],
      ]);
      const sequence = await events.next('truckSequenceUpdate_v1');
      expect((sequence.data as { trucks: { id: number }[] }).trucks.map((item) => item.id)).toEqual(
        [truckIds['10'], truckIds['10A'], truckIds['2']],
      );
    });

    it('answers, and publishes, the truck exactly as it was stored', async () => {
      type Truck = Record<string, unknown> & { version: number; statusDateTime: string };
      const truckId = truckIds['10A']!;
      const onBoard = async () => {
        const found = (await list('?search=10A')).data.find((truck) => truck.id === truckId);
        return found as unknown as Truck;
      };
      const before = await onBoard();
      t.clock.advance(30_000);
      const response = await setStatus(truckId, { statusId: inYard });
      expect(response.statusCode).toBe(200);
      const stored = await onBoard();
      expect(stored.version).toBe(before.version + 1);
      expect(stored.statusDateTime).toBe(t.clock.now.toISOString());
      const answer = response.json<Truck>();
      const published = (await events.next('truckUpdate_v1')).data as Truck;
      for (const field of Object.keys(answer)) {
        expect([field, answer[field]]).toEqual([field, stored[field]]);
        expect([field, published[field]]).toEqual([field, stored[field]]);
      }
    });

    it('leaves the sequence alone when a truck in the yard is set in yard again', async () => {
      const response = await setStatus(truckIds['10']!, { statusId: inYard });
      expect(response.json()).toMatchObject({ inYardSequenceNum: 1 });
      await settle();
      // R-BOARD-9: every status change also tells its plant's status averages.
      expect(events.events.map((event) => event.name)).toEqual([
        'truckUpdate_v1',
        'scheduleStatusAverageUpdate_v1',
      ]);
    });

    it('stamps the status time on the current ticket once, and arriving in the yard ends the ticket', async () => {
      const truckId = truckIds.A7!;
      const ticketId = await insertTicket(t.db, south, truckId);
      await t.db.update(trucks).set({ currentTicketId: ticketId }).where(eq(trucks.id, truckId));
      const earlier = new Date(t.clock.now.getTime() - 3_600_000);
      await t.db
        .update(tickets)
        .set({ toPlantDateTime: earlier, finishUnloadDateTime: earlier })
        .where(eq(tickets.id, ticketId));

      t.clock.advance(60_000);
      const onJobAt = t.clock.now;
      expect((await setStatus(truckId, { statusId: onJob })).statusCode).toBe(200);
      expect((await ticketRow(ticketId)).onJobDateTime).toEqual(onJobAt);
      const ticketEvent = await events.next('ticketUpdate_v1');
      expect(ticketEvent.data).toEqual({
        id: ticketId,
        statusId: 1,
        orderId: expect.any(Number),
        plantId: south,
      });

      // Already stamped: the first time stays, and no ticket event goes out.
      events.clear();
      t.clock.advance(60_000);
      expect((await setStatus(truckId, { statusId: toPlant })).statusCode).toBe(200);
      expect((await ticketRow(ticketId)).toPlantDateTime).toEqual(earlier);
      await settle();
      // R-BOARD-9: every status change also tells its plant's status averages.
      expect(events.events.map((event) => event.name)).toEqual([
        'truckUpdate_v1',
        'scheduleStatusAverageUpdate_v1',
      ]);

      t.clock.advance(60_000);
      const arrivedAt = t.clock.now;
      const southYard = await yardOf(south);
      const arrived = await setStatus(truckId, { statusId: inYard });
      expect(arrived.json()).toMatchObject({ inYardSequenceNum: southYard.length + 1 });
      expect((await ticketRow(ticketId)).arrivePlantDateTime).toEqual(arrivedAt);
      expect((await truckRow(truckId)).currentTicketId).toBeNull();
      // R-DELIV-3: unloaded earlier and now back at the plant, the ticket is complete.
      const completed = await events.next('ticketUpdate_v1');
      expect(completed.data).toMatchObject({ id: ticketId, statusId: 3 });
      expect((await ticketRow(ticketId)).statusId).toBe(3);

      // Without a current ticket nothing is stamped.
      events.clear();
      await setStatus(truckId, { statusId: loading });
      expect((await ticketRow(ticketId)).batchDateTime).toBeNull();
      await settle();
      expect(events.events.some((event) => event.name === 'ticketUpdate_v1')).toBe(false);
    });

    it('allows out of service and off duty from anywhere', async () => {
      for (const [truck, from] of [
        ['10A', inYard],
        ['A7', toJob],
        ['2', onJob],
      ] as const) {
        await setStatus(truckIds[truck]!, { statusId: from });
        expect((await setStatus(truckIds[truck]!, { statusId: outOfService })).statusCode).toBe(
          200,
        );
        await setStatus(truckIds[truck]!, { statusId: from });
        expect((await setStatus(truckIds[truck]!, { statusId: offDuty })).statusCode).toBe(200);
      }
    });

    it('checks the version when one is sent', async () => {
      const truck = (await request('GET', `/api/v1/trucks/${truckIds['10']!}`)).json<Truck>();
      const stale = await setStatus(truck.id, { statusId: toJob, version: truck.version - 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        message: staleTruckMessage,
        data: { currentVersion: truck.version },
      });
      expect((await truckRow(truck.id)).statusId).toBe(truck.statusId);
      const current = await setStatus(truck.id, { statusId: toJob, version: truck.version });
      expect(current.json()).toMatchObject({ statusId: toJob, version: truck.version + 1 });
    });

    it.each([
      ['an unknown status', { statusId: 42 }],
      ['a text status', { statusId: 'in yard' }],
      ['no status', {}],
    ])('answers 400 naming statusId for %s', async (_case, body) => {
      const response = await setStatus(truckIds['10']!, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<Problems>().data[0]!.field).toBe('statusId');
    });

    it('answers 404 for an unknown truck and refuses read-only and formless users', async () => {
      expect((await setStatus(999999, { statusId: inYard })).statusCode).toBe(404);
      expect(
        (await setStatus(truckIds['10']!, { statusId: inYard }, 'boardReader')).statusCode,
      ).toBe(403);
      expect((await setStatus(truckIds['10']!, { statusId: inYard }, 'nobody')).statusCode).toBe(
        403,
      );
      expect(
        (await setStatus(truckIds['10']!, { statusId: inYard }, 'maintainer')).statusCode,
      ).toBe(200);
    });

    it('gives trucks arriving at once distinct places at the end of the yard', async () => {
      const created = await t.db
        .insert(trucks)
        .values(
          ['C1', 'C2', 'C3', 'C4'].map((identificationNumber) => ({
            identificationNumber,
            plantId: south,
            statusId: toPlant,
          })),
        )
        .returning({ id: trucks.id });
      const before = (await yardOf(south)).length;
      const answers = await Promise.all(
        created.map((truck) => setStatus(truck.id, { statusId: inYard })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      const places = answers.map((answer) => answer.json<Truck>().inYardSequenceNum).sort();
      expect(places).toEqual([before + 1, before + 2, before + 3, before + 4]);
    });

    it('publishes its events only when the transaction commits', async () => {
      const truckId = truckIds['10A']!;
      await setStatus(truckId, { statusId: inYard });
      // That change's own events may still be on their way.
      await settle();
      events.clear();

      const rolledBack = new Error('roll back');
      await expect(
        t.db.transaction(async (tx) => {
          await changeTruckStatusIn(tx, { id: truckId, statusId: toJob, now: t.clock.now });
          await settle();
          expect(events.events).toEqual([]);
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
      await settle();
      expect(events.events).toEqual([]);
      expect((await truckRow(truckId)).statusId).toBe(inYard);

      await t.db.transaction(async (tx) => {
        await changeTruckStatusIn(tx, { id: truckId, statusId: toJob, now: t.clock.now });
        await settle();
        expect(events.events).toEqual([]);
      });
      await events.next('truckUpdate_v1');
      await events.next('truckSequenceUpdate_v1');
      expect((await truckRow(truckId)).statusId).toBe(toJob);
    });
  });

  describe('system types (R-PERM-2)', () => {
    it("lists and reads only the trucks and plants of the caller's system types", async () => {
      const pit = await insertPlant(t.db, 'Granite Pit', 2);
      const [pitTruck] = await t.db
        .insert(trucks)
        .values({ identificationNumber: 'P1', plantId: pit, truckCompanyId: 1, truckTypeId: 1 })
        .returning({ id: trucks.id });
      await t.addUser({
        username: 'pitDispatcher',
        groupIds: [1002],
        permissions: { 50401: 5, 51001: 5 },
      });
      tokens.pitDispatcher = await t.login('pitDispatcher');

      expect(numbers(await list('?limit=500'))).not.toContain('P1');
      const pitTrucks = (await list('?limit=500', 'pitDispatcher')).data;
      expect(pitTrucks.map((truck) => truck.identificationNumber)).toContain('P1');
      // Besides its own, only trucks based at no plant.
      expect(pitTrucks.every((truck) => truck.plantId === pit || truck.plantId === null)).toBe(
        true,
      );
      const engine = await request('GET', '/api/v1/trucks?limit=500');
      expect(engine.json<List>().data.map((truck) => truck.id)).not.toContain(pitTruck!.id);
      expect((await request('GET', `/api/v1/trucks/${pitTruck!.id}`)).statusCode).toBe(404);
      expect((await setStatus(pitTruck!.id, { statusId: loading })).statusCode).toBe(404);

      const plantsOf = async (who: string) =>
        (await request('GET', '/api/v1/plants/board?limit=500', { as: who }))
          .json<{ data: { id: number }[] }>()
          .data.map((plant) => plant.id);
      expect(await plantsOf('dispatcher')).not.toContain(pit);
      expect(await plantsOf('dispatcher')).toEqual(expect.arrayContaining([north, south]));
      expect(await plantsOf('pitDispatcher')).toEqual([pit]);
      // An administrator of the screens only, in no system type's group, learns of no plant.
      await t.addUser({ username: 'itAdmin', isSysadmin: true, adminOnly: true });
      tokens.itAdmin = await t.login('itAdmin');
      expect(await plantsOf('itAdmin')).toEqual([]);
    });
  });
});
