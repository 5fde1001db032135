/**
 * R-GPS-10..13: positions in. Who may post, bad input, replays and late fixes, and each status the
 * fences set, stamped on the ticket at the fix's recordedAt.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { earthRadiusM, type GeoPoint } from '@dispatch/domain/trucks/geo-distance';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { jobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { tickets } from '../../db/schema/tickets';
import { truckPositions } from '../../db/schema/truck-positions';
import { trucks } from '../../db/schema/trucks';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { runGeofenceClock } from './truck-positions.service';
import { databaseKinds } from '../../../test/test-tenancy';
import { listenToDispatch, settle, type DispatchListener } from '../../../test/dispatch-listener';
import {
  bindDriver,
  insertPlant,
  insertTicket,
  insertTruckLookups,
} from '../../../test/truck-fixtures';

const { inYard, loading, loaded, toJob, onJob, unloading, toPlant } = truckStatusIds;

const metresPerDegree = (earthRadiusM * Math.PI) / 180;
const north = (from: GeoPoint, metres: number): GeoPoint => ({
  latitude: from.latitude + metres / metresPerDegree,
  longitude: from.longitude,
});

// Plant North at the origin of the trip, a job 5 km north, plant South (same kind) 10 km north.
const northPlant = { latitude: 39.7, longitude: -105 };
const site = north(northPlant, 5_000);
const southPlant = north(northPlant, 10_000);

type Answer = {
  accepted: number;
  duplicates: number;
  statusId: number | null;
  transitions: { statusId: number; at: string; plantId: number | null }[];
};
type Problems = { data: { field: string; reason: string }[] };

describe.each(databaseKinds)('truck positions on %s', (kind) => {
  let t: TestApp;
  let events: DispatchListener;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'dispatcher');
  let northId: number;
  let southId: number;
  let pitId: number;
  let truckId: number;
  let otherTruckId: number;
  let pitTruckId: number;
  let ticketId: number;
  /** Seconds after the suite's start, as an instant; the server's clock stands still. */
  let at: (seconds: number) => string;

  const post = (id: number, positions: unknown[], who = 'driver') =>
    call('POST', `/api/v1/trucks/${id}/positions`, who, { positions });
  const fix = (where: GeoPoint, seconds: number, extra: Record<string, unknown> = {}) => ({
    ...where,
    recordedAt: at(seconds),
    ...extra,
  });
  const truckRow = async (id = truckId) =>
    (await t.db.select().from(trucks).where(eq(trucks.id, id)))[0]!;
  const ticketRow = async () =>
    (await t.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!;
  const setStatus = async (statusId: number, id = truckId) => {
    const { version } = await truckRow(id);
    const response = await call('PUT', `/api/v1/trucks/${id}/status`, 'dispatcher', {
      statusId,
      version,
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Concrete is group 1001, aggregate 1002 (R-PERM-2).
    const users: [string, number[], Record<number, number>][] = [
      ['dispatcher', [1001, 1002], { 51001: 5 }],
      ['boardReader', [1001], { 51001: 2 }],
      ['aggregateDispatcher', [1002], { 51001: 5 }],
      ['nobody', [1001], { 50601: 5 }],
      ['driver', [1001], {}],
      ['otherDriver', [1001], {}],
    ];
    const userIds: Record<string, number> = {};
    for (const [username, groupIds, permissions] of users) {
      userIds[username] = await t.addUser({ username, groupIds, permissions });
    }
    await insertTruckLookups(t.db);
    northId = await insertPlant(t.db, 'North');
    southId = await insertPlant(t.db, 'South');
    pitId = await insertPlant(t.db, 'Pit', 2);
    await t.db
      .update(plants)
      .set({ ...northPlant, radius: 200 })
      .where(eq(plants.id, northId));
    await t.db
      .update(plants)
      .set({ ...southPlant, radius: 150 })
      .where(eq(plants.id, southId));
    // The pit is located but has no fence: on the map, never a GPS status.
    await t.db.update(plants).set(north(northPlant, -20_000)).where(eq(plants.id, pitId));
    const rows = await t.db
      .insert(trucks)
      .values([
        { identificationNumber: '501', plantId: northId, statusId: loaded, truckCompanyId: 1 },
        { identificationNumber: '502', plantId: northId, statusId: inYard, truckCompanyId: 1 },
        { identificationNumber: '901', plantId: pitId, statusId: inYard, truckCompanyId: 1 },
      ])
      .returning({ id: trucks.id });
    [truckId, otherTruckId, pitTruckId] = rows.map((row) => row.id) as [number, number, number];
    await bindDriver(t.db, userIds.driver!, truckId, 'Dana Driver');
    await bindDriver(t.db, userIds.otherDriver!, otherTruckId, 'Otto Other');
    for (const [username] of users) tokens[username] = await t.login(username);

    ticketId = await insertTicket(t.db, northId, truckId);
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, ticket!.orderId));
    const [job] = await t.db
      .insert(jobs)
      .values({
        customerId: order!.customerId,
        number: 'J-GPS',
        gpsLat: site.latitude,
        gpsLon: site.longitude,
      })
      .returning({ id: jobs.id });
    await t.db.update(orders).set({ jobId: job!.id }).where(eq(orders.id, order!.id));
    // The truck loaded at 08:00 and sits in the plant; the server's clock is later on that day.
    const start = new Date(t.clock.now.getTime() - 60 * 60_000);
    at = (seconds) => new Date(start.getTime() + seconds * 1000).toISOString();
    await t.db
      .update(trucks)
      .set({ currentTicketId: ticketId, statusDateTime: new Date(at(-60)) })
      .where(eq(trucks.id, truckId));
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });
  afterAll(async () => {
    await events?.stop();
    await t?.close();
  });
  beforeEach(() => events.clear());

  describe('R-GPS-11: who may post', () => {
    it("the truck's own driver and a dispatcher of its system type may", async () => {
      expect((await post(truckId, [fix(northPlant, 0)])).statusCode).toBe(200);
      expect((await post(truckId, [fix(northPlant, 1)], 'dispatcher')).statusCode).toBe(200);
    });

    it('another driver, a read-only board user, a user without the boards, or another system type may not', async () => {
      for (const who of ['otherDriver', 'boardReader', 'nobody', 'aggregateDispatcher']) {
        const response = await post(truckId, [fix(northPlant, 2)], who);
        expect(response.statusCode, who).toBe(403);
      }
      expect((await post(pitTruckId, [fix(northPlant, 2)], 'driver')).statusCode).toBe(403);
      expect((await post(pitTruckId, [fix(northPlant, 2)], 'aggregateDispatcher')).statusCode).toBe(
        200,
      );
    });

    it('an unknown truck is not found', async () => {
      expect((await post(999_999, [fix(northPlant, 2)], 'dispatcher')).statusCode).toBe(404);
    });
  });

  describe('R-GPS-11: bad input names the field', () => {
    const problemsOf = async (positions: unknown[]) => {
      const response = await post(truckId, positions);
      expect(response.statusCode).toBe(400);
      return response.json<Problems>().data.map((problem) => problem.field);
    };

    it('a latitude or longitude off the globe', async () => {
      expect(
        await problemsOf([fix(northPlant, 3), { ...fix(northPlant, 4), latitude: 91 }]),
      ).toEqual(['positions.1.latitude']);
      expect(await problemsOf([{ ...fix(northPlant, 4), longitude: -180.5 }])).toEqual([
        'positions.0.longitude',
      ]);
    });

    it('a fix more than 5 minutes ahead of the server', async () => {
      const ahead = new Date(t.clock.now.getTime() + 6 * 60_000).toISOString();
      expect(await problemsOf([{ ...northPlant, recordedAt: ahead }])).toEqual([
        'positions.0.recordedAt',
      ]);
      const soon = new Date(t.clock.now.getTime() + 4 * 60_000).toISOString();
      const pitFix = { ...northPlant, recordedAt: soon };
      expect((await post(pitTruckId, [pitFix], 'aggregateDispatcher')).statusCode).toBe(200);
    });

    it('no fixes, more than 500, or a time that is no time', async () => {
      expect(await problemsOf([])).toEqual(['positions']);
      const many = Array.from({ length: 501 }, (_, index) => fix(northPlant, 5 + index / 1000));
      expect(await problemsOf(many)).toEqual(['positions']);
      expect(await problemsOf([{ ...northPlant, recordedAt: 'yesterday' }])).toEqual([
        'positions.0.recordedAt',
      ]);
    });
  });

  describe('R-GPS-2..5, R-GPS-13: the loop from the fences, stamped at recordedAt', () => {
    it('leaving the plant after loading sets To job at the second fix outside', async () => {
      const response = await post(truckId, [
        fix(north(northPlant, 50), 10),
        fix(north(northPlant, 400), 20),
        fix(north(northPlant, 900), 30),
      ]);
      expect(response.statusCode).toBe(200);
      const answer = response.json<Answer>();
      expect(answer.transitions).toEqual([{ statusId: toJob, at: at(30), plantId: null }]);
      expect(answer.statusId).toBe(toJob);
      const truck = await truckRow();
      expect(truck.statusId).toBe(toJob);
      expect(truck.statusFromGps).toBe(true);
      expect(truck.statusDateTime?.toISOString()).toBe(at(30));
      expect((await ticketRow()).toJobDateTime?.toISOString()).toBe(at(30));
      const update = await events.next('truckUpdate_v1');
      expect(update.data).toMatchObject({ id: truckId, statusId: toJob, statusFromGps: true });
      const position = await events.next('truckPositionUpdate_v1');
      expect(position.data).toMatchObject({ truckId, statusId: toJob, recordedAt: at(30) });
      expect(position.systemTypeId).toBe(1);
    });

    it('a replayed batch stores nothing, changes nothing and tells no one', async () => {
      const response = await post(truckId, [
        fix(north(northPlant, 400), 20),
        fix(north(northPlant, 900), 30),
      ]);
      expect(response.json<Answer>()).toMatchObject({
        accepted: 0,
        duplicates: 2,
        transitions: [],
      });
      await settle();
      expect(events.events).toEqual([]);
    });

    it('entering the job sets On job; a late fix from the road rolls nothing back', async () => {
      const arriving = await post(truckId, [
        fix(north(site, -60), 300),
        fix(north(site, -20), 310),
      ]);
      expect(arriving.json<Answer>().transitions).toEqual([
        { statusId: onJob, at: at(310), plantId: null },
      ]);
      expect((await ticketRow()).onJobDateTime?.toISOString()).toBe(at(310));
      // The arrival's own position event first: on a busy PostgreSQL it can come after a clear.
      await events.next(
        'truckPositionUpdate_v1',
        (event) => (event.data as { recordedAt: string }).recordedAt === at(310),
      );
      events.clear();
      // A fix from the road, recorded before the arrival, arrives late: stored, nothing else.
      const late = await post(truckId, [fix(north(site, -2_000), 200)]);
      expect(late.json<Answer>()).toMatchObject({ accepted: 1, transitions: [], statusId: onJob });
      const truck = await truckRow();
      expect(truck.statusId).toBe(onJob);
      await settle();
      expect(events.events.filter((event) => event.name === 'truckPositionUpdate_v1')).toEqual([]);
      const stored = await t.db
        .select()
        .from(truckPositions)
        .where(eq(truckPositions.truckId, truckId));
      expect(stored.map((row) => row.recordedAt.toISOString())).toContain(at(200));
    });

    it("a person's status clears the GPS mark, and GPS goes on from it", async () => {
      await setStatus(unloading);
      const truck = await truckRow();
      expect(truck.statusFromGps).toBe(false);
      const since = truck.statusDateTime!.getTime();
      // Leaving the job after the click (the server's clock is ahead of the trip).
      const seconds = Math.ceil((since - new Date(at(0)).getTime()) / 1000);
      const leaving = await post(truckId, [
        fix(north(site, 400), seconds + 10),
        fix(north(site, 900), seconds + 20),
      ]);
      expect(leaving.json<Answer>().transitions).toEqual([
        { statusId: toPlant, at: at(seconds + 20), plantId: null },
      ]);
      expect((await ticketRow()).toPlantDateTime?.toISOString()).toBe(at(seconds + 20));
    });

    it('arriving at another plant of its kind puts it In yard there and ends the load', async () => {
      const { statusDateTime } = await truckRow();
      const seconds = Math.ceil((statusDateTime!.getTime() - new Date(at(0)).getTime()) / 1000);
      const response = await post(truckId, [
        fix(north(southPlant, -50), seconds + 200),
        fix(north(southPlant, -20), seconds + 210),
      ]);
      expect(response.json<Answer>().transitions).toEqual([
        { statusId: inYard, at: at(seconds + 210), plantId: southId },
      ]);
      const truck = await truckRow();
      expect(truck).toMatchObject({ statusId: inYard, plantId: southId, currentTicketId: null });
      expect(truck.inYardSequenceNum).not.toBeNull();
      const ticket = await ticketRow();
      expect(ticket.arrivePlantDateTime?.toISOString()).toBe(at(seconds + 210));
    });
  });

  describe('R-MAP-1..3: the map', () => {
    type MapAnswer = {
      tileUrl: string | null;
      plants: { id: number; radiusM: number | null }[];
      jobs: { name: string; radiusM: number }[];
      trucks: {
        truckId: number;
        statusId: number;
        ticketId: number | null;
        etaMinutes: number | null;
      }[];
    };

    it('draws the fenced plants, the located job and the trucks that have reported, with an ETA on the way', async () => {
      const trip = await insertTicket(t.db, northId, otherTruckId);
      const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, trip));
      const [order] = await t.db.select().from(orders).where(eq(orders.id, ticket!.orderId));
      const [job] = await t.db
        .insert(jobs)
        .values({
          customerId: order!.customerId,
          number: 'J-MAP',
          address2: 'Mill Creek pour',
          gpsLat: site.latitude,
          gpsLon: site.longitude,
        })
        .returning({ id: jobs.id });
      await t.db.update(orders).set({ jobId: job!.id }).where(eq(orders.id, order!.id));
      await t.db
        .update(trucks)
        .set({ currentTicketId: trip, statusId: toJob, statusDateTime: new Date(at(2_000)) })
        .where(eq(trucks.id, otherTruckId));
      // 4 km short of the job at 50 km/h: 5.2 km of road, about 6 minutes.
      await post(otherTruckId, [fix(north(site, -4_000), 2_010, { speedKph: 50 })], 'otherDriver');
      const response = await call('GET', '/api/v1/trucks/map', 'dispatcher');
      expect(response.statusCode).toBe(200);
      const map = response.json<MapAnswer>();
      expect(map.tileUrl).toBeNull();
      expect(map.plants.map((plant) => plant.id)).toEqual(
        expect.arrayContaining([northId, southId, pitId]),
      );
      expect(map.plants.find((plant) => plant.id === northId)?.radiusM).toBe(200);
      expect(map.plants.find((plant) => plant.id === pitId)?.radiusM).toBeNull();
      expect(map.jobs.map((each) => each.name)).toContain('Mill Creek pour');
      expect(map.jobs.every((each) => each.radiusM === 150)).toBe(true);
      const other = map.trucks.find((truck) => truck.truckId === otherTruckId);
      expect(other).toMatchObject({ statusId: toJob, ticketId: trip, etaMinutes: 6 });
      expect(map.trucks.find((truck) => truck.truckId === truckId)?.etaMinutes).toBeNull();
    });

    it("shows only the caller's system types, and not to a user without the truck boards", async () => {
      const aggregate = (
        await call('GET', '/api/v1/trucks/map', 'aggregateDispatcher')
      ).json<MapAnswer>();
      expect(aggregate.plants.map((plant) => plant.id)).toEqual([pitId]);
      expect(aggregate.trucks.map((truck) => truck.truckId)).toEqual([pitTruckId]);
      expect((await call('GET', '/api/v1/trucks/map', 'nobody')).statusCode).toBe(403);
      expect((await call('GET', '/api/v1/trucks/map', 'driver')).statusCode).toBe(403);
    });
  });

  describe('R-GPS-13: a late batch never fights a status set after it', () => {
    it('crossings recorded before a dispatcher’s click set nothing', async () => {
      const trip = await insertTicket(t.db, northId, otherTruckId);
      await t.db
        .update(trucks)
        .set({ currentTicketId: trip, statusId: loading, statusDateTime: new Date(at(1_000)) })
        .where(eq(trucks.id, otherTruckId));
      await post(otherTruckId, [fix(northPlant, 1_010), fix(northPlant, 1_020)], 'otherDriver');
      // The dispatcher marks it Loaded by hand now; the device was offline on its way out, and
      // its fixes from the road arrive after the click. To job at their time would go back.
      await setStatus(loaded, otherTruckId);
      const offline = await post(
        otherTruckId,
        [fix(north(northPlant, 500), 1_030), fix(north(northPlant, 900), 1_040)],
        'otherDriver',
      );
      expect(offline.json<Answer>()).toMatchObject({ accepted: 2, transitions: [] });
      expect(await truckRow(otherTruckId)).toMatchObject({
        statusId: loaded,
        statusFromGps: false,
      });
    });
  });

  describe('R-GPS-7: the clock counts for a phone that stopped reporting', () => {
    it('a truck seen once inside the job and then silent is On job 30 s after that fix', async () => {
      const [truck] = await t.db
        .insert(trucks)
        .values({
          identificationNumber: '503',
          plantId: northId,
          statusId: inYard,
          truckCompanyId: 1,
        })
        .returning({ id: trucks.id });
      const trip = await insertTicket(t.db, northId, truck!.id);
      const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, trip));
      const [job] = await t.db
        .insert(jobs)
        .values({ customerId: 1, number: 'J-CLOCK', gpsLat: site.latitude, gpsLon: site.longitude })
        .returning({ id: jobs.id });
      await t.db.update(orders).set({ jobId: job!.id }).where(eq(orders.id, ticket!.orderId));
      await t.db
        .update(trucks)
        .set({ currentTicketId: trip, statusId: toJob, statusDateTime: new Date(at(3_000)) })
        .where(eq(trucks.id, truck!.id));
      await post(
        truck!.id,
        [fix(north(site, -2_000), 3_590), fix(north(site, -30), 3_600)],
        'dispatcher',
      );
      expect((await truckRow(truck!.id)).statusId).toBe(toJob);
      // The fix inside came at the server's now: nothing at 20 s; at 40 s its 30 s have run out.
      expect(await runGeofenceClock(t.db, new Date(new Date(at(3_600)).getTime() + 20_000))).toBe(
        0,
      );
      expect(await runGeofenceClock(t.db, new Date(new Date(at(3_600)).getTime() + 40_000))).toBe(
        1,
      );
      const row = await truckRow(truck!.id);
      expect(row).toMatchObject({ statusId: onJob, statusFromGps: true });
      expect(row.statusDateTime?.toISOString()).toBe(at(3_630));
      const [stamped] = await t.db.select().from(tickets).where(eq(tickets.id, trip));
      expect(stamped!.onJobDateTime?.toISOString()).toBe(at(3_630));
    });
  });
});
