/** Orders requested online by external users, waiting for a dispatcher to accept or reject. */
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
    requestedBy: integer()
      .notNull()
      .references(() => users.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    jobId: integer()
      .notNull()
      .references(() => jobs.id),
    systemTypeId: smallint().notNull(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    quantity: quantity().notNull(),
    requestedDate: date({ mode: 'string' }).notNull(),
    requestedTime: time({ precision: 0 }),
    notes: text(),
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
    check(
      'order_requests_status_check',
      sql`${t.status} in ('pending', 'accepted', 'rejected', 'withdrawn')`,
    ),
    check('order_requests_quantity_check', sql`${t.quantity} > 0`),
  ],
);
