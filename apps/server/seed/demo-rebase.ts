/**
 * R-DEMO-1, R-DEMO-3..5: the demo's day follows the clock. The seed writes a working week as it
 * stands at its today's mid-day; a re-base moves that picture up to now.
 *
 * - The live day (the orders shipping on the demo's today with their schedules, loads, tickets
 *   and batches, every truck's status and every driver's call-in) moves by exactly the time since
 *   the picture stood still, so that relative to now it is what it was then: trucks a few minutes
 *   into their status, the loads before now stamped through their cycle, those after it still to
 *   send. Late in the evening its orders run on past midnight; before dawn they began the evening
 *   before, a night shift whose orders ship today.
 * - The calendar (every other date and time of the demo's business) moves by whole days to the
 *   new today, each time keeping its time of day, so yesterday's deliveries stay yesterday's and
 *   next week's orders next week's; nothing that already happened moves past now.
 *
 * The picture stood still at the later of its moment (in the demo-seeded marker) and the last
 * thing that happened in the live day: a truck's status, a ticket's stamp, an order taken. So a
 * demo someone is working in is not moved under their hands, and their own work moves with it.
 * Records of who did what and when (the audit trail, sessions, sign-in attempts, record locks,
 * scale readers, background jobs, reports delivered, users) and the bookkeeping times the
 * database stamps (modified_*) keep their times; the ticket inquiry's read model follows its
 * tickets by trigger.
 */
import { eq, getTableName, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ticketCycleTimestampFields } from '@dispatch/domain/tickets/ticket';
import { publish } from '../src/dispatch/publish';
import type { Db, Tx } from '../src/db/client';
import { auditTrail } from '../src/db/schema/audit';
import { loginAttempts, sessions, userProfiles, users } from '../src/db/schema/auth';
import { backgroundJobFiles, backgroundJobs } from '../src/db/schema/background-jobs';
import { loadBatches } from '../src/db/schema/batching';
import { recordLocks, scaleReaders } from '../src/db/schema/dispatch';
import { orders, schedules } from '../src/db/schema/orders';
import { reportDeliveries, reportInbox, reportSchedules } from '../src/db/schema/report-schedules';
import { systemParameters } from '../src/db/schema/settings';
import { ticketInquiry } from '../src/db/schema/ticket-inquiry';
import { loads, tickets } from '../src/db/schema/tickets';
import { drivers, trucks } from '../src/db/schema/trucks';
import { createDemoClock, daysBetween, localDateOf } from './demo-clock';
import { demoSeededParameter, demoSeedLockKey, type DemoSeeded } from './demo';

export type RebaseDemoOptions = {
  now: Date;
  /** The local zone's offset east of UTC in minutes (-new Date().getTimezoneOffset()). */
  timeZoneOffsetMinutes: number;
  /** The picture moves once it has stood still this long; a new day moves it at once. */
  stillForMinutes: number;
};

export type DemoRebase = {
  /** The demo's today after the move. */
  today: string;
  /** Whole days the calendar moved. */
  days: number;
  /** Minutes the live day moved (negative when a fresh mid-day picture moves back to morning). */
  minutes: number;
};

/** Tables whose rows record who did what and when: they keep their times. */
const recordTables: readonly PgTable[] = [
  auditTrail,
  sessions,
  loginAttempts,
  recordLocks,
  scaleReaders,
  backgroundJobs,
  backgroundJobFiles,
  reportSchedules,
  reportDeliveries,
  reportInbox,
  users,
  userProfiles,
  systemParameters,
  ticketInquiry,
];

/** The times the database stamps on every write: when a row was changed, not a business time. */
const bookkeepingColumns = new Set(['modified_at', 'modified_on', 'modified_date_time']);

/** A column as information_schema names it (the schema's keys in the database's snake case). */
const columnKey = (table: PgTable, column: { name: string }) =>
  `${getTableName(table)}.${toSnakeCase(column.name)}`;

