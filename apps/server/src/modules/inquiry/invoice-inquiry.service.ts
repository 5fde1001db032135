/**
 * R-INQ-7..R-INQ-9, R-INQ-12: invoice inquiry over every invoice and credit note. The search finds
 * a page of ids with filters an index serves (the lines' job and order, the ticket's number), then
 * reads them as flag invoice does (R-INV-8), so both screens show one shape. One invoice adds the
 * tickets on it and the credit note linked to it.
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type {
  CreditLink,
  InvoiceInquiryDetail,
  InvoiceInquiryQuery,
  InvoiceTicket,
} from '@dispatch/domain/inquiry/invoice-inquiry';
import type { InquiryList } from '@dispatch/domain/inquiry/inquiry-fields';
import { addMoney } from '@dispatch/domain/invoicing/invoice-arithmetic';
import type { InvoiceSummary } from '@dispatch/domain/invoicing/invoice-schemas';
import { systemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import type { Db } from '../../db/client';
import { invoiceLines, invoices } from '../../db/schema/billing';
import { orders } from '../../db/schema/orders';
import { tickets } from '../../db/schema/tickets';
import { likePattern } from '../../http/list-query';
import { getInvoice, invoiceSummaries, visibleTo } from '../invoices/invoices.service';
import { anyOf, cappedCount, countOf } from './inquiry-count';
import { ticketPo } from '../tickets/ticket-job-and-po';

type Scope = { allowedSystemTypeIds: readonly SystemTypeId[] };

const linesWhere = (condition: SQL) =>
  sql`select ${invoiceLines.invoiceId} from ${invoiceLines} where ${condition}`;

function conditionsOf(query: InvoiceInquiryQuery & Scope): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  // Invoices carry the system types of their orders: a caller with all three sees every one.
  if (query.allowedSystemTypeIds.length < systemTypes.length) {
    conditions.push(visibleTo(query.allowedSystemTypeIds));
  }
  if (query.number !== undefined) conditions.push(eq(invoices.number, query.number));
  if (query.customerId !== undefined) conditions.push(eq(invoices.customerId, query.customerId));
  if (query.dateFrom) conditions.push(gte(invoices.invoiceDate, query.dateFrom));
  if (query.dateTo) conditions.push(lte(invoices.invoiceDate, query.dateTo));
  if (query.kind === 'invoice') conditions.push(isNull(invoices.creditsInvoiceId));
  if (query.kind === 'credit') conditions.push(isNotNull(invoices.creditsInvoiceId));
  if (query.ticketNumber !== undefined) {
    const ticketIds = sql`select ${tickets.id} from ${tickets} where ${eq(tickets.number, query.ticketNumber)}`;
    conditions.push(anyOf(invoices.id, linesWhere(anyOf(invoiceLines.ticketId, ticketIds))));
  }
  if (query.jobId !== undefined) {
    conditions.push(anyOf(invoices.id, linesWhere(eq(invoiceLines.jobId, query.jobId))));
  }
  if (query.po !== undefined) {
    // The order's PO, or a ticket's own when a clerk set one (R-TEDIT-2).
    const pattern = likePattern(query.po);
    const orderIds = sql`select ${orders.id} from ${orders} where ${ilike(orders.customerPoNumber, pattern)}`;
    const ticketIds = sql`select ${tickets.id} from ${tickets} where ${ilike(tickets.customerPoNumber, pattern)}`;
    conditions.push(
      anyOf(
        invoices.id,
        sql`${linesWhere(anyOf(invoiceLines.orderId, orderIds))} union ${linesWhere(anyOf(invoiceLines.ticketId, ticketIds))}`,
      ),
    );
  }
  if (query.plantId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${invoiceLines} where ${invoiceLines.invoiceId} = ${invoices.id} and ${invoiceLines.plantId} = ${query.plantId})`,
    );
  }
  return and(...conditions);
}

function sortOf(query: InvoiceInquiryQuery): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  return query.sort === 'invoiceDate'
    ? [direction(invoices.invoiceDate), direction(invoices.number)]
    : [direction(invoices.number)];
}

/** R-INQ-7: one page of invoices and credit notes, as flag invoice lists them. */
export async function invoiceInquiryRows(
  db: Db,
  query: InvoiceInquiryQuery & Scope,
): Promise<InvoiceSummary[]> {
  if (query.allowedSystemTypeIds.length === 0) return [];
  const page = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(conditionsOf(query))
    .orderBy(...sortOf(query))
    .limit(query.limit)
    .offset(query.offset);
  const ids = page.map((row) => row.id);
  const byId = new Map((await invoiceSummaries(db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** R-INQ-7: a page of invoices and credit notes, and how many match (R-INQ-3). */
export async function searchInvoiceInquiry(
  db: Db,
  query: InvoiceInquiryQuery & Scope,
): Promise<InquiryList<InvoiceSummary>> {
  const data = await invoiceInquiryRows(db, query);
  if (query.allowedSystemTypeIds.length === 0) {
    return { error: false, count: 0, data, countCapped: false };
  }
  const where = conditionsOf(query);
  const { count, countCapped } = await cappedCount(
    { rows: data.length, offset: query.offset, limit: query.limit },
    async () => {
      const matches = db
        .select({ one: sql`1` })
        .from(invoices)
        .where(where)
        .$dynamic();
      const [row] = await countOf(db, matches);
      return row?.n ?? 0;
    },
  );
  return { error: false, count, countCapped, data };
}

const creditLinkOf = (summary: InvoiceSummary): CreditLink => ({
  id: summary.id,
  number: summary.number,
  kind: summary.kind,
  invoiceDate: summary.invoiceDate,
  reason: summary.creditReason,
  ...(summary.totalAmount === undefined ? {} : { totalAmount: summary.totalAmount }),
});

/** R-INQ-9: one invoice or credit note, with the tickets on it and its credit links. */
export async function invoiceRecord(
  db: Db,
  options: Scope & { id: number },
): Promise<InvoiceInquiryDetail | undefined> {
  const invoice = await getInvoice(db, options);
  if (!invoice) return undefined;
  const ticketIds = [
    ...new Set(invoice.lines.flatMap((line) => (line.ticketId === null ? [] : [line.ticketId]))),
  ];
  const ticketRows =
    ticketIds.length === 0
      ? []
      : await db
          .select({ id: tickets.id, po: ticketPo, truckNumber: tickets.truckNumber })
          .from(tickets)
          .innerJoin(orders, eq(orders.id, tickets.orderId))
          .where(inArray(tickets.id, ticketIds));
  const ticketInfo = new Map(ticketRows.map((row) => [row.id, row]));
  const onInvoice = new Map<number, InvoiceTicket>();
  for (const line of invoice.lines) {
    if (line.ticketId === null) continue;
    const known = onInvoice.get(line.ticketId);
    if (known) {
      known.lineCount += 1;
      known.extendedPrice = addMoney(known.extendedPrice ?? 0, line.extendedPrice ?? 0);
      known.taxAmount = addMoney(known.taxAmount ?? 0, line.taxAmount ?? 0);
      known.totalAmount = addMoney(known.totalAmount ?? 0, line.totalAmount ?? 0);
      continue;
    }
    const info = ticketInfo.get(line.ticketId);
    onInvoice.set(line.ticketId, {
      ticketId: line.ticketId,
      ticketNumber: line.ticketNumber ?? 0,
      ticketDate: line.ticketDate,
      orderId: line.orderId,
      orderNumber: line.orderNumber,
      jobNumber: line.jobNumber,
      customerPoNumber: info?.po ?? '',
      plantName: line.plantName,
      truckNumber: info?.truckNumber ?? '',
      lineCount: 1,
      extendedPrice: line.extendedPrice ?? 0,
      taxAmount: line.taxAmount ?? 0,
      totalAmount: line.totalAmount ?? 0,
    });
  }
  const linkedIds = [invoice.creditsInvoiceId, invoice.creditedByInvoiceId].filter(
    (id): id is number => id !== null,
  );
  const linked = await invoiceSummaries(db, linkedIds);
  return {
    ...invoice,
    tickets: [...onInvoice.values()],
    creditLinks: linked.map((summary) =>
      // A credit note gives its own reason; an invoice it credits has none of its own.
      creditLinkOf(
        summary.kind === 'invoice' ? { ...summary, creditReason: invoice.creditReason } : summary,
      ),
    ),
  };
}
