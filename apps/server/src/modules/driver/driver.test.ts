/** R-DRV-1..3: the driver's day and status buttons, for the truck the user drives and no other. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { driverDaySchema } from '@dispatch/domain/driver/driver-day';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { products } from '../../db/schema/products';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  bindDriver,
  insertPlant,
  insertTicket,
  insertTruckLookups,
} from '../../../test/truck-fixtures';

const { loaded, toJob, onJob } = truckStatusIds;

describe.each(databaseKinds)('the driver app API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'driver');
  let truckId: number;
  let ticketId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const driverId = await t.addUser({ username: 'driver', groupIds: [1001] });
    await t.addUser({ username: 'clerk', groupIds: [1001], permissions: { 51001: 5 } });
    await insertTruckLookups(t.db);
    const plantId = await insertPlant(t.db, 'North');
    const [truck] = await t.db
      .insert(trucks)
      .values({ identificationNumber: '512', plantId, statusId: loaded, truckCompanyId: 1 })
      .returning({ id: trucks.id });
    truckId = truck!.id;
    await bindDriver(t.db, driverId, truckId, 'Dana Driver');
    ticketId = await insertTicket(t.db, plantId, truckId);
    await t.db
      .update(tickets)
      .set({ ticketDateTime: t.clock.now, notes: 'Pump on site', maxAllowableWaterGallons: 12 })
      .where(eq(tickets.id, ticketId));
    const [product] = await t.db
      .insert(products)
      .values({ number: 'M4000', description: '4000 PSI mix', systemTypeId: 1, unitOfMeasureId: 1 })
      .returning({ id: products.id });
    await t.db
      .insert(ticketProducts)
      .values({ ticketId, productId: product!.id, quantity: 9.5, price: 142.5, unitOfMeasure: 1 });
    await t.db.update(trucks).set({ currentTicketId: ticketId }).where(eq(trucks.id, truckId));
    tokens.driver = await t.login('driver');
    tokens.clerk = await t.login('clerk');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the driver's truck and today's load, current first, without a price", async () => {
    const response = await call('GET', '/api/v1/driver/today');
    expect(response.statusCode).toBe(200);
    const day = driverDaySchema.parse(response.json());
    expect(day.truck).toMatchObject({ id: truckId, identificationNumber: '512', statusId: loaded });
    expect(day.loads).toHaveLength(1);
    expect(day.loads[0]).toMatchObject({
      ticketId,
      current: true,
      productDescription: '4000 PSI mix',
      quantity: 9.5,
      ticketNotes: 'Pump on site',
      maxAllowableWaterGallons: 12,
      signed: false,
    });
    expect(response.body).not.toMatch(/price|amount/i);
  });

  it('tells the login which truck the user drives, or none', async () => {
    expect((await call('GET', '/api/v1/driver/truck')).json()).toEqual({ truckId });
    expect((await call('GET', '/api/v1/driver/truck', 'clerk')).json()).toEqual({ truckId: null });
  });

  it('a user who drives no truck gets 404 saying so', async () => {
    const response = await call('GET', '/api/v1/driver/today', 'clerk');
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toMatch(/not the driver of any truck/);
  });

  it("sets the driver's own truck's status, stamps the ticket, and refuses a stale version", async () => {
    const [before] = await t.db.select().from(trucks).where(eq(trucks.id, truckId));
    const sent = await call('PUT', '/api/v1/driver/status', 'driver', {
      statusId: toJob,
      version: before!.version,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ id: truckId, statusId: toJob, statusFromGps: false });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.toJobDateTime?.toISOString()).toBe(t.clock.now.toISOString());
    const stale = await call('PUT', '/api/v1/driver/status', 'driver', {
      statusId: onJob,
      version: before!.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('offers only the loop statuses a driver presses, and none to a non-driver', async () => {
    const offDuty = await call('PUT', '/api/v1/driver/status', 'driver', {
      statusId: truckStatusIds.offDuty,
    });
    expect(offDuty.statusCode).toBe(400);
    const clerk = await call('PUT', '/api/v1/driver/status', 'clerk', { statusId: onJob });
    expect(clerk.statusCode).toBe(404);
  });

  it('stamps a tap queued offline at the time it was tapped, never before the status it follows', async () => {
    const [truck] = await t.db.select().from(trucks).where(eq(trucks.id, truckId));
    const since = truck!.statusDateTime!.getTime();
    t.clock.advance(20 * 60_000);
    // Tapped On job 12 minutes after To job, sent 8 minutes later when the network came back.
    const tapped = new Date(since + 12 * 60_000).toISOString();
    const sent = await call('PUT', '/api/v1/driver/status', 'driver', {
      statusId: onJob,
      version: truck!.version,
      tappedAt: tapped,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ statusId: onJob, statusDateTime: tapped });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.onJobDateTime?.toISOString()).toBe(tapped);
    // A tap from before the status it would follow takes that status's time, not its own.
    const early = await call('PUT', '/api/v1/driver/status', 'driver', {
      statusId: truckStatusIds.unloading,
      tappedAt: new Date(since).toISOString(),
    });
    expect(early.json()).toMatchObject({ statusDateTime: tapped });
    const ahead = await call('PUT', '/api/v1/driver/status', 'driver', {
      statusId: truckStatusIds.washing,
      tappedAt: new Date(t.clock.now.getTime() + 10 * 60_000).toISOString(),
    });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json<{ data: { field: string }[] }>().data[0]!.field).toBe('tappedAt');
  });
});
