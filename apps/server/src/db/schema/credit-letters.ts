/**
 * Credit letters (R-CREDIT): the letter templates, the payments customers make and the invoices
 * they pay (what makes a balance honest beside flag invoice's invoices and credit notes), and the
 * letters each customer was sent.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { backgroundJobs } from './background-jobs';
import { invoices } from './billing';
import { identityId, modifiedAt, modifiedBy, money, timestamptz, version } from './columns';
import { customers } from './customers';

/** R-CREDIT-6: a form letter, its merge fields written `{{key}}` in the subject and body. */
export const letterTemplates = pgTable(
  'letter_templates',
  {
    id: identityId(),
    name: text().notNull(),
    // 1 English, 2 Spanish (templateLanguages in the domain).
    languageId: smallint().notNull().default(1),
    subject: text().notNull(),
    body: text().notNull(),
    inactiveFlag: boolean().notNull().default(false),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    unique('letter_templates_name_unique').on(t.name),
    check('letter_templates_language_id_check', sql`${t.languageId} in (1, 2)`),
    check('letter_templates_name_check', sql`length(trim(${t.name})) > 0`),
  ],
);

/** R-CREDIT-5: money a customer paid, on the day it came in. */
export const customerPayments = pgTable(
  'customer_payments',
  {
    id: identityId(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    paymentDate: date({ mode: 'string' }).notNull(),
    amount: money().notNull(),
    // The check number, transfer reference or receipt.
    reference: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: integer().references(() => users.id),
    createdByName: text().notNull(),
    version: version(),
  },
  (t) => [
    index('customer_payments_customer_id_idx').on(t.customerId, t.paymentDate),
    check('customer_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/** R-CREDIT-5: the part of a payment that pays one invoice; what is not applied is on account. */
export const paymentApplications = pgTable(
  'payment_applications',
  {
    paymentId: integer()
      .notNull()
      .references(() => customerPayments.id, { onDelete: 'cascade' }),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id),
    amount: money().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.invoiceId] }),
    index('payment_applications_invoice_id_idx').on(t.invoiceId),
    check('payment_applications_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * R-CREDIT-14: a letter sent to a customer, written with the job that made it, so it is recorded
 * if and only if the letters were made. What it said is kept as it was then.
 */
export const customerLetters = pgTable(
  'customer_letters',
  {
    id: identityId(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    templateId: integer().references(() => letterTemplates.id),
    templateName: text().notNull(),
    subject: text().notNull(),
    letterDate: date({ mode: 'string' }).notNull(),
    sentAt: timestamptz().notNull().defaultNow(),
    sentByUserId: integer().references(() => users.id),
    sentBy: text().notNull(),
    jobId: integer().references(() => backgroundJobs.id, { onDelete: 'set null' }),
    balance: money(),
    pastDueAmount: money(),
    daysPastDue: integer().notNull().default(0),
  },
  (t) => [
    index('customer_letters_customer_id_idx').on(t.customerId, t.sentAt),
    index('customer_letters_job_id_idx').on(t.jobId),
  ],
);
