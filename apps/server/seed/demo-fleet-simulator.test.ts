/**
 * R-DEMO-7: the demo fleet drives a loaded truck out of its plant, to the job, through the pour
 * and back, its statuses set at the fences and by its simulated driver, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { distanceM } from '@dispatch/domain/trucks/geo-distance';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { jobs } from '../src/db/schema/jobs';
import { orders } from '../src/db/schema/orders';
import { plants } from '../src/db/schema/plants';
import { tickets } from '../src/db/schema/tickets';
import { trucks } from '../src/db/schema/trucks';
import { createTestApp, type TestApp } from '../test/test-app';
import { databaseKinds } from '../test/test-tenancy';
import { insertPlant, insertTicket, insertTruckLookups } from '../test/truck-fixtures';
import { alongRoute, demoMove } from './demo-fleet-route';
import { demoFleetTick } from './demo-fleet-simulator';

const plant = { latitude: 39.96, longitude: -83.0, radiusM: 300 };
const job = { latitude: 40.05, longitude: -82.9 };

describe('R-DEMO-7: the route', () => {
  it('drives the grid: north first, then east, and ends at the job', () => {
    const corner = alongRoute(plant, job, distanceM(plant, { ...job, longitude: plant.longitude }));
    expect(corner.longitude).toBeCloseTo(plant.longitude, 6);
    expect(alongRoute(plant, job, 1_000_000)).toEqual(job);
    expect(alongRoute(plant, job, -5)).toEqual(plant);
  });

  it('stands at a stop and presses the next button once its dwell is over', () => {
    const since = new Date('2026-03-16T08:00:00Z');
    const truck = { truckId: 1, plant, job, jobRadiusM: 150, statusDateTime: since };
    const at = (minutes: number) => new Date(since.getTime() + minutes * 60_000);
    expect(demoMove({ ...truck, statusId: truckStatusIds.onJob }, at(1)).press).toBeNull();
    expect(demoMove({ ...truck, statusId: truckStatusIds.onJob }, at(5))).toMatchObject({
      at: job,
      speedKph: 0,
      press: truckStatusIds.unloading,
    });
    const driving = demoMove({ ...truck, statusId: truckStatusIds.toJob }, at(10));
    expect(driving.speedKph).toBeGreaterThan(30);
    expect(distanceM(driving.at, plant)).toBeGreaterThan(5_000);
  });
});

describe.each(databaseKinds)('R-DEMO-7: the fleet on %s', (kind) => {
  let t: TestApp;
  let truckId: number;
  let ticketId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await insertTruckLookups(t.db);
    const plantId = await insertPlant(t.db, 'Columbus');
    await t.db
      .update(plants)
      .set({ latitude: plant.latitude, longitude: plant.longitude, radius: plant.radiusM })
      .where(eq(plants.id, plantId));
    const [truck] = await t.db
      .insert(trucks)
      .values({ identificationNumber: '121', plantId, truckCompanyId: 1 })
      .returning({ id: trucks.id });
    truckId = truck!.id;
    ticketId = await insertTicket(t.db, plantId, truckId);
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, ticket!.orderId));
    const [site] = await t.db
      .insert(jobs)
      .values({
        customerId: order!.customerId,
        number: 'J-1',
        gpsLat: job.latitude,
        gpsLon: job.longitude,
      })
      .returning({ id: jobs.id });
    await t.db.update(orders).set({ jobId: site!.id }).where(eq(orders.id, order!.id));
    await t.db
      .update(trucks)
      .set({
        statusId: truckStatusIds.loaded,
        statusDateTime: t.clock.now,
        currentTicketId: ticketId,
      })
      .where(eq(trucks.id, truckId));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('goes round the loop by itself, each stamp at the time it happened', async () => {
    const seen: number[] = [];
    // Ticks of 10 s (the real fleet reports every 5) over two and a half hours of simulated time.
    for (let tick = 0; tick < 900; tick += 1) {
      t.clock.advance(10_000);
      await demoFleetTick(t.db, t.clock.now);
      const [row] = await t.db.select().from(trucks).where(eq(trucks.id, truckId));
      if (row!.statusId !== seen.at(-1)) seen.push(row!.statusId!);
      if (row!.statusId === truckStatusIds.inYard) break;
    }
    expect(seen).toEqual([
      truckStatusIds.loaded,
      truckStatusIds.toJob,
      truckStatusIds.onJob,
      truckStatusIds.unloading,
      truckStatusIds.washing,
      truckStatusIds.toPlant,
      truckStatusIds.inYard,
    ]);
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    const stamps = [
      ticket!.toJobDateTime,
      ticket!.onJobDateTime,
      ticket!.startUnloadDateTime,
      ticket!.finishUnloadDateTime,
      ticket!.toPlantDateTime,
      ticket!.arrivePlantDateTime,
    ].map((stamp) => stamp!.getTime());
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    // About 17 km of grid road at 38-52 km/h: the drive out takes 20 to 30 minutes.
    const driveOut = (stamps[1]! - stamps[0]!) / 60_000;
    expect(driveOut).toBeGreaterThan(15);
    expect(driveOut).toBeLessThan(35);
  }, 300_000);
});
