/**
 * R-DEMO-1..6: the demo's day follows the clock. A demo seeded at 06:00 and at 22:30, started
 * again at 13:00, on a later day and after midnight, always shows a live yard: trucks minutes
 * into their status, the loads before now stamped, those after it still to send, on today's
 * orders; and its calendar (yesterday, next week, the invoices) stays where it was around today.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadStatusIds } from '@dispatch/domain/dispatch/load-status';
import { ticketCycleTimestampFields } from '@dispatch/domain/tickets/ticket';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { systemTypeIds } from '@dispatch/domain/system-types';
import {
  isOnTicket,
  truckStatusById,
  truckStatusIds,
  type TruckStatusId,
  type TruckStatusKey,
} from '@dispatch/domain/trucks/truck-status';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { changeTruckStatus } from '../src/modules/trucks/truck-status.service';
import { createTestTenancy, databaseKinds, uniqueDatabaseName } from '../test/test-tenancy';
import type { Db } from '../src/db/client';
import { keepDemoOnTheClock, startDemoDay } from './demo-database';
import { orders, schedules } from '../src/db/schema/orders';
import { plants } from '../src/db/schema/plants';
import { systemParameters } from '../src/db/schema/settings';
import { loads, tickets } from '../src/db/schema/tickets';
import { trucks } from '../src/db/schema/trucks';
import { demoSeededParameter, type DemoSeeded } from './demo';
import { longestYardWaitMinutes } from './demo-orders';
import { rebaseDemo } from './demo-rebase';

const minuteMs = 60_000;

/** Local wall-clock times in the zone the server runs in; 11 March 2026 is a Wednesday. */
const at = (day: number, hours: number, minutes = 0) => new Date(2026, 2, day, hours, minutes);
const dayOf = (instant: Date) => formatDate(instant, 'YYYY-MM-DD');
const minutesBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / minuteMs;

/** The most minutes a truck plausibly spends in each status (R-DEMO-2). */
const longestIn: Record<TruckStatusKey, number> = {
  inYard: longestYardWaitMinutes,
  loading: 30,
  loaded: 30,
  toJob: 90,
  onJob: 60,
  unloading: 60,
  washing: 30,
  toPlant: 90,
  // Broken down or sent home yesterday afternoon.
  outOfService: 24 * 60,
  offDuty: 24 * 60,
};

/** A load still to send may be past due (no truck was free), by an hour at most. */
const longestPastDueMinutes = 60;

const stampsOf = (ticket: typeof tickets.$inferSelect) =>
  ticketCycleTimestampFields.map((field) => ticket[field]);

/**
 * What a dispatcher opening the board at `now` must see: a live yard on today's orders. A demo
 * someone has worked in was not moved under them: trucks they left alone have aged `aged` minutes.
 */
