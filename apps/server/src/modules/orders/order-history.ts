/** An order's history. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { orderHistoryChanges } from '@dispatch/domain/orders/order-history';
import type { OrderHistoryEntry } from '@dispatch/domain/orders/order-views';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Db } from '../../db/client';
import { auditTrail } from '../../db/schema/audit';
import { orders } from '../../db/schema/orders';

/**
 * An order's changes, newest first, field by field: old value, new value, who and when. Prices are
 * left out for a caller whose level hides them, and so is a change that touched only prices.
 */
export async function orderHistory(
  db: Db,
  options: { id: number; allowedSystemTypeIds: readonly SystemTypeId[]; hidePrices: boolean },
): Promise<OrderHistoryEntry[] | undefined> {
  if (options.allowedSystemTypeIds.length === 0) return undefined;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, options.id),
        inArray(orders.systemTypeId, [...options.allowedSystemTypeIds]),
      ),
    );
  if (!order) return undefined;
  const rows = await db
    .select()
    .from(auditTrail)
    .where(and(eq(auditTrail.resource, 'orders'), eq(auditTrail.recordId, String(options.id))))
    .orderBy(asc(auditTrail.at), asc(auditTrail.id));
  return rows
    .map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      username: row.username,
      action: row.action,
      changes: orderHistoryChanges(row.before, row.after, options.hidePrices),
    }))
    .filter((entry) => entry.changes.length > 0 || entry.action !== 'updated')
    .reverse();
}
