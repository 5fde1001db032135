/**
 * R-TRACK-16: the orders an external user follows: their customer's, for the jobs they act for
 * (R-EXT-1), from yesterday to a month ahead, not deleted or cancelled. The pour page of one opens
 * through a link of the user's own (R-TRACK-2's token, held per user), so it never replaces the
 * link dispatch sent the site.
 */
import { and, asc, eq, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { addCalendarDays } from '@dispatch/domain/reports/report-period';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { customerOrderDays, type CustomerOrder } from '@dispatch/domain/tracking/customer-orders';
import { jobNameOf } from '@dispatch/domain/tracking/job-address';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';
import type { Db } from '../../db/client';
import { jobAddressColumns } from '../../db/job-address';
import { jobs } from '../../db/schema/jobs';
import { orders, scheduleProducts, schedules } from '../../db/schema/orders';
import { listedJobIdsOf } from '../order-requests/order-requests.service';

export type Follower = { userId: number; customerId: number };

/** A calendar day `days` from `at`'s day on the server's calendar. */
function dayFrom(at: Date, days: number): string {
  return addCalendarDays(formatDate(at, 'YYYY-MM-DD'), days);
}

async function scopeOf(db: Db, who: Follower, now: Date) {
  const listed = await listedJobIdsOf(db, who.userId);
  return and(
    eq(orders.customerId, who.customerId),
    listed ? inArray(orders.jobId, listed) : undefined,
    gte(orders.shipDate, dayFrom(now, -customerOrderDays.before)),
    lte(orders.shipDate, dayFrom(now, customerOrderDays.after)),
    notInArray(orders.orderStatusId, [orderStatusIds.deleted, orderStatusIds.cancelled]),
  );
}

export async function customerOrders(db: Db, who: Follower, now: Date): Promise<CustomerOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      shipDate: orders.shipDate,
      statusId: orders.orderStatusId,
      job: jobAddressColumns,
      product: sql<string | null>`min(${scheduleProducts.productDescription})`,
      unit: sql<number | null>`min(${scheduleProducts.unitOfMeasure})`,
      ordered: sql<number>`coalesce(sum(${scheduleProducts.quantity}), 0)::float8`,
      delivered: sql<number>`coalesce(sum(${scheduleProducts.deliveredQuantity}), 0)::float8`,
      firstLoadAt: sql<Date | null>`min(${schedules.firstLoadOnJobTime})`,
    })
    .from(orders)
    .leftJoin(jobs, eq(jobs.id, orders.jobId))
    .leftJoin(schedules, eq(schedules.orderId, orders.id))
    .leftJoin(
      scheduleProducts,
      and(eq(scheduleProducts.scheduleId, schedules.id), eq(scheduleProducts.primaryFlag, true)),
    )
    .where(await scopeOf(db, who, now))
    .groupBy(orders.id, jobs.id)
    .orderBy(asc(orders.shipDate), asc(orders.number))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    shipDate: row.shipDate,
    statusId: row.statusId,
    jobName: jobNameOf(row.job),
    product: row.product ?? '',
    unit: row.unit !== null && isUnitId(row.unit) ? unitAbbreviation(row.unit) : '',
    orderedQuantity: row.ordered,
    deliveredQuantity: row.delivered,
    firstLoadAt: row.firstLoadAt === null ? null : new Date(row.firstLoadAt).toISOString(),
  }));
}

/** One of the follower's orders, with its ship date, or null when not theirs to follow. */
export async function followedOrder(
  db: Db,
  who: Follower,
  orderId: number,
  now: Date,
): Promise<{ id: number; shipDate: string } | null> {
  const [row] = await db
    .select({ id: orders.id, shipDate: orders.shipDate })
    .from(orders)
    .where(and(eq(orders.id, orderId), await scopeOf(db, who, now)));
  return row ?? null;
}
