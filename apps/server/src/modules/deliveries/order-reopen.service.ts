/**
 * R-DELIV-9: a dispatcher reopens a complete order, with a reason: it ships again (or is to be
 * shipped, or FOB for a pickup), its history records who reopened it and why, and every board
 * hears of it. The order is locked and its version checked, as any order write (R-ORD-5).
 */
import { eq, sql } from 'drizzle-orm';
import { orderStatusOnReopen, reopenRefusal } from '@dispatch/domain/delivery/delivery-state';
import type { OrderReopen } from '@dispatch/domain/delivery/delivery-requests';
import type { OrderDetailView } from '@dispatch/domain/orders/order-views';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { ApiError } from '../../http/api-error';
import { writing } from '../../http/database-errors';
import { announce, readBack } from '../orders/order-live';
import { lockedOrder, staleOrder } from '../orders/order-lock';
import type { OrderWriter } from '../orders/order-writer';

/** What the order's loads and primary products say it has shipped (R-DELIV-8). */
function progressOf(order: OrderDetailView) {
  const primaries = order.schedules.flatMap((form) =>
    form.primaryProduct ? [form.primaryProduct] : [],
  );
  return {
    loads: order.loads.map((load) => ({ statusId: load.statusId ?? 0 })),
    orderedQuantity: primaries.reduce((sum, line) => sum + line.quantity, 0),
    deliveredQuantity: primaries.reduce((sum, line) => sum + line.deliveredQuantity, 0),
  };
}

export async function reopenOrder(
  db: Db,
  id: number,
  request: OrderReopen,
  writer: OrderWriter,
): Promise<OrderDetailView> {
  return writing(() =>
    db.transaction(async (tx) => {
      const current = await lockedOrder(tx, id, writer);
      writer.access(current.systemTypeId);
      if (request.version !== current.version) throw staleOrder(current);
      const before = await readBack(tx, id, current.systemTypeId);
      const refusal = reopenRefusal(before);
      if (refusal) throw new ApiError('conflict', refusal, { code: 'order_not_complete' });
      await tx
        .update(orders)
        .set({
          orderStatusId: orderStatusOnReopen(before, progressOf(before)),
          version: sql`${orders.version} + 1`,
          modifiedAt: writer.now,
          modifiedBy: writer.username,
        })
        .where(eq(orders.id, id));
      const after = await readBack(tx, id, current.systemTypeId);
      await announce(tx, after, before, 'reopened', writer, request.reason);
      return after;
    }),
  );
}