/**
 * Times still to come: moved with the calendar as they are. Every other business time records
 * something that happened, and never moves past now.
 */
const plannedColumns = new Set([
  columnKey(orders, orders.firstLoadTime),
  columnKey(schedules, schedules.firstLoadOnJobTime),
  columnKey(loads, loads.onJobTime),
  columnKey(drivers, drivers.scheduledCallInTime),
]);

/** A Postgres int[] literal: arrays bound as one parameter, empty ones included. */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** The live day's rows of each table that has them. */
function livePredicates(liveOrderIds: readonly number[], liveTicketIds: readonly number[]) {
  const ordersLive = idArray(liveOrderIds);
  const ticketsLive = idArray(liveTicketIds);
  return new Map<string, SQL>([
    [getTableName(orders), sql`${orders.id} = any(${ordersLive})`],
    [getTableName(schedules), sql`${schedules.orderId} = any(${ordersLive})`],
    [getTableName(loads), sql`${loads.orderId} = any(${ordersLive})`],
    [getTableName(tickets), sql`${tickets.id} = any(${ticketsLive})`],
    [getTableName(loadBatches), sql`${loadBatches.ticketId} = any(${ticketsLive})`],
    [getTableName(trucks), sql`true`],
    [getTableName(drivers), sql`true`],
  ]);
}

type TimeColumn = { table_name: string; column_name: string; data_type: string };

async function readMarker(tx: Tx): Promise<DemoSeeded | undefined> {
  const [row] = await tx
    .select({ value: systemParameters.value })
    .from(systemParameters)
    .where(eq(systemParameters.key, demoSeededParameter));
  return row?.value as DemoSeeded | undefined;
}

/** The later of the picture's moment and the last thing that happened in the live day. */
async function stoodStillAt(
  tx: Tx,
  moment: Date,
  liveOrderIds: readonly number[],
  liveTicketIds: readonly number[],
): Promise<Date> {
  const stamps = [...ticketCycleTimestampFields, 'voidDateTime' as const].map(
    (field) => sql`max(${tickets[field]})`,
  );
  const result = await tx.execute<{ stood: string | Date }>(sql`
    select greatest(
      ${moment.toISOString()}::timestamptz,
      (select max(${trucks.statusDateTime}) from ${trucks}),
      (select greatest(${sql.join(stamps, sql`, `)}) from ${tickets}
        where ${tickets.id} = any(${idArray(liveTicketIds)})),
      (select max(${orders.createdAt}) from ${orders}
        where ${orders.id} = any(${idArray(liveOrderIds)}))
    ) as stood`);
  return new Date(result.rows[0]?.stood ?? moment);
}

