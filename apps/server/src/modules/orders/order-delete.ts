/** Deleting an order. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import type { Db, Tx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { loads, tickets } from '../../db/schema/tickets';
import { loadStatusIds } from '../../db/reference-ids';
import { ApiError } from '../../http/api-error';
import { writing } from '../../http/database-errors';
import type { OrderDetailView } from '@dispatch/domain/orders/order-views';
import type { OrderWriter } from './order-writer';
import { announce, readBack } from './order-live';
import { staleOrder, lockedOrder } from './order-lock';

/** An order with tickets not voided is not deleted (409). */
export async function refuseIfTicketed(
  tx: Tx,
  order: { id: number; number: number },
): Promise<void> {
  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.orderId, order.id), isNull(tickets.voidDateTime)))
    .limit(1);
  if (ticket) {
    throw new ApiError(
      'conflict',
      `Order ${order.number} has tickets and cannot be deleted. Void its tickets first.`,
      { code: 'order_ticketed' },
    );
  }
}

/** A deleted order's loads not yet ticketed will not be delivered. */
export async function cancelOpenLoads(tx: Tx, orderId: number, writer: OrderWriter): Promise<void> {
  await tx
    .update(loads)
    .set({
      statusId: loadStatusIds.cancelled,
      version: sql`${loads.version} + 1`,
      modifiedAt: writer.now,
      modifiedBy: writer.username,
    })
    .where(
      and(
        eq(loads.orderId, orderId),
        isNull(loads.ticketId),
        eq(loads.statusId, loadStatusIds.scheduled),
      ),
    );
}

/**
 * R-ORD-6: deleting an order gives it status D (its history and tickets keep pointing at it),
 * cancels its loads not yet ticketed and sends orderDelete_v1. An order with tickets not voided
 * is not deleted (409).
 */
export async function deleteOrder(
  db: Db,
  id: number,
  version: number | undefined,
  writer: OrderWriter,
): Promise<OrderDetailView> {
  return writing(() =>
    db.transaction(async (tx) => {
      const current = await lockedOrder(tx, id, writer);
      writer.access(current.systemTypeId);
      if (version !== undefined && version !== current.version) throw staleOrder(current);
      await refuseIfTicketed(tx, current);
      const before = await readBack(tx, id, current.systemTypeId);
      await tx
        .update(orders)
        .set({
          orderStatusId: orderStatusIds.deleted,
          version: sql`${orders.version} + 1`,
          modifiedAt: writer.now,
          modifiedBy: writer.username,
        })
        .where(eq(orders.id, id));
      await cancelOpenLoads(tx, id, writer);
      const after = await readBack(tx, id, current.systemTypeId);
      await announce(tx, after, before, 'deleted', writer);
      return after;
    }),
  );
}
