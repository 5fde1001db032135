/**
 * R-INV-8: invoices and credit notes as the clerk finds them again: searched by number, customer
 * and date, newest first; one with its bill-to address and lines. An invoice is visible to a
 * caller who may see the system type of one of its lines. One invoice also carries its PO, terms
 * and due date (R-INV-12).
 */
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addMoney } from '@dispatch/domain/invoicing/invoice-arithmetic';
import { sharedPoNumber } from '@dispatch/domain/invoicing/invoice-po';
import { invoiceDueDate } from '@dispatch/domain/invoicing/invoice-terms';
import type {
  InvoiceDetail,
  InvoiceLine,
  InvoiceListQuery,
  InvoiceSummary,
} from '@dispatch/domain/invoicing/invoice-schemas';
import { isSystemTypeId, type SystemTypeId } from '@dispatch/domain/system-types';
import type { Db, Tx } from '../../db/client';
import { auditTrail } from '../../db/schema/audit';
import { users } from '../../db/schema/auth';
import { invoiceLines, invoices } from '../../db/schema/billing';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { tickets } from '../../db/schema/tickets';
import { countAll } from '../../db/paging';
import { likePattern } from '../../http/list-query';
import { ticketPo } from '../tickets/ticket-job-and-po';
import { ticketDay } from './invoice-candidates.service';
import { termsOfInvoices } from './invoice-terms.service';
import { postalLines } from '@dispatch/domain/postal-address';

type Connection = Tx | Db;

const credited = alias(invoices, 'credited');
const creditNote = alias(invoices, 'credit_note');

const summaryColumns = {
  id: invoices.id,
  number: invoices.number,
  customerId: invoices.customerId,
  customerNumber: customers.number,
  customerName: invoices.customerName,
  invoiceDate: invoices.invoiceDate,
  extendedPrice: invoices.subtotal,
  taxAmount: invoices.taxAmount,
  totalAmount: invoices.total,
  creditsInvoiceId: invoices.creditsInvoiceId,
  creditsInvoiceNumber: credited.number,
  creditReason: invoices.creditReason,
  creditedByInvoiceId: creditNote.id,
  creditedByNumber: creditNote.number,
  createdAt: invoices.createdAt,
  // R-INV-13: the nightly run makes invoices as no user; its name is on their audit row.
  createdBy: sql<string | null>`coalesce(${users.username}, (select ${auditTrail.username}
    from ${auditTrail} where ${auditTrail.resource} = 'invoices'
      and ${auditTrail.recordId} = ${invoices.id}::text and ${auditTrail.action} = 'created'
    order by ${auditTrail.id} limit 1))`,
  version: invoices.version,
  ticketCount: sql<number>`(select count(distinct ${invoiceLines.ticketId})::int from ${invoiceLines}
    where ${invoiceLines.invoiceId} = ${invoices.id})`,
};

/**
 * R-INV-8: an invoice the caller may see: one of its lines is of their system types. A line is of
 * its order's system type or, when it has no order (an opening balance carried from an earlier
 * system), of its plant's.
 */
export function visibleTo(allowed: readonly SystemTypeId[]): SQL {
  const lineSystemType = sql`coalesce(${orders.systemTypeId}, ${plants.systemTypeId})`;
  return sql`exists (select 1 from ${invoiceLines}
    left join ${orders} on ${orders.id} = ${invoiceLines.orderId}
    left join ${plants} on ${plants.id} = ${invoiceLines.plantId}
    where ${invoiceLines.invoiceId} = ${invoices.id} and ${inArray(lineSystemType, [...allowed])})`;
}

