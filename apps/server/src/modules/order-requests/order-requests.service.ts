/**
 * Online order requests (R-OREQ-1..12): external users ask, dispatchers accept (linking the order
 * they saved from the pre-filled order entry) or reject with a reason. Every write is one
 * transaction that publishes orderRequestUpdate_v1 and writes its audit trail row before it
 * commits, so the event and the row exist if and only if the write did (R-LIVE-1).
 */
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  datePastReason,
  isPastDay,
  linkProblems,
  sortOrderRequests,
  type OrderRequestAccept,
  type OrderRequestCreate,
  type OrderRequestListQuery,
  type OrderRequestReject,
  type OrderRequestView,
  type RequesterAccount,
} from '@dispatch/domain/orders/order-requests';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { requiredMessage } from '@dispatch/domain/forms/required';
import { recordAudit } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import { externalUserJobs, users } from '../../db/schema/auth';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { orderRequests } from '../../db/schema/order-requests';
import { orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { publish } from '../../dispatch/publish';
import { ApiError, notFound, validationError, type FieldProblem } from '../../http/api-error';
import { writing } from '../../http/database-errors';
import { likePattern } from '../../http/list-query';

/** Who is acting, as the routes know them. */
export type RequestActor = { userId: number; username: string; now: Date };
/** An external user, with the customer they belong to (R-EXT-1). */
export type Requester = RequestActor & { customerId: number };

const decider = alias(users, 'decider');
const requester = alias(users, 'requester');

const missing = 'refers to a record that does not exist';

// ---------------------------------------------------------------------------------------------
// Reading

const viewColumns = {
  id: orderRequests.id,
  kind: orderRequests.kind,
  status: orderRequests.status,
  customerId: orderRequests.customerId,
  customerNumber: customers.number,
  customerName: customers.name,
  jobId: orderRequests.jobId,
  jobNumber: jobs.number,
  jobAddress: jobs.address1,
  systemTypeId: orderRequests.systemTypeId,
  productId: orderRequests.productId,
  productNumber: products.number,
  productDescription: products.description,
  quantity: orderRequests.quantity,
  requestedDate: orderRequests.requestedDate,
  requestedTime: orderRequests.requestedTime,
  notes: orderRequests.notes,
  requestedBy: requester.username,
  callbackPhone: orderRequests.callbackPhone,
  createdAt: orderRequests.createdAt,
  rejectReason: orderRequests.rejectReason,
  reply: orderRequests.reply,
  orderId: orderRequests.orderId,
  orderNumber: orders.number,
  decidedBy: decider.username,
  decidedAt: orderRequests.decidedAt,
  version: orderRequests.version,
};

type ViewRow = {
  [K in keyof typeof viewColumns]: unknown;
};

function toView(row: ViewRow): OrderRequestView {
  const r = row as Omit<OrderRequestView, 'createdAt' | 'decidedAt' | 'quantity'> & {
    createdAt: Date;
    decidedAt: Date | null;
    quantity: number | string | null;
  };
  return {
    ...r,
    quantity: r.quantity === null ? null : Number(r.quantity),
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
  };
}

function selectViews(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(viewColumns)
    .from(orderRequests)
    .innerJoin(customers, eq(customers.id, orderRequests.customerId))
    .leftJoin(jobs, eq(jobs.id, orderRequests.jobId))
    .leftJoin(products, eq(products.id, orderRequests.productId))
    .leftJoin(requester, eq(requester.id, orderRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, orderRequests.decidedBy))
    .leftJoin(orders, eq(orders.id, orderRequests.orderId))
    .where(where);
}

export async function getOrderRequest(
  db: Db | Tx,
  id: number,
): Promise<OrderRequestView | undefined> {
  const [row] = await selectViews(db, eq(orderRequests.id, id));
  return row ? toView(row) : undefined;
}

/** R-OREQ-4: the requester's own requests, newest first. */
export async function listMyOrderRequests(
  db: Db,
  who: Requester,
  limit = 200,
): Promise<OrderRequestView[]> {
  const rows = await selectViews(db, eq(orderRequests.requestedBy, who.userId))
    .orderBy(desc(orderRequests.createdAt), desc(orderRequests.id))
    .limit(limit);
  return rows.map(toView);
}

/** R-OREQ-9: the dispatchers' list: pending first, filtered by status, day and customer. */
export async function listOrderRequests(
  db: Db,
  query: OrderRequestListQuery,
  limit = 500,
): Promise<OrderRequestView[]> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orderRequests.status, query.status));
  if (query.date) conditions.push(eq(orderRequests.requestedDate, query.date));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(customers.name, pattern), ilike(customers.number, pattern))!);
  }
  const rows = await selectViews(db, conditions.length ? and(...conditions) : undefined)
    .orderBy(
      sql`case when ${orderRequests.status} = 'pending' then 0 else 1 end`,
      asc(orderRequests.requestedDate),
      asc(orderRequests.id),
    )
    .limit(limit);
  return sortOrderRequests(rows.map(toView));
}

