/**
 * R-PEND-1..3: the pending orders list: orders on hold and will call, and online order requests
 * not yet answered, each with why it waits and the customer's credit status as it is now.
 */
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import {
  pendingReason,
  pendingStatusOfKind,
  type PendingCounts,
  type PendingKind,
  type PendingRow,
} from '@dispatch/domain/orders/pending-orders';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Db } from '../../db/client';
import { countAll } from '../../db/paging';
import { users } from '../../db/schema/auth';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { creditStatuses } from '../../db/schema/lookups';
import { orderRequests } from '../../db/schema/order-requests';
import { orders, scheduleProducts, schedules } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { likePattern } from '../../http/list-query';
import { orderSearchCondition } from '../orders/order-search';
import { creditHoldsOrders } from '../customers/credit-hold';

export type PendingListOptions = {
  /** The caller's system types: nothing of another is answered. */
  allowedSystemTypeIds: readonly SystemTypeId[];
  systemTypeId?: SystemTypeId | undefined;
  plantId?: number[] | undefined;
  search?: string | undefined;
  kind?: PendingKind | undefined;
  limit: number;
};

export type PendingListAnswer = { count: number; counts: PendingCounts; data: PendingRow[] };

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

const credit = {
  creditStatusId: customers.creditStatusId,
  creditStatus: creditStatuses.description,
  creditHoldsOrders,
};

/** What the order's schedules deliver: the first schedule's primary product, and their total. */
const firstProduct = sql<string | null>`(
  select ${scheduleProducts.productDescription} from ${scheduleProducts}
  join ${schedules} on ${schedules.id} = ${scheduleProducts.scheduleId}
  where ${schedules.orderId} = ${orders.id} and ${scheduleProducts.primaryFlag}
  order by ${schedules.id} limit 1)`;
const orderedQuantity = sql<number | null>`(
  select sum(${scheduleProducts.quantity})::float8 from ${scheduleProducts}
  join ${schedules} on ${schedules.id} = ${scheduleProducts.scheduleId}
  where ${schedules.orderId} = ${orders.id} and ${scheduleProducts.primaryFlag})`;
/** R-DELIV-2: what its loads already delivered, as the board and order entry count it. */
const deliveredQuantity = sql<number | null>`(
  select sum(${scheduleProducts.deliveredQuantity})::float8 from ${scheduleProducts}
  join ${schedules} on ${schedules.id} = ${scheduleProducts.scheduleId}
  where ${schedules.orderId} = ${orders.id} and ${scheduleProducts.primaryFlag})`;

function orderConditions(options: PendingListOptions, statuses: number[]): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    inArray(orders.orderStatusId, statuses),
    inArray(orders.systemTypeId, [...options.allowedSystemTypeIds]),
  ];
  if (options.systemTypeId !== undefined) {
    conditions.push(eq(orders.systemTypeId, options.systemTypeId));
  }
  if (options.plantId) conditions.push(inArray(orders.plantId, options.plantId));
  if (options.search) conditions.push(orderSearchCondition(options.search, [customers.number]));
  return and(...conditions);
}

function requestConditions(options: PendingListOptions): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(orderRequests.status, 'pending'),
    inArray(orderRequests.systemTypeId, [...options.allowedSystemTypeIds]),
  ];
  if (options.systemTypeId !== undefined) {
    conditions.push(eq(orderRequests.systemTypeId, options.systemTypeId));
  }
  if (options.plantId) conditions.push(inArray(jobs.plantId, options.plantId));
  if (options.search) {
    const pattern = likePattern(options.search);
    conditions.push(
      or(
        ilike(customers.name, pattern),
        ilike(customers.number, pattern),
        ilike(jobs.number, pattern),
      ),
    );
  }
  return and(...conditions);
}

const jobAddress = sql<
  string | null
>`nullif(concat_ws(', ', ${jobs.address1}, ${jobs.address2}, ${jobs.address3}), '')`;

async function pendingOrderRows(db: Db, options: PendingListOptions, statuses: number[]) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      systemTypeId: orders.systemTypeId,
      orderStatusId: orders.orderStatusId,
      customerId: orders.customerId,
      customerNumber: customers.number,
      customerName: orders.customerName,
      jobId: orders.jobId,
      jobNumber: jobs.number,
      jobAddress,
      shipDate: orders.shipDate,
      firstLoadTime: orders.firstLoadTime,
      plantId: orders.plantId,
      plantName: plants.description,
      creditNotes: orders.creditNotes,
      productDescription: firstProduct,
      quantity: orderedQuantity,
      deliveredQuantity,
      version: orders.version,
      modifiedBy: orders.modifiedBy,
      modifiedAt: orders.modifiedAt,
      ...credit,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(creditStatuses, eq(creditStatuses.id, customers.creditStatusId))
    .leftJoin(jobs, eq(jobs.id, orders.jobId))
    .leftJoin(plants, eq(plants.id, orders.plantId))
    .where(orderConditions(options, statuses))
    .orderBy(asc(orders.shipDate), sql`${orders.firstLoadTime} asc nulls last`, asc(orders.number))
    .limit(options.limit);
  return rows.map(({ creditNotes, ...row }): PendingRow => {
    const kind: PendingKind = row.orderStatusId === orderStatusIds.onHold ? 'hold' : 'willCall';
    return {
      ...row,
      kind,
      firstLoadTime: row.firstLoadTime ? iso(row.firstLoadTime) : null,
      modifiedAt: iso(row.modifiedAt),
      reason: pendingReason(creditNotes),
      requestedBy: null,
    };
  });
}

