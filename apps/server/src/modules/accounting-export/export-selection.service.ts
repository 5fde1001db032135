/**
 * Which invoices an export of a range carries, and what they are (R-ACCT-1, R-ACCT-4, R-ACCT-5,
 * R-ACCT-9, R-ACCT-10): the invoices and credit notes dated in the range that the requester may
 * see (a system type of theirs on one of its lines), less those a live batch already carried
 * unless they are asked for again; each with its lines, the income account of each line's
 * product's GL category, its bill-to lines and the customer's terms on its date.
 */
import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  previewInvoiceLimit,
  type AccountingExportPreview,
  type ExportInvoiceRow,
  type ExportProblem,
} from '@dispatch/domain/accounting/accounting-export-schemas';
import {
  missingAccountProblem,
  type ExportInvoice,
  type ExportLine,
} from '@dispatch/domain/accounting/export-invoices';
import { addMoney } from '@dispatch/domain/invoicing/invoice-arithmetic';
import type { AccountingInterface } from '@dispatch/domain/settings/system-parameters';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Db, Tx } from '../../db/client';
import {
  accountingExportBatches,
  accountingExportInvoices,
} from '../../db/schema/accounting-export';
import { invoiceLines, invoices } from '../../db/schema/billing';
import { customers } from '../../db/schema/customers';
import { glCategories } from '../../db/schema/lookups';
import { orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { tickets } from '../../db/schema/tickets';
import { ticketDay } from '../invoices/invoice-candidates.service';
import { termsOfInvoices } from '../invoices/invoice-terms.service';
import { billToOf, visibleTo } from '../invoices/invoices.service';

type Connection = Db | Tx;

export type ExportRange = {
  from: string;
  to: string;
  systemTypeIds: readonly SystemTypeId[];
  includeExported: boolean;
};

const credited = alias(invoices, 'credited');

/** The live batch (not undone) that last carried the invoice: R-ACCT-4's "already exported". */
const liveBatchId = sql<number | null>`(select max(${accountingExportInvoices.batchId})
  from ${accountingExportInvoices} inner join ${accountingExportBatches}
    on ${accountingExportBatches.id} = ${accountingExportInvoices.batchId}
  where ${accountingExportInvoices.invoiceId} = ${invoices.id}
    and ${isNull(accountingExportBatches.undoneAt)})`;

const exported = sql`${liveBatchId} is not null`;

function inRange(range: ExportRange): SQL {
  return and(
    gte(invoices.invoiceDate, range.from),
    lte(invoices.invoiceDate, range.to),
    visibleTo(range.systemTypeIds),
  )!;
}

/** R-ACCT-4: what the export carries: the range, less what a live batch carried unless asked. */
export function toExport(range: ExportRange): SQL {
  return range.includeExported ? inRange(range) : and(inRange(range), not(exported))!;
}

/** The invoices a live batch already carried, among those given: a second export's conflict. */
export async function alreadyExported(
  db: Connection,
  invoiceIds: readonly number[],
): Promise<{ invoiceId: number; number: number; batchId: number }[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .selectDistinctOn([invoices.id], {
      invoiceId: invoices.id,
      number: invoices.number,
      batchId: accountingExportBatches.id,
    })
    .from(accountingExportInvoices)
    .innerJoin(
      accountingExportBatches,
      eq(accountingExportBatches.id, accountingExportInvoices.batchId),
    )
    .innerJoin(invoices, eq(invoices.id, accountingExportInvoices.invoiceId))
    .where(
      and(
        inArray(accountingExportInvoices.invoiceId, [...invoiceIds]),
        isNull(accountingExportBatches.undoneAt),
      ),
    )
    .orderBy(invoices.id, accountingExportBatches.id);
}

/** R-ACCT-9: lines of the invoices to export whose product's GL category names no account. */
async function missingAccounts(db: Connection, where: SQL): Promise<ExportProblem[]> {
  const rows = await db
    .selectDistinctOn(
      [invoices.number, sql`coalesce(${products.number}, ${invoiceLines.description})`],
      {
        number: invoices.number,
        creditsInvoiceId: invoices.creditsInvoiceId,
        productNumber: products.number,
        description: invoiceLines.description,
      },
    )
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .leftJoin(products, eq(products.id, invoiceLines.productId))
    .leftJoin(glCategories, eq(glCategories.id, products.glCategoryId))
    .where(and(where, sql`coalesce(trim(${glCategories.glAccountNumber}), '') = ''`))
    .orderBy(invoices.number, sql`coalesce(${products.number}, ${invoiceLines.description})`)
    .limit(50);
  return rows.map((row) =>
    missingAccountProblem(
      { number: row.number, kind: row.creditsInvoiceId === null ? 'invoice' : 'credit' },
      { productNumber: row.productNumber, description: row.description },
    ),
  );
}

/** R-ACCT-5: the preview of an export of the range. */
export async function previewExport(
  db: Connection,
  range: ExportRange,
  defaultFormat: AccountingInterface,
): Promise<AccountingExportPreview> {
  const carried = toExport(range);
  const taken = range.includeExported ? sql`true` : sql`not (${exported})`;
  const [counts] = await db
    .select({
      inRange: sql<number>`count(*)::int`,
      alreadyExported: sql<number>`count(*) filter (where ${exported})::int`,
      toExport: sql<number>`count(*) filter (where ${taken})::int`,
      credits: sql<number>`count(*) filter (where ${taken} and ${isNotNull(invoices.creditsInvoiceId)})::int`,
      subtotal: sql<string | null>`sum(${invoices.subtotal}) filter (where ${taken})`,
      taxAmount: sql<string | null>`sum(${invoices.taxAmount}) filter (where ${taken})`,
      total: sql<string | null>`sum(${invoices.total}) filter (where ${taken})`,
    })
    .from(invoices)
    .where(inRange(range));
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      creditsInvoiceNumber: credited.number,
      customerNumber: customers.number,
      customerName: invoices.customerName,
      invoiceDate: invoices.invoiceDate,
      lineCount: sql<number>`(select count(*)::int from ${invoiceLines} where ${invoiceLines.invoiceId} = ${invoices.id})`,
      ticketCount: sql<number>`(select count(distinct ${invoiceLines.ticketId})::int from ${invoiceLines} where ${invoiceLines.invoiceId} = ${invoices.id})`,
      extendedPrice: invoices.subtotal,
      taxAmount: invoices.taxAmount,
      totalAmount: invoices.total,
      exportedInBatchId: liveBatchId,
      exportedAt: sql<
        string | null
      >`(select to_char(${accountingExportBatches.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from ${accountingExportBatches} where ${accountingExportBatches.id} = ${liveBatchId})`,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(credited, eq(credited.id, invoices.creditsInvoiceId))
    .where(inRange(range))
    .orderBy(asc(invoices.number))
    .limit(previewInvoiceLimit + 1);
  const money = (value: string | null | undefined) => addMoney(Number(value ?? 0));
  return {
    from: range.from,
    to: range.to,
    defaultFormat,
    includeExported: range.includeExported,
    invoices: rows.slice(0, previewInvoiceLimit).map((row): ExportInvoiceRow => ({
      ...row,
      kind: row.creditsInvoiceNumber === null ? 'invoice' : 'credit',
      exportedInBatchId: row.exportedInBatchId === null ? null : Number(row.exportedInBatchId),
    })),
    truncated: rows.length > previewInvoiceLimit,
    inRangeCount: counts?.inRange ?? 0,
    alreadyExportedCount: counts?.alreadyExported ?? 0,
    toExportCount: counts?.toExport ?? 0,
    creditCount: counts?.credits ?? 0,
    extendedPrice: money(counts?.subtotal),
    taxAmount: money(counts?.taxAmount),
    totalAmount: money(counts?.total),
    problems: await missingAccounts(db, carried),
  };
}

/** R-ACCT-6: the invoices the export carries, as the files write them, numbers ascending. */
export async function readExportInvoices(
  db: Connection,
  range: ExportRange,
): Promise<ExportInvoice[]> {
  const heads = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      customerId: invoices.customerId,
      customerName: invoices.customerName,
      invoiceDate: invoices.invoiceDate,
      creditsInvoiceNumber: credited.number,
      creditsInvoiceId: invoices.creditsInvoiceId,
      creditReason: invoices.creditReason,
      subtotal: invoices.subtotal,
      taxAmount: invoices.taxAmount,
      total: invoices.total,
    })
    .from(invoices)
    .leftJoin(credited, eq(credited.id, invoices.creditsInvoiceId))
    .where(toExport(range))
    .orderBy(asc(invoices.number));
  if (heads.length === 0) return [];
  const ids = heads.map((head) => head.id);
  const lines = await db
    .select({
      id: invoiceLines.id,
      invoiceId: invoiceLines.invoiceId,
      ticketNumber: invoiceLines.ticketNumber,
      orderNumber: invoiceLines.orderNumber,
      ticketDateTime: tickets.ticketDateTime,
      systemTypeId: orders.systemTypeId,
      productNumber: products.number,
      description: invoiceLines.description,
      quantity: invoiceLines.quantity,
      unitPrice: invoiceLines.unitPrice,
      amount: invoiceLines.amount,
      taxAmount: invoiceLines.taxAmount,
      incomeAccount: glCategories.glAccountNumber,
    })
    .from(invoiceLines)
    .leftJoin(tickets, eq(tickets.id, invoiceLines.ticketId))
    .leftJoin(orders, eq(orders.id, invoiceLines.orderId))
    .leftJoin(products, eq(products.id, invoiceLines.productId))
    .leftJoin(glCategories, eq(glCategories.id, products.glCategoryId))
    .where(inArray(invoiceLines.invoiceId, ids))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.id));
  const customerRows = await db
    .select()
    .from(customers)
    .where(inArray(customers.id, [...new Set(heads.map((head) => head.customerId))]));
  const customerById = new Map(customerRows.map((row) => [row.id, row]));
  const linesOf = new Map<number, ExportLine[]>();
  const systemTypeOf = new Map<number, SystemTypeId>();
  for (const row of lines) {
    if (row.systemTypeId !== null && !systemTypeOf.has(row.invoiceId)) {
      systemTypeOf.set(row.invoiceId, row.systemTypeId as SystemTypeId);
    }
    const list = linesOf.get(row.invoiceId) ?? [];
    list.push({
      ticketNumber: row.ticketNumber,
      orderNumber: row.orderNumber,
      ticketDate: row.ticketDateTime ? ticketDay(row.ticketDateTime) : null,
      productNumber: row.productNumber,
      description: row.description,
      quantity: row.quantity,
      unitPrice: row.unitPrice,
      amount: row.amount,
      taxAmount: row.taxAmount,
      incomeAccount: row.incomeAccount?.trim() || null,
    });
    linesOf.set(row.invoiceId, list);
  }
  const terms = await termsOfInvoices(
    db,
    heads.map((head) => ({ ...head, credit: head.creditsInvoiceId !== null })),
    systemTypeOf,
  );
  return heads.map((head) => {
    const customer = customerById.get(head.customerId);
    return {
      id: head.id,
      number: head.number,
      kind: head.creditsInvoiceId === null ? 'invoice' : 'credit',
      creditsInvoiceNumber: head.creditsInvoiceNumber,
      creditReason: head.creditReason ?? '',
      customerNumber: customer?.number ?? '',
      customerName: head.customerName,
      billTo: customer ? billToOf(customer as unknown as Record<string, string | null>) : [],
      invoiceDate: head.invoiceDate,
      terms: terms.get(head.id) ?? null,
      subtotal: head.subtotal,
      taxAmount: head.taxAmount,
      total: head.total,
      lines: linesOf.get(head.id) ?? [],
    };
  });
}