// ---------------------------------------------------------------------------------------------
// What an external user may pick from

/**
 * R-EXT-1: the jobs an external user acts for: those listed for them, else (null) every job of
 * their customer. Ordering (below) and following orders (the pour pages) share it.
 */
export async function listedJobIdsOf(db: Db | Tx, userId: number): Promise<number[] | null> {
  const listed = await db
    .select({ jobId: externalUserJobs.jobId })
    .from(externalUserJobs)
    .where(eq(externalUserJobs.userId, userId));
  return listed.length > 0 ? listed.map((row) => row.jobId) : null;
}

/** The jobs an external user may order for: their listed jobs, else all of the customer's. */
async function allowedJobs(db: Db | Tx, who: Requester) {
  const listed = await listedJobIdsOf(db, who.userId);
  const conditions = [eq(jobs.customerId, who.customerId), eq(jobs.inactiveFlag, false)];
  if (listed) conditions.push(inArray(jobs.id, listed));
  return db
    .select({ id: jobs.id, number: jobs.number, address: jobs.address1 })
    .from(jobs)
    .where(and(...conditions))
    .orderBy(asc(jobs.number), asc(jobs.id));
}

/** R-OREQ-1: what the requests page needs: the customer and the jobs the user may order for. */
export async function requesterAccount(
  db: Db,
  who: RequestActor & { customerId: number | null },
): Promise<RequesterAccount> {
  if (who.customerId === null) {
    return { external: false, customerId: null, customerName: null, jobs: [] };
  }
  const [customer] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, who.customerId));
  return {
    external: true,
    customerId: who.customerId,
    customerName: customer?.name ?? null,
    jobs: await allowedJobs(db, { ...who, customerId: who.customerId }),
  };
}

/** R-OREQ-3: the active products of a system type, searched by number or description. */
export async function requestableProducts(
  db: Db,
  options: { systemTypeId: number; search?: string | undefined; limit?: number },
) {
  const conditions = [
    eq(products.systemTypeId, options.systemTypeId),
    eq(products.inactiveFlag, false),
  ];
  if (options.search) {
    const pattern = likePattern(options.search);
    conditions.push(or(ilike(products.number, pattern), ilike(products.description, pattern))!);
  }
  return db
    .select({ id: products.id, number: products.number, description: products.description })
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.number), asc(products.id))
    .limit(options.limit ?? 20);
}

// ---------------------------------------------------------------------------------------------
// Writing

/** The request as the audit trail keeps it: what was asked and what was decided. */
function auditRecord(view: OrderRequestView) {
  return {
    kind: view.kind,
    status: view.status,
    customerId: view.customerId,
    jobId: view.jobId,
    productId: view.productId,
    quantity: view.quantity,
    requestedDate: view.requestedDate,
    requestedTime: view.requestedTime,
    notes: view.notes,
    rejectReason: view.rejectReason,
    reply: view.reply,
    orderId: view.orderId,
    decidedBy: view.decidedBy,
  };
}

/**
 * R-OREQ-8, R-OREQ-11: the event staff screens (and a pour page, R-TRACK-9) apply and the audit
 * row, in the write's transaction.
 */
