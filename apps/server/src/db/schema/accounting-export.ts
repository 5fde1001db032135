/**
 * Accounting export batches (R-ACCT-4, R-ACCT-11, R-ACCT-12): one row per export that completed,
 * and the invoices it carried. A batch is its job: it shares the job's id, so the id the hub
 * messages carry (exportId) is the batch's, and its file is the job's file. An invoice counts as
 * exported while a batch that carried it is not undone.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { backgroundJobs } from './background-jobs';
import { invoices } from './billing';
import { money, timestamptz, version } from './columns';

export const accountingExportBatches = pgTable(
  'accounting_export_batches',
  {
    id: integer()
      .primaryKey()
      .references(() => backgroundJobs.id),
    format: text().notNull(),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    recordCount: integer().notNull(),
    totalAmount: money().notNull(),
    fileName: text().notNull(),
    /** The requester asked to export again invoices an earlier batch carried. */
    includedExported: boolean().notNull().default(false),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: integer().references(() => users.id),
    createdByName: text().notNull(),
    undoneAt: timestamptz(),
    undoneBy: text(),
    undoReason: text(),
    version: version(),
  },
  (t) => [
    check(
      'accounting_export_batches_format_check',
      sql`${t.format} in ('QuickBooksDesktop', 'QuickBooksOnline', 'Sage50', 'GeneralLedger')`,
    ),
    index('accounting_export_batches_created_at_idx').on(t.createdAt),
  ],
);

export const accountingExportInvoices = pgTable(
  'accounting_export_invoices',
  {
    batchId: integer().notNull(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.invoiceId] }),
    // Named by hand: the generated name would pass PostgreSQL's 63-character identifier limit.
    foreignKey({
      name: 'accounting_export_invoices_batch_id_fk',
      columns: [t.batchId],
      foreignColumns: [accountingExportBatches.id],
    }).onDelete('cascade'),
    index('accounting_export_invoices_invoice_id_idx').on(t.invoiceId),
  ],
);
