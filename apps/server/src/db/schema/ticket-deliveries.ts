/**
 * The signed e-ticket (issue 26, ASTM C94): what the receiver signed for at the job. One per
 * ticket; a correction replaces it and the ticket's history keeps both.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { modifiedBy, quantity, timestamptz } from './columns';
import { tickets } from './tickets';

export const ticketDeliveries = pgTable(
  'ticket_deliveries',
  {
    ticketId: integer()
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    deliveredQuantity: quantity().notNull(),
    waterAdded: quantity().notNull(),
    waterUnit: text().notNull(),
    // Water above the ticket's allowed maximum is only taken with the receiver's signature for it.
    waterOverMaximumSigned: boolean().notNull().default(false),
    comments: text(),
    receiverName: text().notNull(),
    signaturePng: text().notNull(),
    photoJpeg: text(),
    signedAt: timestamptz().notNull(),
    recordedAt: timestamptz().notNull().defaultNow(),
    recordedBy: modifiedBy(),
  },
  (t) => [
    check('ticket_deliveries_water_unit_check', sql`${t.waterUnit} in ('gal', 'L')`),
    check(
      'ticket_deliveries_quantities_check',
      sql`${t.deliveredQuantity} >= 0 and ${t.waterAdded} >= 0`,
    ),
  ],
);
