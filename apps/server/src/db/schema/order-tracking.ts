/**
 * The contractor's tracking links of an order (issue 27), kept only as the SHA-256 of each token,
 * so the table never holds a link anyone could open. One link per holder: the one dispatch makes
 * and sends (`dispatch`), the one the notices e-mail (`notice`), and each external user's own
 * (`user:<id>`). A holder's new link replaces its row and no other holder's; revoking the order's
 * link deletes them all.
 */
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, modifiedBy, timestamptz } from './columns';
import { orders } from './orders';

export const orderTrackingLinks = pgTable(
  'order_tracking_links',
  {
    id: identityId(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    holder: text().notNull().default('dispatch'),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: modifiedBy(),
  },
  (t) => [
    uniqueIndex('order_tracking_links_token_hash_unique').on(t.tokenHash),
    uniqueIndex('order_tracking_links_order_id_holder_unique').on(t.orderId, t.holder),
  ],
);
