/**
 * R-TRACK-8, R-TRACK-9 (issue 27): a contractor's asks from an order's pour page (hold the next
 * load, add a load, call me, and the day-before notice's cancel or change). Each is an online
 * order request with the order attached, so dispatch answers it on the screen it already has, and
 * the page reads back dispatch's answer. The asker has no account: the page's link is their only
 * credential, checked by the caller.
 */
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { OrderRequestView } from '@dispatch/domain/orders/order-requests';
import {
  pourRequestViewOf,
  pourRequestsPerOrderPerDay,
  type PourRequestCreate,
  type PourRequestView,
} from '@dispatch/domain/tracking/pour-requests';
import type { Db } from '../../db/client';
import { orderRequests } from '../../db/schema/order-requests';
import { orders, scheduleProducts, schedules } from '../../db/schema/orders';
import { loads } from '../../db/schema/tickets';
import { ApiError, notFound } from '../../http/api-error';
import { writing } from '../../http/database-errors';
import { announce, getOrderRequest } from './order-requests.service';

/** How a pour page's request signs the audit trail and its rows: it has no user. */
export const pourPageRequester = 'pour page';

/** The start of the producer's day (the server's zone, as every business day is). */
function startOfDay(at: Date): Date {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate());
}

/**
 * R-TRACK-8: the page's request, made once: asking again what is still waiting answers the
 * request already made, so a foreman's second tap (or a phone's retry) makes no second one.
 */
export async function createPourRequest(
  db: Db,
  orderId: number,
  body: PourRequestCreate,
  now: Date,
): Promise<OrderRequestView> {
  return writing(() =>
    db.transaction(async (tx) => {
      // One order's requests are made one at a time, so the check below holds as it commits.
      const [order] = await tx
        .select({
          customerId: orders.customerId,
          jobId: orders.jobId,
          shipDate: orders.shipDate,
          systemTypeId: orders.systemTypeId,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      if (!order) throw notFound('The tracking link');
      const [waiting] = await tx
        .select({ id: orderRequests.id })
        .from(orderRequests)
        .where(
          and(
            eq(orderRequests.orderId, orderId),
            eq(orderRequests.kind, body.kind),
            eq(orderRequests.status, 'pending'),
          ),
        )
        .limit(1);
      if (waiting) return (await getOrderRequest(tx, waiting.id))!;
      const [today] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(orderRequests)
        .where(
          and(eq(orderRequests.orderId, orderId), gte(orderRequests.createdAt, startOfDay(now))),
        );
      if ((today?.count ?? 0) >= pourRequestsPerOrderPerDay) {
        throw new ApiError(
          'rateLimited',
          'This order has had many requests today: please call dispatch instead.',
        );
      }
      // A load as the order's loads are: its schedule's load size, else its largest load.
      const [primary] = await tx
        .select({
          productId: scheduleProducts.productId,
          loadSize: sql<
            number | null
          >`coalesce(${scheduleProducts.loadSize}, (select max(${loads.quantity}) from ${loads} where ${loads.orderId} = ${orderId}))::float8`,
        })
        .from(scheduleProducts)
        .innerJoin(schedules, eq(schedules.id, scheduleProducts.scheduleId))
        .where(and(eq(schedules.orderId, orderId), eq(scheduleProducts.primaryFlag, true)))
        .orderBy(asc(schedules.id))
        .limit(1);
      const addedQuantity =
        body.kind === 'addLoad' ? (body.quantity ?? primary?.loadSize ?? null) : null;
      const [row] = await tx
        .insert(orderRequests)
        .values({
          kind: body.kind,
          requestedBy: null,
          customerId: order.customerId,
          jobId: order.jobId,
          systemTypeId: order.systemTypeId,
          productId: primary?.productId ?? null,
          quantity: addedQuantity,
          requestedDate: order.shipDate,
          notes: body.note ?? null,
          callbackPhone: body.callbackPhone ?? null,
          orderId,
          createdAt: now,
          modifiedAt: now,
          modifiedBy: pourPageRequester,
        })
        .returning({ id: orderRequests.id });
      return announce(tx, row!.id, null, 'created', { username: pourPageRequester, now });
    }),
  );
}

/** R-TRACK-9: the page's view of its order's requests: the last few, newest first. */
export async function pourRequestsOf(db: Db, orderId: number): Promise<PourRequestView[]> {
  const rows = await db
    .select({
      id: orderRequests.id,
      kind: orderRequests.kind,
      status: orderRequests.status,
      createdAt: orderRequests.createdAt,
      decidedAt: orderRequests.decidedAt,
      rejectReason: orderRequests.rejectReason,
      reply: orderRequests.reply,
    })
    .from(orderRequests)
    .where(eq(orderRequests.orderId, orderId))
    .orderBy(desc(orderRequests.createdAt), desc(orderRequests.id))
    .limit(10);
  return rows.flatMap((row) => {
    const view = pourRequestViewOf({
      ...row,
      status: row.status as PourRequestView['status'],
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    });
    return view ? [view] : [];
  });
}
