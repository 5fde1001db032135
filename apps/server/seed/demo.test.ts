import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveredLineQuantity,
  loadStatusOf,
  scheduleLinesDelivered,
} from '@dispatch/domain/delivery/delivery-state';
import { orderStatuses } from '@dispatch/domain/orders/order-status';
import { permissionLevels } from '@dispatch/domain/permissions';
import { systemTypes } from '@dispatch/domain/system-types';
import { truckStatuses, truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { verifyPassword } from '../src/auth/passwords';
import { openPglite, type DatabaseConnection, type Db } from '../src/db/client';
import { formPermissions, userGroups, userProfiles, users } from '../src/db/schema/auth';
import { orders, scheduleProducts } from '../src/db/schema/orders';
import { aggregatePits, concretePlants, plants } from '../src/db/schema/plants';
import { loads, ticketProducts, tickets } from '../src/db/schema/tickets';
import { ticketVoided } from '../src/modules/tickets/ticket-void';
import { trucks } from '../src/db/schema/trucks';
import { createDemoClock } from './demo-clock';
import { spanishCustomers } from './demo-customers';
import { cycleStamps } from './demo-dispatch';
import { demoLogins, seedDemo, type SeedDemoResult } from './demo';
import { administrationFormIds, permissionedFormIds } from './demo-users';
import { seedReferenceData } from './reference-data';

const today = '2026-03-11';
const offset = -300;
const options = { today, timeZoneOffsetMinutes: offset };
const clock = createDemoClock(today, offset);

/** Every business table, without the columns the database fills with the current time. */
const digestTables = [
  'plants',
  'concrete_plants',
  'aggregate_pits',
  'employees',
  'truck_companies',
  'drivers',
  'trucks',
  'pumpers',
  'customers',
  'customer_concrete_pricing',
  'customer_aggregate_pricing',
  'customer_block_pricing',
  'raw_materials',
  'products',
  'concrete_mixes',
  'concrete_mix_raw_materials',
  'quotes',
  'quote_products',
  'jobs',
  'orders',
  'schedules',
  'schedule_products',
  'loads',
  'tickets',
  'ticket_products',
  'users',
  'user_profiles',
  'user_groups',
  'form_permissions',
  'system_parameters',
];
const clockColumns = new Set(['modified_at', 'modified_on', 'modified_date_time', 'password_hash']);

async function digest(db: Db): Promise<string> {
  const hash = createHash('sha256');
  for (const table of digestTables) {
    const result = await db.execute<Record<string, unknown>>(
      sql.raw(`select * from ${table} order by 1, 2`),
    );
    for (const row of result.rows) {
      const kept = Object.entries(row).filter(
        ([column]) => !clockColumns.has(column) && !(table === 'users' && column === 'created_at'),
      );
      hash.update(`${table}:${JSON.stringify(kept)}\n`);
    }
  }
  return hash.digest('hex');
}

describe('demo seed', () => {
  let first: DatabaseConnection;
  let second: DatabaseConnection;
  let result: SeedDemoResult;
  let seedMs = 0;

  beforeAll(async () => {
    [first, second] = await Promise.all([openPglite('memory://'), openPglite('memory://')]);
    const started = performance.now();
    result = await seedDemo(first.db, options);
    seedMs = performance.now() - started;
  });

  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('seeds a fresh database quickly and reports what it wrote', () => {
    expect(result.seeded).toBe(true);
    if (!result.seeded) return;
    expect(result.counts).toMatchObject({
      concretePlants: 3,
      aggregatePlants: 2,
      blockPlants: 1,
      trucks: 60,
      customers: 200,
      jobs: 400,
      users: demoLogins.length,
    });
    // Chunked multi-row inserts in one transaction; row-by-row inserts would take minutes. The
    // bound leaves room for a loaded two-core CI machine (20 s was crossed there at 20.2 s).
    expect(seedMs).toBeLessThan(60_000);
  });

  it('creates the plants with their details, one rail-served, a scale at each aggregate plant', async () => {
    const { db } = first;
    const all = await db.select().from(plants).orderBy(asc(plants.id));
    const ofType = (id: number) => all.filter((plant) => plant.systemTypeId === id);
    expect(ofType(1).length).toBeGreaterThanOrEqual(3);
    expect(ofType(2).length).toBeGreaterThanOrEqual(1);
    expect(ofType(3).length).toBeGreaterThanOrEqual(1);
    expect(all.filter((plant) => plant.isRail)).toHaveLength(1);
    for (const plant of all) {
      expect(plant.address1).toBeTruthy();
      expect(plant.latitude).toBeGreaterThan(39.7);
      expect(plant.latitude).toBeLessThan(40.4);
      expect(plant.longitude).toBeGreaterThan(-83.5);
      expect(plant.longitude).toBeLessThan(-82.6);
      expect(plant.plantColorId).not.toBeNull();
      expect(plant.batchmanId).not.toBeNull();
      expect(plant.fleetSizeMonday).toBeGreaterThan(0);
    }
    const concrete = await db.select().from(concretePlants);
    expect(concrete.map((row) => row.plantId).sort()).toEqual(ofType(1).map((plant) => plant.id));
    const pits = await db.select().from(aggregatePits);
    expect(pits.map((row) => row.plantId).sort()).toEqual(ofType(2).map((plant) => plant.id));
    // R-SCALE-1: every pit's scale is read through the Toledo driver from the demo's indicator.
    for (const plant of ofType(2)) {
      expect(plant).toMatchObject({
        scaleProtocol: 'toledo-continuous',
        scaleDivision: 20,
        scaleUnit: 'lb',
      });
      expect(plant.scaleCapacity).toBeGreaterThanOrEqual(200_000);
    }
    // Ticket counters continue after the tickets the demo wrote.
    const maxTicket = await db.execute<{ plant_id: number; max: number }>(
      sql`select plant_id, max(number) as max from tickets group by plant_id`,
    );
    for (const row of maxTicket.rows) {
      const next = [...concrete, ...pits].find((detail) => detail.plantId === row.plant_id);
      if (next) expect(next.nextTicketNumber).toBe(Number(row.max) + 1);
    }
  });

  it('numbers sixty trucks 101 to 160, each with a driver, spread over every plant', async () => {
    const { db } = first;
    const all = await db.select().from(trucks).orderBy(asc(trucks.id));
    expect(all.map((truck) => truck.identificationNumber)).toEqual(
      Array.from({ length: 60 }, (_, index) => String(101 + index)),
    );
    expect(new Set(all.map((truck) => truck.plantId)).size).toBe(6);
    for (const truck of all) {
      expect(truck.driverId).not.toBeNull();
      expect(truck.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(truck.licensePlate).toMatch(/^[A-Z]{3} \d{4}$/);
      expect(truck.tareWeight).toBeGreaterThan(20_000);
    }
    expect(new Set(all.map((truck) => truck.truckCompanyId)).size).toBeGreaterThanOrEqual(3);
  });

  it('creates the demo users with their groups, permissions and profiles', async () => {
    const { db } = first;
    const rows = await db.select().from(users);
    expect(rows.map((user) => user.username).sort()).toEqual(
      demoLogins.map((login) => login.username).sort(),
    );
    const every = permissionedFormIds();
    expect(every).not.toContain(999999);
    const expected = {
      admin: {
        sysadmin: true,
        adminOnly: false,
        groups: [1001, 1002, 1003],
        forms: every,
        level: permissionLevels.FullWithPrices,
      },
      dispatcher: {
        sysadmin: false,
        adminOnly: false,
        groups: [1001, 1002, 1003],
        forms: every,
        level: permissionLevels.FullWithPrices,
      },
      viewer: {
        sysadmin: false,
        adminOnly: false,
        groups: [1001],
        forms: every,
        level: permissionLevels.ReadOnlyNoPrices,
      },
      sysadmin: {
        sysadmin: true,
        adminOnly: true,
        groups: [],
        forms: administrationFormIds(),
        level: permissionLevels.FullWithPrices,
      },
      // R-DRV-1: a driver opens no form; the driver app asks only for the truck they drive.
      driver: {
        sysadmin: false,
        adminOnly: false,
        groups: [1001],
        forms: [],
        level: null,
      },
    } as const;
    for (const user of rows) {
      const want = expected[user.username as keyof typeof expected];
      expect(user.isSysadmin).toBe(want.sysadmin);
      expect(user.adminOnly).toBe(want.adminOnly);
      const groups = await db.select().from(userGroups).where(eq(userGroups.userId, user.id));
      expect(groups.map((group) => group.groupId).sort()).toEqual([...want.groups]);
      const permissions = await db
        .select()
        .from(formPermissions)
        .where(eq(formPermissions.userId, user.id))
        .orderBy(asc(formPermissions.formId));
      expect(permissions.map((permission) => permission.formId)).toEqual([...want.forms]);
      expect(new Set(permissions.map((permission) => permission.permissionId))).toEqual(
        new Set(want.level === null ? [] : [want.level]),
      );
      const profile = await db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
      expect(profile).toHaveLength(1);
    }
    expect(administrationFormIds().length).toBeGreaterThan(0);
    const admin = rows.find((user) => user.username === 'admin');
    expect(await verifyPassword('demo', admin?.passwordHash ?? '')).toBe(true);
    // One hash for every login keeps seeding fast.
    expect(new Set(rows.map((user) => user.passwordHash)).size).toBe(1);
  });

  it('has orders in every order status for every system type today, and on other days', async () => {
    const { db } = first;
    const todays = await db.select().from(orders).where(eq(orders.shipDate, today));
    for (const type of systemTypes) {
      const statuses = new Set(
        todays
          .filter((order) => order.systemTypeId === type.id)
          .map((order) => order.orderStatusId),
      );
      expect([...statuses].sort()).toEqual(orderStatuses.map((status) => status.id));
    }
    const days = await db.execute<{ ship_date: string }>(
      sql`select distinct ship_date::text from orders order by 1`,
    );
    const dates = days.rows.map((row) => row.ship_date);
    expect(dates.filter((date) => date < today).length).toBeGreaterThanOrEqual(3);
    expect(dates.filter((date) => date > today).length).toBeGreaterThanOrEqual(3);
    for (const order of todays) expect(order.orderDate <= today).toBe(true);
  });

  it("writes tickets whose times follow the truck's cycle and the order's day", async () => {
    const { db } = first;
    const rows = await db.select().from(tickets).orderBy(asc(tickets.id));
    expect(rows.length).toBeGreaterThan(300);
    const shipDates = new Map(
      (await db.select({ id: orders.id, shipDate: orders.shipDate }).from(orders)).map((order) => [
        order.id,
        order.shipDate,
      ]),
    );
    const localDate = (at: Date) =>
      new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 10);
    for (const ticket of rows) {
      const times = cycleStamps.map((stamp) => ticket[stamp]);
      const firstMissing = times.findIndex((time) => time === null);
      if (firstMissing >= 0)
        expect(times.slice(firstMissing).every((time) => time === null)).toBe(true);
      const present = times.filter((time): time is Date => time !== null);
      for (let index = 1; index < present.length; index += 1) {
        expect(present[index]!.getTime()).toBeGreaterThanOrEqual(present[index - 1]!.getTime());
      }
      expect(localDate(ticket.ticketDateTime)).toBe(shipDates.get(ticket.orderId));
      if (localDate(ticket.ticketDateTime) === today) {
        expect(present.every((time) => time <= clock.now)).toBe(true);
      }
      if (ticket.voidDateTime) {
        expect(ticket.voidDateTime >= ticket.ticketDateTime).toBe(true);
        expect(ticket.batchDateTime).toBeNull();
      } else {
        expect(ticket.batchDateTime).not.toBeNull();
      }
    }
    // A truck takes its next load only once it is back from the last one.
    const byTruck = new Map<number, typeof rows>();
    for (const ticket of rows.filter((row) => row.truckId !== null && row.voidDateTime === null)) {
      byTruck.set(ticket.truckId!, [...(byTruck.get(ticket.truckId!) ?? []), ticket]);
    }
    for (const list of byTruck.values()) {
      list.sort((a, b) => a.ticketDateTime.getTime() - b.ticketDateTime.getTime());
      for (let index = 1; index < list.length; index += 1) {
        const previous = list[index - 1]!;
        if (previous.arrivePlantDateTime) {
          expect(list[index]!.ticketDateTime.getTime()).toBeGreaterThanOrEqual(
            previous.arrivePlantDateTime.getTime(),
          );
        }
      }
    }
    // Every live ticket fulfils its load; every load's ticket is of its order.
    const loadRows = await db.select().from(loads);
    const loadByTicket = new Map(
      loadRows.filter((load) => load.ticketId).map((load) => [load.ticketId, load]),
    );
    for (const ticket of rows.filter((row) => row.voidDateTime === null)) {
      const load = loadByTicket.get(ticket.id);
      expect(load?.orderId).toBe(ticket.orderId);
      expect(load?.loadNumber).toBe(ticket.loadNumber);
    }
  });

  it("sets each truck's live status from today's tickets", async () => {
    const { db } = first;
    const all = await db.select().from(trucks);
    const seen = new Set(all.map((truck) => truck.statusId));
    for (const id of [1, 4, 6, 8, 9, 10]) expect(seen.has(id)).toBe(true);
    for (const truck of all) {
      expect(truck.statusDateTime).not.toBeNull();
      expect(truck.statusDateTime!.getTime()).toBeLessThanOrEqual(clock.now.getTime());
      const status = truckStatuses.find((candidate) => candidate.id === truck.statusId);
      expect(status).toBeDefined();
      if (status?.ticketTimestamp && status.id !== truckStatusIds.inYard) {
        const [ticket] = await db
          .select()
          .from(tickets)
          .where(eq(tickets.id, truck.currentTicketId!));
        expect(ticket?.truckId).toBe(truck.id);
        expect(ticket?.[status.ticketTimestamp]?.getTime()).toBe(truck.statusDateTime!.getTime());
        const next = cycleStamps[cycleStamps.indexOf(status.ticketTimestamp) + 1];
        if (next) expect(ticket?.[next]).toBeNull();
        expect(truck.inYardSequenceNum).toBeNull();
      } else if (truck.statusId === truckStatusIds.inYard) {
        expect(truck.currentTicketId).toBeNull();
        expect(truck.inYardSequenceNum).not.toBeNull();
      } else {
        expect(truck.inYardSequenceNum).toBeNull();
      }
    }
    // The yard queue at each plant runs 1..n in order of arrival.
    for (const plantId of new Set(all.map((truck) => truck.plantId))) {
      const queue = all
        .filter((truck) => truck.plantId === plantId && truck.statusId === truckStatusIds.inYard)
        .sort((a, b) => a.inYardSequenceNum! - b.inYardSequenceNum!);
      expect(queue.map((truck) => truck.inYardSequenceNum)).toEqual(
        queue.map((_, index) => index + 1),
      );
      for (let index = 1; index < queue.length; index += 1) {
        expect(queue[index]!.statusDateTime!.getTime()).toBeGreaterThanOrEqual(
          queue[index - 1]!.statusDateTime!.getTime(),
        );
      }
    }
  });

  it('R-DELIV-2: keeps the delivered quantities and load statuses the delivery state machine gives', async () => {
    const { db } = first;
    const lines = await db
      .select({
        id: ticketProducts.id,
        scheduleId: tickets.scheduleId,
        productId: ticketProducts.productId,
        quantity: ticketProducts.quantity,
        unusedQuantity: ticketProducts.unusedQuantity,
        deliveredQuantity: ticketProducts.deliveredQuantity,
        statusId: tickets.statusId,
        voided: ticketVoided,
      })
      .from(ticketProducts)
      .innerJoin(tickets, eq(tickets.id, ticketProducts.ticketId));
    const wrong = lines.filter(
      (line) => (line.deliveredQuantity ?? 0) !== deliveredLineQuantity(line, line),
    );
    expect(wrong.slice(0, 3)).toEqual([]);
    const scheduleLines = await db.select().from(scheduleProducts);
    const delivered = scheduleLinesDelivered(
      scheduleLines,
      lines.map((line) => ({ ...line, deliveredQuantity: line.deliveredQuantity ?? 0 })),
    );
    const off = scheduleLines.filter((line) => delivered.get(line.id) !== line.deliveredQuantity);
    expect(off.slice(0, 3)).toEqual([]);
    const ticketsById = new Map(
      (
        await db
          .select({ id: tickets.id, statusId: tickets.statusId, voided: ticketVoided })
          .from(tickets)
      ).map((ticket) => [ticket.id, ticket]),
    );
    const stray = (await db.select().from(loads)).filter(
      (load) =>
        loadStatusOf(load, load.ticketId === null ? null : ticketsById.get(load.ticketId)!) !==
        load.statusId,
    );
    expect(stray.slice(0, 3)).toEqual([]);
  });

  it('has one busy concrete customer whose tickets and invoices print in Spanish (issue 25)', async () => {
    const rows = await first.db.execute<{ name: string; tickets: number; invoices: number }>(sql`
      select c.name,
        (select count(*)::int from tickets t join orders o on o.id = t.order_id
          where o.customer_id = c.id) as tickets,
        (select count(*)::int from invoices i where i.customer_id = c.id) as invoices
      from customers c where c.language = 'es'`);
    expect(rows.rows).toEqual([
      { name: spanishCustomers[0], tickets: expect.any(Number), invoices: expect.any(Number) },
    ]);
    expect(rows.rows[0]!.tickets).toBeGreaterThan(20);
    expect(rows.rows[0]!.invoices).toBeGreaterThan(0);
  });

  it('writes identical data for the same seed and day', async () => {
    const again = await seedDemo(second.db, options);
    expect(again.seeded).toBe(true);
    expect(await digest(second.db)).toBe(await digest(first.db));
    // A whole seed, as the first one in beforeAll (which has the hooks' 120 s).
  }, 120_000);

  it('does nothing when called again on a seeded database', async () => {
    const before = await digest(first.db);
    expect(await seedDemo(first.db, options)).toEqual({ seeded: false });
    expect(await seedDemo(first.db, { ...options, today: '2026-03-12', seed: 7 })).toEqual({
      seeded: false,
    });
    expect(await digest(first.db)).toBe(before);
  });

  it('refuses a day that is not a YYYY-MM-DD date', async () => {
    await expect(seedDemo(first.db, { today: '11/03/2026' })).rejects.toThrow(/YYYY-MM-DD/);
    await expect(seedDemo(first.db, { today: '2026-02-30' })).rejects.toThrow(/YYYY-MM-DD/);
  });

  it('lets the reference data run again without duplicating or failing', async () => {
    const count = async () =>
      (await first.db.execute<{ n: number }>(sql`select count(*)::int as n from order_types`))
        .rows[0]?.n;
    const before = await count();
    await seedReferenceData(first.db);
    expect(await count()).toBe(before);
  });
});