async function expectLiveYard(db: Db, now: Date, aged = 0) {
  // Every row's rule is checked, and what fails is listed at once: one expect per row of the demo
  // (thousands) cost seconds of the suite's time on its own.
  const problems: string[] = [];
  const check = (holds: boolean, problem: string) => {
    if (!holds) problems.push(problem);
  };
  const today = dayOf(now);
  const truckRows = await db.select().from(trucks);
  const ticketRows = await db.select().from(tickets);
  const orderRows = await db.select().from(orders);
  const ticketById = new Map(ticketRows.map((ticket) => [ticket.id, ticket]));
  const shipDateOf = new Map(orderRows.map((order) => [order.id, order.shipDate]));

  for (const truck of truckRows) {
    const status = truckStatusById(truck.statusId as TruckStatusId);
    const minutes = minutesBetween(truck.statusDateTime!, now);
    const label = `truck ${truck.identificationNumber}, ${status.name} ${Math.round(minutes)} min`;
    check(minutes >= 0, `${label}: in its status since after now`);
    check(
      minutes <= longestIn[status.key] + aged,
      `${label}: longer than ${longestIn[status.key] + aged} min`,
    );
    if (isOnTicket(status.id)) {
      const ticket = ticketById.get(truck.currentTicketId!);
      check(shipDateOf.get(ticket!.orderId) === today, `${label}: on an order not shipping today`);
      check(
        ticket![status.ticketTimestamp!]?.getTime() === truck.statusDateTime!.getTime(),
        `${label}: its ticket's ${status.ticketTimestamp} is not its status time`,
      );
    }
  }

  // Each yard queues its trucks 1..n in the order they arrived; every concrete plant has some.
  const concretePlants = await db
    .select({ id: plants.id })
    .from(plants)
    .where(eq(plants.systemTypeId, systemTypeIds.concrete));
  for (const plant of await db.select({ id: plants.id }).from(plants)) {
    const yard = truckRows
      .filter((truck) => truck.plantId === plant.id && truck.statusId === truckStatusIds.inYard)
      .sort((a, b) => a.inYardSequenceNum! - b.inYardSequenceNum!);
    const sequence = yard.map((truck) => truck.inYardSequenceNum).join(',');
    const expected = yard.map((_, index) => index + 1).join(',');
    check(sequence === expected, `the yard of plant ${plant.id} is queued ${sequence}`);
    for (let index = 1; index < yard.length; index += 1) {
      check(
        yard[index]!.statusDateTime!.getTime() >= yard[index - 1]!.statusDateTime!.getTime(),
        `the yard of plant ${plant.id}: truck ${yard[index]!.identificationNumber} arrived before the one ahead of it`,
      );
    }
    if (concretePlants.some((concrete) => concrete.id === plant.id)) {
      check(yard.length > 0, `the yard of plant ${plant.id} is empty`);
    }
  }

  // Nothing has happened after now: every stamp in its cycle's order, every order taken.
  for (const ticket of ticketRows) {
    const present = stampsOf(ticket).filter((stamp): stamp is Date => stamp !== null);
    for (const [index, stamp] of present.entries()) {
      check(stamp <= now, `ticket ${ticket.id} stamped after now`);
      if (index > 0)
        check(stamp >= present[index - 1]!, `ticket ${ticket.id} stamped out of order`);
    }
  }
  for (const truck of truckRows) {
    check(truck.statusDateTime! <= now, `truck ${truck.identificationNumber} changed after now`);
  }
  for (const order of orderRows) check(order.createdAt <= now, `order ${order.id} taken after now`);

  // Today's loads: those before now sent and stamped, those after it still to send.
  const todays = await db
    .select({
      load: loads,
      orderStatusId: orders.orderStatusId,
      travel: schedules.travelTimeToJob,
    })
    .from(loads)
    .innerJoin(orders, eq(orders.id, loads.orderId))
    .innerJoin(schedules, eq(schedules.id, loads.scheduleId))
    .where(eq(orders.shipDate, today));
  const sent = todays.filter(({ load }) => load.ticketId !== null);
  const toSend = todays.filter(
    ({ load, orderStatusId }) =>
      load.ticketId === null &&
      load.statusId === loadStatusIds.scheduled &&
      (orderStatusId === orderStatusIds.shipping || orderStatusId === orderStatusIds.toBeShipped),
  );
  expect(sent.length).toBeGreaterThan(50);
  expect(toSend.length).toBeGreaterThan(50);
  for (const { load, travel } of toSend) {
    const leaves = new Date(load.onJobTime!.getTime() - (travel ?? 0) * minuteMs);
    check(
      minutesBetween(leaves, now) <= longestPastDueMinutes + aged,
      `load ${load.id} past due by ${Math.round(minutesBetween(leaves, now))} min`,
    );
  }
  expect(toSend.filter(({ load }) => load.onJobTime! > now).length).toBeGreaterThan(30);
  // A sent load not yet back is on its truck (or a customer's pickup): none is left half-way.
  const working = new Set(truckRows.map((truck) => truck.currentTicketId));
  for (const { load } of sent) {
    const ticket = ticketById.get(load.ticketId!)!;
    if (ticket.arrivePlantDateTime || ticket.truckId === null) continue;
    check(working.has(ticket.id), `ticket ${ticket.id} left half-way`);
  }
  expect(problems).toEqual([]);
}

/** How many orders ship, and invoices are dated, each day around today: the demo's calendar. */
async function calendarAround(db: Db, today: string) {
  const count = async (table: string, column: string) =>
    (
      await db.execute<{ offset: number; n: number }>(
        sql`select (${sql.identifier(column)} - ${today}::date)::int as offset, count(*)::int as n
            from ${sql.identifier(table)} group by 1 order by 1`,
      )
    ).rows;
  return {
    shipDates: await count('orders', 'ship_date'),
    invoiceDates: await count('invoices', 'invoice_date'),
    payments: await count('customer_payments', 'payment_date'),
  };
}

async function markerOf(db: Db): Promise<DemoSeeded> {
  const [row] = await db
    .select({ value: systemParameters.value })
    .from(systemParameters)
    .where(eq(systemParameters.key, demoSeededParameter));
  return row!.value as DemoSeeded;
}

