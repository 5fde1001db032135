/**
 * Requests from customers, waiting for a dispatcher to accept or reject: orders requested online by
 * external users (kind `order`), and a contractor's asks about an order from its pour page (hold the
 * next load, add a load, call me, cancel or change), which carry the order from the start.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, time } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { identityId, modifiedAt, modifiedBy, quantity, timestamptz, version } from './columns';
import { customers } from './customers';
import { jobs } from './jobs';
import { orders } from './orders';
import { products } from './products';

export const orderRequests = pgTable(
  'order_requests',
  {
    id: identityId(),
    // order, holdNextLoad, addLoad, callMe or change
    kind: text().notNull().default('order'),
    // No user for a pour page's request: its link is the contractor's only credential.
    requestedBy: integer().references(() => users.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    jobId: integer().references(() => jobs.id),
    systemTypeId: smallint().notNull(),
    productId: integer().references(() => products.id),
    quantity: quantity(),
    requestedDate: date({ mode: 'string' }).notNull(),
    requestedTime: time({ precision: 0 }),
    notes: text(),
    callbackPhone: text(),
    // The dispatcher's answer to a pour page's request they accept, read on the page.
    reply: text(),
    // pending, accepted, rejected or withdrawn
    status: text().notNull().default('pending'),
    rejectReason: text(),
    orderId: integer().references(() => orders.id),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('order_requests_status_idx').on(t.status, t.requestedDate),
    index('order_requests_requested_by_idx').on(t.requestedBy),
    index('order_requests_order_id_idx').on(t.orderId),
    check(
      'order_requests_status_check',
      sql`${t.status} in ('pending', 'accepted', 'rejected', 'withdrawn')`,
    ),
    check('order_requests_quantity_check', sql`${t.quantity} > 0`),
    check(
      'order_requests_kind_check',
      sql`${t.kind} in ('order', 'holdNextLoad', 'addLoad', 'callMe', 'change')`,
    ),
    // An online order names all it asks for; a pour page's request is about its order.
    check(
      'order_requests_kind_fields_check',
      sql`case when ${t.kind} = 'order' then ${t.requestedBy} is not null and ${t.jobId} is not null and ${t.productId} is not null and ${t.quantity} is not null else ${t.orderId} is not null end`,
    ),
  ],
);
