/** An order locked for a write: 404 for one the caller may not see, 409 for one changed meanwhile (R-CONC-1). */
import { and, eq, inArray } from 'drizzle-orm';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { ApiError, notFound } from '../../http/api-error';
import type { OrderWriter } from './order-writer';

/** R-CONC-1 for orders: 409 naming who changed the order and when. */
export function staleOrder(current: {
  number: number;
  version: number;
  modifiedBy: string | null;
  modifiedAt: Date | string;
}): ApiError {
  const who = current.modifiedBy ? current.modifiedBy : 'someone else';
  const when =
    current.modifiedAt instanceof Date ? current.modifiedAt.toISOString() : current.modifiedAt;
  return new ApiError(
    'conflict',
    `Order ${current.number} was changed by ${who} at ${when} since you opened it. Reload it to see their change, then make yours again.`,
    {
      code: 'stale_version',
      data: { currentVersion: current.version, modifiedBy: who, modifiedAt: when },
    },
  );
}

/** The order as stored, locked for the write, or 404 for an order the caller may not see. */
export async function lockedOrder(tx: Tx, id: number, writer: OrderWriter) {
  if (writer.allowedSystemTypeIds.length === 0) throw notFound(`Order ${id}`);
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      systemTypeId: orders.systemTypeId,
      version: orders.version,
      modifiedBy: orders.modifiedBy,
      modifiedAt: orders.modifiedAt,
      cartageRate: orders.cartageRate,
      customerId: orders.customerId,
      customerName: orders.customerName,
    })
    .from(orders)
    .where(and(eq(orders.id, id), inArray(orders.systemTypeId, [...writer.allowedSystemTypeIds])))
    .for('update');
  if (!row) throw notFound(`Order ${id}`);
  return { ...row, systemTypeId: row.systemTypeId as SystemTypeId };
}
