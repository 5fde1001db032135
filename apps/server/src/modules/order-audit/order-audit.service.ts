/**
 * Reading the order audit (R-OAUD-1..4): the audit trail's rows of resource 'orders' (R-ORD-8) of
 * one system type, filtered by when, who, customer and order, newest first, a page at a time.
 *
 * Each row holds the order's flat record before and after the change, and that record carries the
 * order's system type and customer name: the rows are filtered on themselves, with no join, so a
 * page reads the audit trail's `at` index (or its record index for one order) and stops at the
 * page. Only the order number, which the record leaves out, is read from the orders afterwards.
 */
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  orderAuditChanges,
  type OrderAuditEntry,
  type OrderAuditFilters,
  type OrderAuditQuery,
} from '@dispatch/domain/orders/order-audit';
import type { Db } from '../../db/client';
import { auditTrail } from '../../db/schema/audit';
import { orders } from '../../db/schema/orders';
import { likePattern } from '../../http/list-query';
import { auditRowPage, auditRowPages, madeBetween, type AuditRow } from '../audit/audit.service';

/** The resource order entry records its history under (R-ORD-8). */
const ordersResource = 'orders';

/** A field of the order's record as the change left it, or as it was for a change that removed it. */
const recorded = (field: string) =>
  sql<string>`coalesce(${auditTrail.after} ->> ${field}, ${auditTrail.before} ->> ${field})`;

function conditions(filters: OrderAuditFilters): SQL | undefined {
  const customer = filters.customer ? likePattern(filters.customer) : undefined;
  return and(
    eq(auditTrail.resource, ordersResource),
    eq(recorded('systemTypeId'), String(filters.systemTypeId)),
    madeBetween(filters),
    filters.user ? ilike(auditTrail.username, likePattern(filters.user)) : undefined,
    // The customer as it was before the change or after it: a change of customer is found by both.
    customer
      ? or(
          sql`${auditTrail.after} ->> 'customerName' ilike ${customer}`,
          sql`${auditTrail.before} ->> 'customerName' ilike ${customer}`,
        )
      : undefined,
    filters.orderId !== undefined ? eq(auditTrail.recordId, String(filters.orderId)) : undefined,
    filters.order !== undefined
      ? inArray(
          auditTrail.recordId,
          sql`(select ${orders.id}::text from ${orders} where ${orders.number} = ${filters.order})`,
        )
      : undefined,
  );
}

function customerOf(row: AuditRow): string {
  for (const record of [row.after, row.before]) {
    const name = (record as Record<string, unknown> | null)?.customerName;
    if (typeof name === 'string') return name;
  }
  return '';
}

async function toEntries(
  db: Db,
  rows: AuditRow[],
  hidePrices: boolean,
): Promise<OrderAuditEntry[]> {
  const ids = [...new Set(rows.map((row) => Number(row.recordId)))].filter(Number.isInteger);
  const numbers = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: orders.id, number: orders.number })
            .from(orders)
            .where(inArray(orders.id, ids))
        ).map((order) => [order.id, order.number]),
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    username: row.username,
    action: row.action,
    orderId: Number(row.recordId),
    orderNumber: numbers.get(Number(row.recordId)) ?? null,
    customerName: customerOf(row),
    changes: orderAuditChanges(row.before, row.after, hidePrices),
  }));
}

/**
 * One page of the order audit and how many entries the filters match. An entry whose only changes
 * were prices a caller may not see stays listed, with no field, so pages keep their size.
 */
export async function listOrderAudit(
  db: Db,
  query: OrderAuditQuery,
  options: { hidePrices: boolean },
): Promise<{ rows: OrderAuditEntry[]; count: number }> {
  const { rows, count } = await auditRowPage(db, conditions(query), query);
  return { rows: await toEntries(db, rows, options.hidePrices), count };
}

/** The filtered entries, newest first, at most the audit export's limit. */
export async function* orderAuditEntries(
  db: Db,
  filters: OrderAuditFilters,
  options: { hidePrices: boolean },
): AsyncGenerator<OrderAuditEntry> {
  for await (const rows of auditRowPages(db, conditions(filters))) {
    yield* await toEntries(db, rows, options.hidePrices);
  }
}
