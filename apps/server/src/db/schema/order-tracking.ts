/**
 * The contractor's tracking link of an order (issue 27): one per order, kept only as the SHA-256
 * of its token, so the table never holds a link anyone could open. A new link replaces the row;
 * revoking deletes it.
 */
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { modifiedBy, timestamptz } from './columns';
import { orders } from './orders';

export const orderTrackingLinks = pgTable(
  'order_tracking_links',
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: modifiedBy(),
  },
  (t) => [uniqueIndex('order_tracking_links_token_hash_unique').on(t.tokenHash)],
);