export async function announce(
  tx: Tx,
  id: number,
  before: OrderRequestView | null,
  action: string,
  who: Pick<RequestActor, 'username' | 'now'>,
): Promise<OrderRequestView> {
  const after = (await getOrderRequest(tx, id))!;
  await publish(tx, { name: 'orderRequestUpdate_v1', data: after, ids: [id] });
  await recordAudit(tx, {
    username: who.username,
    at: who.now,
    resource: 'orderRequests',
    recordId: id,
    action,
    before: before ? auditRecord(before) : null,
    after: auditRecord(after),
  });
  return after;
}

/** R-OREQ-3: a new request, checked against the user's jobs, the product and the calendar. */
export async function createOrderRequest(
  db: Db,
  body: OrderRequestCreate,
  who: Requester,
): Promise<OrderRequestView> {
  return writing(() =>
    db.transaction(async (tx) => {
      const problems: FieldProblem[] = [];
      const [job] = await tx
        .select({ id: jobs.id, customerId: jobs.customerId, inactiveFlag: jobs.inactiveFlag })
        .from(jobs)
        .where(eq(jobs.id, body.jobId));
      if (!job) problems.push({ field: 'jobId', reason: missing });
      else {
        const allowed = await allowedJobs(tx, who);
        if (!allowed.some((each) => each.id === job.id)) {
          problems.push({ field: 'jobId', reason: 'must be one of your jobs' });
        }
      }
      const [product] = await tx
        .select({ systemTypeId: products.systemTypeId, inactiveFlag: products.inactiveFlag })
        .from(products)
        .where(eq(products.id, body.productId));
      if (!product) problems.push({ field: 'productId', reason: missing });
      else if (product.systemTypeId !== body.systemTypeId) {
        problems.push({ field: 'productId', reason: 'must be a product of the system type' });
      } else if (product.inactiveFlag) {
        problems.push({ field: 'productId', reason: 'the product is inactive' });
      }
      if (isPastDay(body.requestedDate, formatDate(who.now, 'YYYY-MM-DD'))) {
        problems.push({ field: 'requestedDate', reason: datePastReason });
      }
      if (problems.length > 0) throw validationError(problems);
      const [row] = await tx
        .insert(orderRequests)
        .values({
          requestedBy: who.userId,
          customerId: who.customerId,
          jobId: body.jobId,
          systemTypeId: body.systemTypeId,
          productId: body.productId,
          quantity: body.quantity,
          requestedDate: body.requestedDate,
          requestedTime: body.requestedTime,
          notes: body.notes === '' ? null : body.notes,
          createdAt: who.now,
          modifiedAt: who.now,
          modifiedBy: who.username,
        })
        .returning({ id: orderRequests.id });
      return announce(tx, row!.id, null, 'created', who);
    }),
  );
}

/** The request locked for a decision, or 404. */
async function locked(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: orderRequests.id })
    .from(orderRequests)
    .where(eq(orderRequests.id, id))
    .for('update');
  if (!row) throw notFound(`Order request ${id}`);
  return (await getOrderRequest(tx, id))!;
}

/** R-OREQ-5: 409 on a request already decided, naming who decided it and when. */
function refuseDecided(current: OrderRequestView): ApiError {
  const who = current.decidedBy ?? current.requestedBy;
  const when = current.decidedAt ?? current.createdAt;
  return new ApiError(
    'conflict',
    `Order request ${current.id} was already ${current.status} by ${who} at ${when}.`,
    {
      code: 'already_decided',
      data: {
        status: current.status,
        decidedBy: who,
        decidedAt: when,
        currentVersion: current.version,
      },
    },
  );
}

/** R-CONC-1 for requests: the version sent is not the one stored. */
function refuseStale(current: OrderRequestView, sent: number): ApiError | undefined {
  if (sent === current.version) return undefined;
  return new ApiError(
    'conflict',
    `Order request ${current.id} was changed since you opened it. Reload it and try again.`,
    { code: 'stale_version', data: { currentVersion: current.version } },
  );
}

