/** Invoices made by flag invoice, their lines, and the gapless counters that number them. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';
import {
  identityId,
  modifiedAt,
  modifiedBy,
  money,
  quantity,
  timestamptz,
  version,
} from './columns';
import { customers } from './customers';
import { jobs } from './jobs';
import { orders } from './orders';
import { plants } from './plants';
import { products } from './products';
import { tickets } from './tickets';

/**
 * A named counter read and advanced under a row lock in the writing transaction, so a rolled-back
 * write gives its number back: invoice numbers must have no gaps (a sequence would leave them).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    name: text().primaryKey(),
    nextValue: integer().notNull().default(1),
  },
  (t) => [check('document_counters_next_value_check', sql`${t.nextValue} >= 1`)],
);

/** An invoice for one customer's delivered tickets; a credit note is an invoice that credits another. */
export const invoices = pgTable(
  'invoices',
  {
    id: identityId(),
    number: integer().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    customerName: text().notNull(),
    invoiceDate: date({ mode: 'string' }).notNull(),
    subtotal: money().notNull().default(0),
    taxAmount: money().notNull().default(0),
    total: money().notNull().default(0),
    // Set on a credit note: the invoice it reverses.
    creditsInvoiceId: integer(),
    creditReason: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: integer().references(() => users.id),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    unique('invoices_number_unique').on(t.number),
    index('invoices_customer_id_idx').on(t.customerId),
    index('invoices_invoice_date_idx').on(t.invoiceDate),
  ],
);

/** One invoiced ticket product, copied: a printed invoice must read the same later. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: identityId(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    ticketId: integer().references(() => tickets.id),
    orderId: integer().references(() => orders.id),
    jobId: integer().references(() => jobs.id),
    plantId: integer().references(() => plants.id),
    productId: integer().references(() => products.id),
    ticketNumber: integer(),
    orderNumber: integer(),
    description: text().notNull(),
    quantity: quantity().notNull().default(0),
    unitPrice: money().notNull().default(0),
    amount: money().notNull().default(0),
    taxAmount: money().notNull().default(0),
  },
  (t) => [
    index('invoice_lines_invoice_id_idx').on(t.invoiceId),
    index('invoice_lines_ticket_id_idx').on(t.ticketId),
    // R-INQ-12: invoice inquiry by job and by PO (through the line's order).
    index('invoice_lines_order_id_idx').on(t.orderId),
    index('invoice_lines_job_id_idx').on(t.jobId),
  ],
);
