/**
 * The e-mailed notices of an order (R-TRACK-10..15): one row per order, kind and day, claimed
 * (status pending) before it is written, so the minute's ticker of any number of processes makes
 * each notice once. A notice keeps what it said and to whom, and whether it was sent, kept (no
 * SMTP server, or e-mail turned off) or failed. A day-before notice holds the SHA-256 of its
 * confirm / change token, never the token.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identityId, timestamptz } from './columns';
import { orders } from './orders';

export const orderNotices = pgTable(
  'order_notices',
  {
    id: identityId(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** The day it is about: the ship date (the day before is sent the day before it). */
    day: date({ mode: 'string' }).notNull(),
    status: text().notNull().default('pending'),
    reason: text(),
    recipients: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: text(),
    textBody: text(),
    htmlBody: text(),
    /** The file names of what it attached (the day's-end ticket PDFs). */
    attachments: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    actionTokenHash: text(),
    /** What the customer did with a day-before notice's links: confirmed, or asked to change. */
    action: text(),
    actedAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
    sentAt: timestamptz(),
  },
  (t) => [
    unique('order_notices_order_id_kind_day_unique').on(t.orderId, t.kind, t.day),
    uniqueIndex('order_notices_action_token_hash_unique').on(t.actionTokenHash),
    index('order_notices_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    check('order_notices_kind_check', sql`${t.kind} in ('dayBefore', 'firstLoad', 'daysEnd')`),
    check('order_notices_status_check', sql`${t.status} in ('pending', 'sent', 'kept', 'failed')`),
    check(
      'order_notices_action_check',
      sql`${t.action} is null or ${t.action} in ('confirmed', 'changeRequested')`,
    ),
  ],
);
