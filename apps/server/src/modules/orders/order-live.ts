/** What an order write tells the live screens (R-ORD-12) and reads back. */
import type { OrderLiveView } from '@dispatch/domain/orders/order';
import { orderHistoryRecord } from '@dispatch/domain/orders/order-history';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { withoutPrices } from '@dispatch/domain/pricing';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { auditRow } from '../../audit/audit-trail';
import type { Tx } from '../../db/client';
import { auditTrail } from '../../db/schema/audit';
import { publish } from '../../dispatch/publish';
import { writeInOneStatement } from './one-statement';
import type { OrderDetailView } from '@dispatch/domain/orders/order-views';
import { getOrder } from './orders.service';
import type { OrderWriter } from './order-writer';

/** orderUpdate_v1 (R-ORD-12): the live view of R-ENTITY-15 with the order's version, no prices. */
function liveViewOf(order: OrderDetailView): OrderLiveView & { version: number } {
  return withoutPrices({
    id: order.id,
    number: order.number,
    orderStatusId: order.orderStatusId,
    plantId: order.plantId,
    customerName: order.customerName,
    dispatchNotes: order.dispatchNotes,
    orderFlagId: order.orderFlagId,
    shipDate: order.shipDate,
    schedules: order.schedules.map((form) => ({
      activeFlag: form.activeFlag,
      schedule: form.schedule,
      primaryProduct: form.primaryProduct,
      extraProducts: form.extraProducts,
      ticketIds: form.ticketIds,
    })),
    version: order.version,
  }) as OrderLiveView & { version: number };
}

/**
 * The write's events and history entry, published and written last in its transaction, in one
 * statement: an order deleted (status D) sends orderDelete_v1, any other write orderUpdate_v1.
 */
export async function announce(
  tx: Tx,
  after: OrderDetailView,
  before: OrderDetailView | null,
  action: string,
  writer: Pick<OrderWriter, 'username' | 'now'>,
  /** Why, when the user gave a reason (reopening an order, R-DELIV-9). */
  reason?: string,
): Promise<void> {
  const deleted = after.orderStatusId === orderStatusIds.deleted;
  await writeInOneStatement(
    tx,
    [
      {
        table: auditTrail,
        rows: [
          auditRow({
            username: writer.username,
            at: writer.now,
            resource: 'orders',
            recordId: after.id,
            action,
            before: before ? orderHistoryRecord(before) : null,
            after: { ...orderHistoryRecord(after), ...(reason === undefined ? {} : { reason }) },
          }),
        ],
      },
    ],
    [
      deleted
        ? { name: 'orderDelete_v1', data: { id: after.id } }
        : { name: 'orderUpdate_v1', data: liveViewOf(after), ids: [after.id] },
    ],
  );
}

/**
 * orderUpdate_v1 alone, for a change the order's history does not record: what its loads have
 * delivered (R-DELIV-7) moves with every truck.
 */
export async function publishOrderLive(tx: Tx, after: OrderDetailView): Promise<void> {
  await publish(tx, { name: 'orderUpdate_v1', data: liveViewOf(after), ids: [after.id] });
}

export async function readBack(
  tx: Tx,
  id: number,
  systemTypeId: SystemTypeId,
): Promise<OrderDetailView> {
  return (await getOrder(tx, { id, allowedSystemTypeIds: [systemTypeId] }))!;
}