describe.each(databaseKinds)('the demo day follows the clock on %s (R-DEMO-1..6)', (kind) => {
  const { tenancy, cleanup } = createTestTenancy(kind);
  afterAll(cleanup);

  const open = async () => {
    const name = uniqueDatabaseName('DEMO');
    await tenancy.create(name);
    return { name, db: (await tenancy.open(name)).db };
  };

  describe('a demo seeded at 06:00', () => {
    let demo: { name: string; db: Db };

    it('shows a live yard at 06:00: a night shift on the orders shipping today', async () => {
      demo = await open();
      const started = await startDemoDay(demo.db, at(11, 6));
      expect(started.seeded).toBe(true);
      // The seed's picture stands at mid-day; at 06:00 it has moved six hours back.
      expect(started.rebase).toMatchObject({ today: '2026-03-11', days: 0, minutes: -360 });
      await expectLiveYard(demo.db, at(11, 6));
    }, 180_000);

    it('still shows one when started again at 13:00 the same day', async () => {
      const started = await startDemoDay(demo.db, at(11, 13));
      expect(started).toMatchObject({ seeded: false, rebase: { days: 0, minutes: 420 } });
      await expectLiveYard(demo.db, at(11, 13));
    }, 60_000);

    it('moves its calendar to a later day: yesterday stays yesterday, next week next', async () => {
      const before = await calendarAround(demo.db, '2026-03-11');
      const started = await startDemoDay(demo.db, at(14, 22, 30));
      expect(started.rebase).toMatchObject({ today: '2026-03-14', days: 3 });
      await expectLiveYard(demo.db, at(14, 22, 30));
      expect(await calendarAround(demo.db, '2026-03-14')).toEqual(before);
      // Tomorrow's orders are still to come, at their time of day.
      const tomorrow = await demo.db
        .select({ firstLoadTime: orders.firstLoadTime })
        .from(orders)
        .where(eq(orders.shipDate, '2026-03-15'));
      for (const order of tomorrow) expect(dayOf(order.firstLoadTime!)).toBe('2026-03-15');
    }, 120_000);

    it('moves the day on past midnight while the server runs', async () => {
      const stop = keepDemoOnTheClock(tenancy, {
        database: demo.name,
        now: () => at(15, 0, 10),
        everyMs: 20,
        logger: { info: () => {}, warn: () => {} },
      });
      try {
        await expect
          .poll(async () => (await markerOf(demo.db)).today, { timeout: 60_000, interval: 100 })
          .toBe('2026-03-15');
      } finally {
        await stop.stop();
      }
      await expectLiveYard(demo.db, at(15, 0, 10));
    }, 120_000);
  });

  describe('a demo seeded at 22:30', () => {
    let db: Db;

    it('shows a live yard: the evening shift runs on past midnight', async () => {
      ({ db } = await open());
      const started = await startDemoDay(db, at(11, 22, 30));
      expect(started).toMatchObject({ seeded: true, rebase: { days: 0, minutes: 630 } });
      await expectLiveYard(db, at(11, 22, 30));
      const [last] = await db
        .select({ onJobTime: loads.onJobTime })
        .from(loads)
        .innerJoin(orders, eq(orders.id, loads.orderId))
        .where(eq(orders.shipDate, '2026-03-11'))
        .orderBy(sql`${loads.onJobTime} desc nulls last`)
        .limit(1);
      expect(dayOf(last!.onJobTime!)).toBe('2026-03-12');
    }, 180_000);

    it('is not moved while someone works in it, only once it has stood still 30 min', async () => {
      // A dispatcher sends home the third truck waiting in a yard at 22:50.
      const [waiting] = await db
        .select()
        .from(trucks)
        .where(and(eq(trucks.statusId, truckStatusIds.inYard), eq(trucks.inYardSequenceNum, 3)))
        .limit(1);
      await changeTruckStatus(db, {
        id: waiting!.id,
        statusId: truckStatusIds.offDuty,
        now: at(11, 22, 50),
      });
      const still = { timeZoneOffsetMinutes: -at(11, 22).getTimezoneOffset(), stillForMinutes: 30 };
      // 23:15: the last thing happened 25 minutes ago: the demo stays as it is.
      expect(await rebaseDemo(db, { ...still, now: at(11, 23, 15) })).toBeNull();
      // 23:25: it has stood still since the dispatcher's click 35 minutes ago: it moves up.
      expect(await rebaseDemo(db, { ...still, now: at(11, 23, 25) })).toMatchObject({
        days: 0,
        minutes: 35,
      });
      const [home] = await db.select().from(trucks).where(eq(trucks.id, waiting!.id));
      expect(home!.statusId).toBe(truckStatusIds.offDuty);
      expect(home!.statusDateTime).toEqual(at(11, 23, 25));
      // The others stand as they did at the click, twenty minutes after the demo last moved.
      await expectLiveYard(db, at(11, 23, 25), 20);
    }, 60_000);

    it('stands where it is when the demo does not follow the clock (R-DEMO-6)', async () => {
      const marker = await markerOf(db);
      expect(await startDemoDay(db, at(13, 9), { followClock: false })).toEqual({
        seeded: false,
        rebase: null,
      });
      expect(await markerOf(db)).toEqual(marker);
    });
  });
});
