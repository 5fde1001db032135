/**
 * What the database holds about customers' accounts (R-CREDIT-1..R-CREDIT-4): each customer's
 * credit facts (status, limit, current terms, address), the invoices with money still open on
 * them (total, credit notes, payments applied), and money on account. The arithmetic is the
 * domain's (receivables.ts); this reads the facts it needs in a few set-wise queries.
 */
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  accountSummary,
  type AccountSummary,
  type InvoiceFacts,
} from '@dispatch/domain/credit/receivables';
import type { Db, Tx } from '../../db/client';
import { invoices } from '../../db/schema/billing';
import {
  customerLetters,
  customerPayments,
  paymentApplications,
} from '../../db/schema/credit-letters';
import {
  customerAggregatePricing,
  customerBlockPricing,
  customerConcretePricing,
  customers,
} from '../../db/schema/customers';
import { creditStatuses, termsDiscounts } from '../../db/schema/lookups';
import { likePattern } from '../../http/list-query';
import { postalLines } from '@dispatch/domain/postal-address';

type Connection = Db | Tx;

export type CreditCustomer = {
  customerId: number;
  customerNumber: string;
  customerName: string;
  contactName: string;
  /** The billing address, else the address, as a letter is addressed (name first). */
  address: string[];
  creditStatusId: number | null;
  creditStatus: string;
  creditLimit: number | null;
  terms: string;
  netDays: number;
  lastLetter: { templateName: string; letterDate: string; sentBy: string } | null;
};

export type CreditAccount = CreditCustomer & AccountSummary;

type PricingTable =
  typeof customerConcretePricing | typeof customerAggregatePricing | typeof customerBlockPricing;

/** Above this many customers a side query reads every row rather than list their ids. */
const idListLimit = 500;

const within = (ids: readonly number[] | undefined, column: SQL) =>
  ids && ids.length <= idListLimit ? sql`and ${column} in ${ids}` : sql``;

/**
 * R-CREDIT-2: each customer's terms now: the pricing defaults in effect on `asOf` (concrete, then
 * aggregate, then block; the latest start first) that name terms. None: due on receipt.
 */
async function currentTerms(
  db: Connection,
  asOf: string,
  ids: readonly number[],
): Promise<Map<number, { description: string; netDays: number }>> {
  const inEffect = (table: PricingTable, rank: number) =>
    sql`select ${sql.raw(String(rank))} as rank, p.customer_id, p.terms_discount_id, p.start_date
      from ${table} p where p.terms_discount_id is not null
      and (p.start_date is null or p.start_date <= ${asOf})
      and (p.termination_date is null or p.termination_date >= ${asOf})
      ${within(ids, sql`p.customer_id`)}`;
  const answer = await db.execute<{ customer_id: number; description: string; net_days: number }>(
    sql`select distinct on (p.customer_id) p.customer_id, t.description, t.net_days
      from (${inEffect(customerConcretePricing, 1)} union all ${inEffect(customerAggregatePricing, 2)}
        union all ${inEffect(customerBlockPricing, 3)}) p
      inner join ${termsDiscounts} t on t.id = p.terms_discount_id
      order by p.customer_id, p.rank, p.start_date desc nulls last`,
  );
  return new Map(
    answer.rows.map((row) => [
      Number(row.customer_id),
      { description: row.description, netDays: Number(row.net_days) },
    ]),
  );
}

/** R-CREDIT-15: the last letter each customer was sent. */
async function lastLetters(
  db: Connection,
  ids: readonly number[],
): Promise<Map<number, NonNullable<CreditCustomer['lastLetter']>>> {
  const answer = await db.execute<{
    customer_id: number;
    template_name: string;
    letter_date: string;
    sent_by: string;
  }>(
    sql`select distinct on (l.customer_id) l.customer_id, l.template_name,
        l.letter_date::text as letter_date, l.sent_by
      from ${customerLetters} l where true ${within(ids, sql`l.customer_id`)}
      order by l.customer_id, l.sent_at desc, l.id desc`,
  );
  return new Map(
    answer.rows.map((row) => [
      Number(row.customer_id),
      { templateName: row.template_name, letterDate: row.letter_date, sentBy: row.sent_by },
    ]),
  );
}

/** Customers by id, or those a condition picks, with what their letters and the screen show. */
export async function readCreditCustomers(
  db: Connection,
  options: { ids?: readonly number[]; where?: SQL; asOf: string },
): Promise<CreditCustomer[]> {
  if (options.ids && options.ids.length === 0) return [];
  const rows = await db
    .select({
      customer: {
        id: customers.id,
        number: customers.number,
        name: customers.name,
        billingName: customers.billingName,
        contactName: customers.contactName,
        creditStatusId: customers.creditStatusId,
        creditLimit: customers.creditLimit,
        address1: customers.address1,
        address2: customers.address2,
        address3: customers.address3,
        address4: customers.address4,
        address5: customers.address5,
        address6: customers.address6,
        address7: customers.address7,
        billingAddress1: customers.billingAddress1,
        billingAddress2: customers.billingAddress2,
        billingAddress3: customers.billingAddress3,
        billingAddress4: customers.billingAddress4,
        billingAddress5: customers.billingAddress5,
        billingAddress6: customers.billingAddress6,
        billingAddress7: customers.billingAddress7,
      },
      creditStatus: creditStatuses.description,
    })
    .from(customers)
    .leftJoin(creditStatuses, eq(creditStatuses.id, customers.creditStatusId))
    .where(and(options.ids ? inArray(customers.id, [...options.ids]) : undefined, options.where))
    .orderBy(asc(customers.name), asc(customers.id));
  const ids = rows.map((row) => row.customer.id);
  if (ids.length === 0) return [];
  const terms = await currentTerms(db, options.asOf, ids);
  const letters = await lastLetters(db, ids);
  return rows.map(({ customer, creditStatus }) => {
    const termsRow = terms.get(customer.id);
    const billing = postalLines([
      customer.billingAddress1,
      customer.billingAddress2,
      customer.billingAddress3,
      customer.billingAddress4,
      customer.billingAddress5,
      customer.billingAddress6,
      customer.billingAddress7,
    ]);
    const street = postalLines([
      customer.address1,
      customer.address2,
      customer.address3,
      customer.address4,
      customer.address5,
      customer.address6,
      customer.address7,
    ]);
    const name = customer.billingName?.trim() || customer.name;
    return {
      customerId: customer.id,
      customerNumber: customer.number,
      customerName: name,
      contactName: customer.contactName ?? '',
      address: [name, ...(billing.length > 0 ? billing : street)],
      creditStatusId: customer.creditStatusId,
      creditStatus: creditStatus ?? '',
      creditLimit: customer.creditLimit,
      terms: termsRow?.description ?? '',
      netDays: termsRow?.netDays ?? 0,
      lastLetter: letters.get(customer.id) ?? null,
    };
  });
}