/** The request locked for a decision at `version`: 409 when decided already or changed since. */
async function lockedPending(tx: Tx, id: number, version: number): Promise<OrderRequestView> {
  const current = await locked(tx, id);
  if (current.status !== 'pending') throw refuseDecided(current);
  const stale = refuseStale(current, version);
  if (stale) throw stale;
  return current;
}

async function decide(
  tx: Tx,
  current: OrderRequestView,
  values: {
    status: 'accepted' | 'rejected' | 'withdrawn';
    rejectReason?: string;
    orderId?: number;
    reply?: string;
  },
  who: RequestActor,
): Promise<OrderRequestView> {
  const decided = values.status !== 'withdrawn';
  const [updated] = await tx
    .update(orderRequests)
    .set({
      status: values.status,
      rejectReason: values.rejectReason ?? null,
      reply: values.reply ?? null,
      // A pour page's request keeps the order it came with.
      orderId: values.orderId ?? current.orderId,
      decidedBy: decided ? who.userId : null,
      decidedAt: who.now,
      version: sql`${orderRequests.version} + 1`,
      modifiedAt: who.now,
      modifiedBy: who.username,
    })
    .where(
      and(
        eq(orderRequests.id, current.id),
        eq(orderRequests.status, 'pending'),
        eq(orderRequests.version, current.version),
      ),
    )
    .returning({ id: orderRequests.id });
  if (!updated) throw refuseDecided((await getOrderRequest(tx, current.id))!);
  return announce(tx, current.id, current, values.status, who);
}

/** R-OREQ-4: the requester takes back a request nobody has decided yet. */
export async function withdrawOrderRequest(
  db: Db,
  id: number,
  version: number,
  who: Requester,
): Promise<OrderRequestView> {
  return writing(() =>
    db.transaction(async (tx) => {
      const [own] = await tx
        .select({ id: orderRequests.id })
        .from(orderRequests)
        .where(and(eq(orderRequests.id, id), eq(orderRequests.requestedBy, who.userId)));
      // Someone else's request is not there, as far as this user can tell.
      if (!own) throw notFound(`Order request ${id}`);
      const current = await lockedPending(tx, id, version);
      return decide(tx, current, { status: 'withdrawn' }, who);
    }),
  );
}

/** R-OREQ-6: a dispatcher turns a request down, saying why. */
export async function rejectOrderRequest(
  db: Db,
  id: number,
  body: OrderRequestReject,
  who: RequestActor,
): Promise<OrderRequestView> {
  return writing(() =>
    db.transaction(async (tx) => {
      const current = await lockedPending(tx, id, body.version);
      return decide(tx, current, { status: 'rejected', rejectReason: body.reason }, who);
    }),
  );
}

/**
 * R-OREQ-7: a dispatcher accepts an online order's request by linking the order saved from it: the
 * order exists, is for the request's customer and job, and is not already another request's.
 * R-TRACK-9: a pour page's request has its order; accepting it may say a word back to the site.
 */
export async function acceptOrderRequest(
  db: Db,
  id: number,
  body: OrderRequestAccept,
  who: RequestActor,
): Promise<OrderRequestView> {
  return writing(() =>
    db.transaction(async (tx) => {
      const current = await lockedPending(tx, id, body.version);
      if (current.kind !== 'order') {
        return decide(tx, current, { status: 'accepted', reply: body.reply }, who);
      }
      if (body.orderId === undefined) {
        throw validationError([{ field: 'orderId', reason: requiredMessage('Order') }]);
      }
      const [order] = await tx
        .select({ id: orders.id, customerId: orders.customerId, jobId: orders.jobId })
        .from(orders)
        .where(eq(orders.id, body.orderId));
      if (!order) throw validationError([{ field: 'orderId', reason: missing }]);
      const problems = linkProblems(current, order);
      const [other] = await tx
        .select({ id: orderRequests.id })
        .from(orderRequests)
        .where(and(eq(orderRequests.orderId, order.id), ne(orderRequests.id, id)))
        .limit(1);
      if (other) {
        problems.push({
          field: 'orderId',
          reason: `is already linked to order request ${other.id}`,
        });
      }
      if (problems.length > 0) throw validationError(problems);
      return decide(tx, current, { status: 'accepted', orderId: order.id }, who);
    }),
  );
}
