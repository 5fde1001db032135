/**
 * R-INQ-3: the columns of ticket inquiry's and invoice inquiry's exports, and the rows they hold:
 * every match in the list's sort, read a block at a time, up to the export limit.
 */
import { inquiryExportRowLimit } from '@dispatch/domain/inquiry/inquiry-fields';
import type { InvoiceInquiryQuery } from '@dispatch/domain/inquiry/invoice-inquiry';
import type { TicketInquiryQuery, TicketInquiryRow } from '@dispatch/domain/inquiry/ticket-inquiry';
import type { InvoiceSummary } from '@dispatch/domain/invoicing/invoice-schemas';
import { systemTypeById, type SystemTypeId } from '@dispatch/domain/system-types';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';
import { formatDate } from '@dispatch/domain/dates/date-format';
import type { Db } from '../../db/client';
import { ticketStatuses } from '../../db/schema/lookups';
import { inquiryFile, type ExportColumn, type ExportFile } from './inquiry-export';
import { invoiceInquiryRows } from './invoice-inquiry.service';
import { ticketInquiryRows } from './ticket-inquiry.service';

type Scope = { allowedSystemTypeIds: readonly SystemTypeId[] };
type FileOptions = { format: 'csv' | 'xlsx'; hidePrices: boolean };

const block = 1000;

/** Every match, a block at a time, up to the export limit. */
async function allRows<Row>(read: (offset: number, limit: number) => Promise<Row[]>) {
  const rows: Row[] = [];
  while (rows.length < inquiryExportRowLimit) {
    const limit = Math.min(block, inquiryExportRowLimit - rows.length);
    const page = await read(rows.length, limit);
    rows.push(...page);
    if (page.length < limit) break;
  }
  return rows;
}

function ticketColumns(statusName: (id: number) => string): ExportColumn<TicketInquiryRow>[] {
  return [
    { header: 'Ticket', value: (row) => row.number },
    { header: 'Date', value: (row) => formatDate(new Date(row.ticketDateTime), 'YYYY-MM-DD') },
    { header: 'Time', value: (row) => formatDate(new Date(row.ticketDateTime), 'HH:mm') },
    { header: 'System type', value: (row) => systemTypeById(row.systemTypeId).name },
    { header: 'Plant', value: (row) => row.plantName, width: 20 },
    { header: 'Order', value: (row) => row.orderNumber },
    { header: 'Customer number', value: (row) => row.customerNumber },
    { header: 'Customer', value: (row) => row.customerName, width: 30 },
    { header: 'Job', value: (row) => row.jobNumber },
    { header: 'PO', value: (row) => row.customerPoNumber },
    { header: 'Truck', value: (row) => row.truckNumber },
    { header: 'Product', value: (row) => row.productDescription, width: 24 },
    { header: 'Quantity', value: (row) => row.quantity },
    {
      header: 'Unit',
      value: (row) =>
        row.unitOfMeasure !== null && isUnitId(row.unitOfMeasure)
          ? unitAbbreviation(row.unitOfMeasure)
          : '',
    },
    { header: 'Product lines', value: (row) => row.lineCount },
    { header: 'Status', value: (row) => (row.voidedFlag ? 'Voided' : statusName(row.statusId)) },
    { header: 'Invoice', value: (row) => row.invoiceNumber },
    { header: 'Amount', value: (row) => row.extendedPrice ?? null, price: true },
  ];
}

/** R-INQ-3: `GET /api/v1/inquiry/tickets/export`. */
export async function exportTicketInquiry(
  db: Db,
  query: TicketInquiryQuery & Scope,
  options: FileOptions,
): Promise<ExportFile> {
  const rows = await allRows((offset, limit) => ticketInquiryRows(db, { ...query, offset, limit }));
  const statuses = new Map(
    (await db.select().from(ticketStatuses)).map((status) => [status.id, status.description]),
  );
  return inquiryFile(rows, {
    columns: ticketColumns((id) => statuses.get(id) ?? String(id)),
    ...options,
    baseName: 'tickets',
    sheetName: 'Tickets',
  });
}

const invoiceColumns: ExportColumn<InvoiceSummary>[] = [
  { header: 'Number', value: (row) => row.number },
  { header: 'Kind', value: (row) => (row.kind === 'credit' ? 'Credit note' : 'Invoice') },
  { header: 'Date', value: (row) => row.invoiceDate },
  { header: 'Customer number', value: (row) => row.customerNumber },
  { header: 'Customer', value: (row) => row.customerName, width: 30 },
  { header: 'Tickets', value: (row) => row.ticketCount },
  { header: 'Amount', value: (row) => row.extendedPrice ?? null, price: true },
  { header: 'Tax', value: (row) => row.taxAmount ?? null, price: true },
  { header: 'Total', value: (row) => row.totalAmount ?? null, price: true },
  { header: 'Credits invoice', value: (row) => row.creditsInvoiceNumber },
  { header: 'Credited by', value: (row) => row.creditedByNumber },
  { header: 'Credit reason', value: (row) => row.creditReason, width: 30 },
  { header: 'Made by', value: (row) => row.createdBy },
];

/** R-INQ-3: `GET /api/v1/inquiry/invoices/export`. */
export async function exportInvoiceInquiry(
  db: Db,
  query: InvoiceInquiryQuery & Scope,
  options: FileOptions,
): Promise<ExportFile> {
  const rows = await allRows((offset, limit) =>
    invoiceInquiryRows(db, { ...query, offset, limit }),
  );
  return inquiryFile(rows, {
    columns: invoiceColumns,
    ...options,
    baseName: 'invoices',
    sheetName: 'Invoices',
  });
}