async function pendingRequestRows(db: Db, options: PendingListOptions): Promise<PendingRow[]> {
  const rows = await db
    .select({
      id: orderRequests.id,
      systemTypeId: orderRequests.systemTypeId,
      customerId: orderRequests.customerId,
      customerNumber: customers.number,
      customerName: customers.name,
      jobId: orderRequests.jobId,
      jobNumber: jobs.number,
      jobAddress,
      shipDate: orderRequests.requestedDate,
      requestedTime: orderRequests.requestedTime,
      plantId: jobs.plantId,
      plantName: plants.description,
      notes: orderRequests.notes,
      productDescription: products.description,
      quantity: orderRequests.quantity,
      deliveredQuantity: sql<number | null>`null::float8`,
      requestedBy: users.username,
      version: orderRequests.version,
      modifiedBy: orderRequests.modifiedBy,
      modifiedAt: orderRequests.modifiedAt,
      ...credit,
    })
    .from(orderRequests)
    .innerJoin(customers, eq(customers.id, orderRequests.customerId))
    .leftJoin(creditStatuses, eq(creditStatuses.id, customers.creditStatusId))
    .innerJoin(jobs, eq(jobs.id, orderRequests.jobId))
    .leftJoin(plants, eq(plants.id, jobs.plantId))
    .innerJoin(products, eq(products.id, orderRequests.productId))
    .innerJoin(users, eq(users.id, orderRequests.requestedBy))
    .where(requestConditions(options))
    .orderBy(
      asc(orderRequests.requestedDate),
      sql`${orderRequests.requestedTime} asc nulls last`,
      asc(orderRequests.id),
    )
    .limit(options.limit);
  return rows.map(({ requestedTime, notes, ...row }) => ({
    ...row,
    kind: 'request',
    number: null,
    orderStatusId: null,
    firstLoadTime: requestedTime ? requestedTime.slice(0, 5) : null,
    reason: pendingReason(notes),
    modifiedAt: iso(row.modifiedAt),
  }));
}

async function pendingCounts(db: Db, options: PendingListOptions): Promise<PendingCounts> {
  const byStatus = await db
    .select({ orderStatusId: orders.orderStatusId, count: countAll() })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(jobs, eq(jobs.id, orders.jobId))
    .where(orderConditions(options, [orderStatusIds.onHold, orderStatusIds.willCall]))
    .groupBy(orders.orderStatusId);
  const [requests] = await db
    .select({ count: countAll() })
    .from(orderRequests)
    .innerJoin(customers, eq(customers.id, orderRequests.customerId))
    .innerJoin(jobs, eq(jobs.id, orderRequests.jobId))
    .where(requestConditions(options));
  const ofStatus = (statusId: number) =>
    byStatus.find((row) => row.orderStatusId === statusId)?.count ?? 0;
  return {
    hold: ofStatus(orderStatusIds.onHold),
    willCall: ofStatus(orderStatusIds.willCall),
    request: requests?.count ?? 0,
  };
}

/**
 * The pending rows of the kind asked (every kind without one), by ship date and first load, and
 * every kind's count under the same filters, so the screen can show them all beside the list.
 */
export async function listPendingOrders(
  db: Db,
  options: PendingListOptions,
): Promise<PendingListAnswer> {
  if (options.allowedSystemTypeIds.length === 0) {
    return { count: 0, counts: { hold: 0, willCall: 0, request: 0 }, data: [] };
  }
  const kinds: PendingKind[] = options.kind ? [options.kind] : ['hold', 'willCall', 'request'];
  const statuses = kinds.flatMap((kind) => (kind === 'request' ? [] : [pendingStatusOfKind[kind]]));
  const orderRows = statuses.length ? await pendingOrderRows(db, options, statuses) : [];
  const requestRows = kinds.includes('request') ? await pendingRequestRows(db, options) : [];
  const counts = await pendingCounts(db, options);
  const data = [...orderRows, ...requestRows]
    .sort(
      (a, b) =>
        a.shipDate.localeCompare(b.shipDate) ||
        kinds.indexOf(a.kind) - kinds.indexOf(b.kind) ||
        (a.number ?? a.id) - (b.number ?? b.id),
    )
    .slice(0, options.limit);
  const count = kinds.reduce((sum, kind) => sum + counts[kind], 0);
  return { count, counts, data };
}