/** Moves every demo time as the module header says, one UPDATE per table. */
async function moveTimes(
  tx: Tx,
  change: {
    now: Date;
    days: number;
    liveSeconds: number;
    liveOrderIds: readonly number[];
    liveTicketIds: readonly number[];
  },
): Promise<void> {
  const kept = new Set(recordTables.map((table) => getTableName(table)));
  const live = livePredicates(change.liveOrderIds, change.liveTicketIds);
  const columns = await tx.execute<TimeColumn>(sql`
    select c.table_name, c.column_name, c.data_type
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.data_type in ('date', 'timestamp with time zone')
    order by c.table_name, c.ordinal_position`);
  const byTable = new Map<string, TimeColumn[]>();
  for (const column of columns.rows) {
    if (kept.has(column.table_name) || bookkeepingColumns.has(column.column_name)) continue;
    byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column]);
  }
  const now = sql`${change.now.toISOString()}::timestamptz`;
  const dayShift = sql`make_interval(hours => ${24 * change.days}::int)`;
  const liveShift = sql`make_interval(secs => ${change.liveSeconds}::double precision)`;
  for (const [table, tableColumns] of byTable) {
    const predicate = live.get(table);
    const events = tableColumns.filter(
      (column) =>
        column.data_type !== 'date' && !plannedColumns.has(`${table}.${column.column_name}`),
    );
    const assignments = tableColumns.flatMap(({ column_name: name, data_type: type }): SQL[] => {
      const column = sql.identifier(name);
      if (type === 'date') {
        return change.days === 0 ? [] : [sql`${column} = ${column} + ${change.days}::int`];
      }
      const planned = plannedColumns.has(`${table}.${name}`);
      if (planned && change.days === 0 && !predicate) return [];
      const moved = change.days === 0 ? column : sql`${column} + ${dayShift}`;
      // What happened stays in the past, also when the picture moves back to an early hour.
      const calendar = planned
        ? moved
        : sql`case when ${moved} > ${now} then ${now} else ${moved} end`;
      const value = predicate
        ? sql`case when ${predicate} then ${column} + ${liveShift} else ${calendar} end`
        : calendar;
      return [sql`${column} = ${value}`];
    });
    if (assignments.length === 0) continue;
    // On the same day only the live rows move, and what the calendar holds after now.
    const touched = [
      ...(predicate ? [predicate] : []),
      ...events.map(({ column_name: name }) => sql`${sql.identifier(name)} > ${now}`),
    ];
    if (change.days === 0 && touched.length === 0) continue;
    const only = change.days === 0 ? sql` where ${sql.join(touched, sql` or `)}` : sql``;
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${sql.join(assignments, sql`, `)}${only}`,
    );
  }
}

/**
 * Moves the demo's picture up to `now` when it is due (R-DEMO-3): on a new day, or once it has
 * stood still `stillForMinutes`. Answers what moved, or null when nothing did (not a demo, or
 * not due). The boards are told to read again (R-DEMO-5).
 */
export async function rebaseDemo(db: Db, options: RebaseDemoOptions): Promise<DemoRebase | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${demoSeedLockKey})`);
    const marker = await readMarker(tx);
    if (!marker) return null;
    const moment = marker.moment
      ? new Date(marker.moment)
      : createDemoClock(marker.today, options.timeZoneOffsetMinutes).now;
    const today = localDateOf(options.now, options.timeZoneOffsetMinutes);
    const days = daysBetween(marker.today, today);

    const liveOrderIds = (
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.shipDate, marker.today))
    ).map((row) => row.id);
    // A truck still working a ticket of another day carries that ticket into the live day.
    const liveTicketIds = (
      await tx.execute<{ id: number }>(sql`
        select ${tickets.id} as id from ${tickets}
        where ${tickets.orderId} = any(${idArray(liveOrderIds)})
        union select ${trucks.currentTicketId} from ${trucks}
        where ${trucks.currentTicketId} is not null`)
    ).rows.map((row) => Number(row.id));

    const stood = await stoodStillAt(tx, moment, liveOrderIds, liveTicketIds);
    const liveMs = options.now.getTime() - stood.getTime();
    if (days === 0 && Math.abs(liveMs) < options.stillForMinutes * 60_000) return null;

    await moveTimes(tx, {
      now: options.now,
      days,
      liveSeconds: liveMs / 1000,
      liveOrderIds,
      liveTicketIds,
    });
    await tx
      .update(systemParameters)
      .set({
        value: { ...marker, today, moment: options.now.toISOString() } satisfies DemoSeeded,
      })
      .where(eq(systemParameters.key, demoSeededParameter));

    // Every truck, order, load and ticket on a screen may have moved: ids-only events make the
    // clients read them again (R-BOARD-31), and drop the servers' kept answers.
    const truckIds = (await tx.select({ id: trucks.id }).from(trucks)).map((row) => row.id);
    await publish(tx, { name: 'truckUpdate_v1', data: { ids: truckIds } });
    await publish(tx, { name: 'orderUpdate_v1', data: { ids: liveOrderIds } });
    await publish(tx, { name: 'loadUpdate_v1', data: { ids: [] } });
    await publish(tx, { name: 'ticketUpdate_v1', data: { ids: liveTicketIds } });
    return { today, days, minutes: Math.round(liveMs / 60_000) };
  });
}