function summaries(tx: Connection) {
  return tx
    .select(summaryColumns)
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(users, eq(users.id, invoices.createdBy))
    .leftJoin(credited, eq(credited.id, invoices.creditsInvoiceId))
    .leftJoin(creditNote, eq(creditNote.creditsInvoiceId, invoices.id));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

function toSummary(row: SummaryRow): InvoiceSummary {
  return {
    ...row,
    kind: row.creditsInvoiceId === null ? 'invoice' : 'credit',
    creditReason: row.creditReason ?? '',
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy ?? '',
    ticketCount: Number(row.ticketCount),
  };
}

export async function listInvoices(
  db: Db,
  query: InvoiceListQuery & { allowedSystemTypeIds: readonly SystemTypeId[] },
): Promise<{ rows: InvoiceSummary[]; count: number }> {
  if (query.allowedSystemTypeIds.length === 0) return { rows: [], count: 0 };
  const conditions: (SQL | undefined)[] = [visibleTo(query.allowedSystemTypeIds)];
  if (query.customerId !== undefined) conditions.push(eq(invoices.customerId, query.customerId));
  if (query.from) conditions.push(gte(invoices.invoiceDate, query.from));
  if (query.to) conditions.push(lte(invoices.invoiceDate, query.to));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        /^\d+$/.test(query.search)
          ? sql`${invoices.number}::text like ${`${query.search}%`}`
          : undefined,
        ilike(invoices.customerName, pattern),
        ilike(customers.number, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const rows = await summaries(db)
    .where(where)
    .orderBy(desc(invoices.number))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db
    .select({ n: countAll() })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(where);
  return { rows: rows.map(toSummary), count: Number(counted?.n ?? 0) };
}

/** Invoices by id, for the answer of a write. */
export async function invoiceSummaries(
  tx: Connection,
  ids: readonly number[],
): Promise<InvoiceSummary[]> {
  if (ids.length === 0) return [];
  const rows = await summaries(tx)
    .where(inArray(invoices.id, [...ids]))
    .orderBy(asc(invoices.number));
  return rows.map(toSummary);
}

export function billToOf(customer: Record<string, string | null>): string[] {
  const seven = (prefix: string) =>
    [1, 2, 3, 4, 5, 6, 7].map((line) => customer[`${prefix}${line}`]);
  const billing = postalLines(seven('billingAddress'));
  return billing.length > 0 ? billing : postalLines(seven('address'));
}

export async function getInvoice(
  tx: Connection,
  options: { id: number; allowedSystemTypeIds: readonly SystemTypeId[] },
): Promise<InvoiceDetail | undefined> {
  if (options.allowedSystemTypeIds.length === 0) return undefined;
  const [row] = await summaries(tx).where(
    and(eq(invoices.id, options.id), visibleTo(options.allowedSystemTypeIds)),
  );
  if (!row) return undefined;
  const [customer] = await tx.select().from(customers).where(eq(customers.id, row.customerId));
  const lines = await tx
    .select({
      id: invoiceLines.id,
      ticketId: invoiceLines.ticketId,
      ticketNumber: invoiceLines.ticketNumber,
      ticketDateTime: tickets.ticketDateTime,
      orderId: invoiceLines.orderId,
      orderNumber: invoiceLines.orderNumber,
      jobNumber: jobs.number,
      customerPoNumber: ticketPo,
      systemTypeId: sql<number | null>`coalesce(${orders.systemTypeId}, ${plants.systemTypeId})`,
      plantId: invoiceLines.plantId,
      plantName: plants.description,
      productId: invoiceLines.productId,
      productNumber: products.number,
      productUnit: products.unitOfMeasureId,
      description: invoiceLines.description,
      quantity: invoiceLines.quantity,
      unitPrice: invoiceLines.unitPrice,
      extendedPrice: invoiceLines.amount,
      taxAmount: invoiceLines.taxAmount,
    })
    .from(invoiceLines)
    .leftJoin(tickets, eq(tickets.id, invoiceLines.ticketId))
    .leftJoin(orders, eq(orders.id, invoiceLines.orderId))
    .leftJoin(jobs, eq(jobs.id, invoiceLines.jobId))
    .leftJoin(plants, eq(plants.id, invoiceLines.plantId))
    .leftJoin(products, eq(products.id, invoiceLines.productId))
    .where(eq(invoiceLines.invoiceId, options.id))
    .orderBy(asc(invoiceLines.id));
  const summary = toSummary(row);
  const invoiceLinesOut = lines.map(
    ({ ticketDateTime, productUnit, systemTypeId: _type, ...line }): InvoiceLine => ({
      ...line,
      ticketDate: ticketDateTime ? ticketDay(ticketDateTime) : '',
      jobNumber: line.jobNumber ?? '',
      customerPoNumber: line.customerPoNumber ?? '',
      plantName: line.plantName ?? '',
      productNumber: line.productNumber ?? '',
      unitOfMeasure: productUnit ?? null,
      totalAmount: addMoney(line.extendedPrice, line.taxAmount),
    }),
  );
  // R-INV-12: the invoice is of its first line's system type (R-INV-8's rule for each line).
  const systemTypeId = lines.map((line) => line.systemTypeId).find((type) => type !== null);
  const credit = summary.kind === 'credit';
  const terms = (
    await termsOfInvoices(
      tx,
      [{ id: row.id, customerId: row.customerId, invoiceDate: row.invoiceDate, credit }],
      new Map(systemTypeId != null && isSystemTypeId(systemTypeId) ? [[row.id, systemTypeId]] : []),
    )
  ).get(row.id);
  return {
    ...summary,
    billTo: customer ? billToOf(customer as unknown as Record<string, string | null>) : [],
    customerPoNumber: sharedPoNumber(invoiceLinesOut),
    terms: terms ?? null,
    dueDate: credit ? null : invoiceDueDate(row.invoiceDate, terms ?? null),
    lines: invoiceLinesOut,
  };
}
