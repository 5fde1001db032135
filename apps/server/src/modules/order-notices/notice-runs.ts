/**
 * R-TRACK-10: the notices due, claimed once a minute by the job queue's ticker (one process a
 * minute, ADR 013). A claim is the notice's row, inserted once per order, kind and day (the
 * unique key makes a second claim, by a second process or a second tick, insert nothing); the
 * rows claimed are written and sent by one `orderNotices` job, so SMTP never holds up the tick
 * and the dispatch of a load never waits for anything of this.
 *
 * - First load: an order of today whose first ticket (not voided) is written, every minute: the
 *   dispatch path is untouched, and the notice follows within the minute.
 * - Day before: from 14:00 (`noticeTimes`), the orders of tomorrow still to ship.
 * - Day's end: from 18:00, an order of today with a delivered ticket and no load on the road.
 * Only customers with the kind switched on and orders with an address are claimed.
 */
import { and, eq, exists, inArray, notExists, notInArray, sql } from 'drizzle-orm';
import { formatDate, formatTimeOfDay } from '@dispatch/domain/dates/date-format';
import { deliveredTicketStatusIds, ticketStatusIds } from '@dispatch/domain/delivery/ticket-status';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { addCalendarDays } from '@dispatch/domain/reports/report-period';
import { noticeRunDue, type NoticeKind } from '@dispatch/domain/tracking/notices';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { orderNotices } from '../../db/schema/order-notices';
import { orders } from '../../db/schema/orders';
import { tickets } from '../../db/schema/tickets';
import type { JobTicker } from '../../jobs/job-runner';

/** Who the notices' job is requested by: nobody signed in. */
export const noticesRequester = 'order notices';

/** The orders still to deliver the day before: not deleted, cancelled, complete or picked up (FOB). */
const toDeliver = [
  orderStatusIds.toBeShipped,
  orderStatusIds.willCall,
  orderStatusIds.onHold,
  orderStatusIds.shipping,
  orderStatusIds.backOrder,
];
const gone = [orderStatusIds.deleted, orderStatusIds.cancelled];

const switchOf = {
  dayBefore: customers.noticeDayBefore,
  firstLoad: customers.noticeFirstLoad,
  daysEnd: customers.noticeDaysEnd,
} as const;

const ticketOfOrder = (db: Db, ...conditions: ReturnType<typeof eq>[]) =>
  db
    .select({ one: sql`1` })
    .from(tickets)
    .where(and(eq(tickets.orderId, orders.id), ...conditions));

/** The orders of `day` a notice of `kind` is due for and not yet claimed. */
async function dueOrders(db: Db, kind: NoticeKind, day: string): Promise<number[]> {
  const byKind = {
    dayBefore: [inArray(orders.orderStatusId, toDeliver)],
    firstLoad: [
      notInArray(orders.orderStatusId, gone),
      exists(ticketOfOrder(db, sql`${tickets.statusId} <> ${ticketStatusIds.voided}`)),
    ],
    daysEnd: [
      notInArray(orders.orderStatusId, gone),
      exists(ticketOfOrder(db, inArray(tickets.statusId, [...deliveredTicketStatusIds]))),
      notExists(ticketOfOrder(db, eq(tickets.statusId, ticketStatusIds.open))),
    ],
  }[kind];
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.shipDate, day),
        eq(switchOf[kind], true),
        sql`coalesce(trim(${orders.emailAddressCsv}), '') <> ''`,
        ...byKind,
        notExists(
          db
            .select({ one: sql`1` })
            .from(orderNotices)
            .where(
              and(
                eq(orderNotices.orderId, orders.id),
                eq(orderNotices.kind, kind),
                eq(orderNotices.day, day),
              ),
            ),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/** Claims the due notices of `kind` for `day`: the ids of the rows this call inserted. */
export async function claimNotices(
  db: Db,
  kind: NoticeKind,
  day: string,
  now: Date,
): Promise<number[]> {
  const orderIds = await dueOrders(db, kind, day);
  if (orderIds.length === 0) return [];
  const claimed = await db
    .insert(orderNotices)
    .values(orderIds.map((orderId) => ({ orderId, kind, day, createdAt: now })))
    .onConflictDoNothing()
    .returning({ id: orderNotices.id });
  return claimed.map((row) => row.id);
}

/** Every notice due at `now` (the server's clock and zone), claimed. */
export async function claimDueNotices(db: Db, now: Date): Promise<number[]> {
  const today = formatDate(now, 'YYYY-MM-DD');
  const time = formatTimeOfDay(now);
  const claimed = await claimNotices(db, 'firstLoad', today, now);
  if (noticeRunDue('dayBefore', time)) {
    claimed.push(...(await claimNotices(db, 'dayBefore', addCalendarDays(today, 1), now)));
  }
  if (noticeRunDue('daysEnd', time)) {
    claimed.push(...(await claimNotices(db, 'daysEnd', today, now)));
  }
  return claimed;
}

type Logger = { warn(object: object, message?: string): void };

/** The minute's ticker: what is due claimed, and one job to write and send it. */
export function orderNoticesTicker(logger: Logger): JobTicker {
  return async ({ database, connection, now, enqueue }) => {
    const noticeIds = await claimDueNotices(connection.db, now);
    if (noticeIds.length === 0) return;
    try {
      await enqueue({
        kind: 'orderNotices',
        title: `Order notices (${noticeIds.length})`,
        params: { noticeIds },
        requestedByUserId: null,
        requestedBy: noticesRequester,
      });
    } catch (error) {
      // Rare (the database failed between two statements): the rows stay, listed as pending.
      logger.warn({ err: error, database }, 'the order notices could not be queued');
    }
  };
}