/**
 * Invoices (not credit notes) with money open on them, of the given customers or of every
 * customer: total less credits less payments is not zero. Credits and payments are summed once
 * per invoice and joined, not looked up per row.
 */
export async function readOpenInvoices(
  db: Connection,
  customerIds?: readonly number[],
): Promise<(Omit<InvoiceFacts, 'netDays'> & { customerId: number })[]> {
  if (customerIds && customerIds.length === 0) return [];
  const creditNote = alias(invoices, 'credit_note');
  const credits = db
    .select({
      invoiceId: sql<number>`${creditNote.creditsInvoiceId}`.as('credited_invoice_id'),
      total: sql<number>`sum(${creditNote.total})`.as('credited_total'),
    })
    .from(creditNote)
    .where(isNotNull(creditNote.creditsInvoiceId))
    .groupBy(creditNote.creditsInvoiceId)
    .as('credits');
  const applied = db
    .select({
      invoiceId: sql<number>`${paymentApplications.invoiceId}`.as('paid_invoice_id'),
      total: sql<number>`sum(${paymentApplications.amount})`.as('paid_total'),
    })
    .from(paymentApplications)
    .groupBy(paymentApplications.invoiceId)
    .as('applied');
  const credited = sql<number>`coalesce(${credits.total}, 0)`.mapWith(Number);
  const paid = sql<number>`coalesce(${applied.total}, 0)`.mapWith(Number);
  return db
    .select({
      invoiceId: invoices.id,
      number: invoices.number,
      customerId: invoices.customerId,
      invoiceDate: invoices.invoiceDate,
      total: invoices.total,
      credited,
      paid,
    })
    .from(invoices)
    .leftJoin(credits, eq(credits.invoiceId, invoices.id))
    .leftJoin(applied, eq(applied.invoiceId, invoices.id))
    .where(
      and(
        isNull(invoices.creditsInvoiceId),
        customerIds ? inArray(invoices.customerId, [...customerIds]) : undefined,
        sql`${invoices.total} + ${credited} - ${paid} <> 0`,
      ),
    )
    .orderBy(asc(invoices.invoiceDate), asc(invoices.number));
}

/** Money paid and not applied to any invoice, per customer (only customers that have some). */
export async function readUnapplied(
  db: Connection,
  customerIds?: readonly number[],
): Promise<Map<number, number>> {
  if (customerIds && customerIds.length === 0) return new Map();
  const applied = sql`coalesce((select sum(a.amount) from ${paymentApplications} a
    where a.payment_id = ${sql.raw('"customer_payments"."id"')}), 0)`;
  const rows = await db
    .select({
      customerId: customerPayments.customerId,
      unapplied: sql<number>`sum(${customerPayments.amount} - ${applied})`.mapWith(Number),
    })
    .from(customerPayments)
    .where(customerIds ? inArray(customerPayments.customerId, [...customerIds]) : undefined)
    .groupBy(customerPayments.customerId);
  return new Map(
    rows.filter((row) => row.unapplied !== 0).map((row) => [row.customerId, row.unapplied]),
  );
}

/** R-CREDIT-3: each customer's account, summed by the domain's rules, as of a day. */
export async function readAccounts(
  db: Connection,
  customerList: readonly CreditCustomer[],
  asOf: string,
  facts?: {
    invoices: Awaited<ReturnType<typeof readOpenInvoices>>;
    unapplied: Map<number, number>;
  },
): Promise<CreditAccount[]> {
  const ids = customerList.map((customer) => customer.customerId);
  const open = facts?.invoices ?? (await readOpenInvoices(db, ids));
  const unapplied = facts?.unapplied ?? (await readUnapplied(db, ids));
  const byCustomer = new Map<number, typeof open>();
  for (const invoice of open) {
    const list = byCustomer.get(invoice.customerId) ?? [];
    list.push(invoice);
    byCustomer.set(invoice.customerId, list);
  }
  return customerList.map((customer) => ({
    ...customer,
    ...accountSummary(
      {
        invoices: (byCustomer.get(customer.customerId) ?? []).map(
          ({ customerId: _customerId, ...invoice }) => ({ ...invoice, netDays: customer.netDays }),
        ),
        unapplied: unapplied.get(customer.customerId) ?? 0,
        creditLimit: customer.creditLimit,
      },
      asOf,
    ),
  }));
}

/** A customer search as the screens type it: part of the name, the billing name or the number. */
export function customerSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ilike(customers.name, pattern),
    ilike(customers.billingName, pattern),
    ilike(customers.number, pattern),
  );
}
