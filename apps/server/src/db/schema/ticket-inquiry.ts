/**
 * Ticket inquiry's read model (R-INQ-12, ADR 015): one row per ticket with the columns the
 * inquiry searches and sorts by, and the ticket's inquiry row already written as JSON (names
 * looked up, lines summed up). A search reads one table's index range and hands the rows' JSON
 * to the client as they are. Triggers keep it (migration 0011): a write of a ticket, its lines,
 * its order, or a name it shows rewrites the rows it touches in the same transaction, so the
 * read model is never behind what was committed.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { money, systemTypeId, timestamptz } from './columns';
import { tickets } from './tickets';

export const ticketInquiry = pgTable(
  'ticket_inquiry',
  {
    ticketId: integer()
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    ticketDateTime: timestamptz().notNull(),
    systemTypeId: systemTypeId().notNull(),
    plantId: integer().notNull(),
    customerId: integer().notNull(),
    // R-TEDIT-2: the ticket's own job and PO when a clerk set them, else its order's.
    jobId: integer(),
    customerPoNumber: text(),
    truckId: integer(),
    invoiceId: integer(),
    voided: boolean().notNull(),
    /**
     * The ticket's TicketInquiryRow as JSON, without extendedPrice and without its closing brace:
     * the reader closes it with or without the price, as the caller may see prices (R-PERM-6).
     */
    rowJson: text().notNull(),
    /** The ticket's goods at their prices (each line rounded to the cent), null without prices. */
    extendedPrice: money(),
  },
  (t) => [
    // Enter on a typed number (R-INQ-12's by-number figure): in the page's order, and covering
    // (migration 0012 adds INCLUDE row_json, extended_price, system_type_id, voided, which
    // drizzle-kit cannot state), so the up to 40 plants' tickets of a number come from a few
    // index pages, not from one heap page each.
    index('ticket_inquiry_number_idx').on(
      t.number,
      t.ticketDateTime.desc().nullsFirst(),
      t.ticketId.desc().nullsFirst(),
    ),
    index('ticket_inquiry_ticket_date_time_idx').on(t.ticketDateTime),
    index('ticket_inquiry_customer_id_ticket_date_time_idx').on(t.customerId, t.ticketDateTime),
    index('ticket_inquiry_plant_id_ticket_date_time_idx').on(t.plantId, t.ticketDateTime),
    index('ticket_inquiry_truck_id_ticket_date_time_idx').on(t.truckId, t.ticketDateTime),
    index('ticket_inquiry_job_id_ticket_date_time_idx')
      .on(t.jobId, t.ticketDateTime)
      .where(sql`${t.jobId} is not null`),
    index('ticket_inquiry_invoice_id_idx')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    index('ticket_inquiry_customer_po_number_trgm_idx').using(
      'gin',
      t.customerPoNumber.op('gin_trgm_ops'),
    ),
  ],
);
