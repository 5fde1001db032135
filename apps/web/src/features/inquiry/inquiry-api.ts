/**
 * Ticket and invoice inquiry's reads (R-INQ-1..R-INQ-10), with one key factory. Answers are parsed
 * with the domain's schemas, so a drifting server fails here and not in a screen.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  inquiryListSchema,
  type InquiryExportFormat,
} from '@dispatch/domain/inquiry/inquiry-fields';
import {
  invoiceInquiryDetailSchema,
  invoiceInquiryRowSchema,
} from '@dispatch/domain/inquiry/invoice-inquiry';
import {
  ticketInquiryDetailSchema,
  ticketInquiryRowSchema,
} from '@dispatch/domain/inquiry/ticket-inquiry';
import { apiGet } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { openPdf } from '../../lib/open-pdf';

export type InquiryKind = 'tickets' | 'invoices';

/** The search as the URL holds it: filter name to its text, empty ones left out. */
export type InquiryFilters = Readonly<Record<string, string>>;
export type InquirySort = { field: string; order: 'asc' | 'desc' };

const base = (kind: InquiryKind) => `/api/v1/inquiry/${kind}`;

export const inquiryKeys = {
  all: ['inquiry'] as const,
  ticket: (id: number) => [...inquiryKeys.all, 'ticket', id] as const,
  invoice: (id: number) => [...inquiryKeys.all, 'invoice', id] as const,
};

export function inquiryParams(
  filters: InquiryFilters,
  extra: Record<string, string | number | undefined> = {},
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...extra })) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

const parsers = {
  tickets: inquiryListSchema(ticketInquiryRowSchema),
  invoices: inquiryListSchema(invoiceInquiryRowSchema),
};

/** A page of a search, sorted on the server, with its (capped) count. */
export async function fetchInquiryPage(
  kind: InquiryKind,
  filters: InquiryFilters,
  request: { offset: number; limit: number; sort?: InquirySort | undefined },
  signal?: AbortSignal,
) {
  const params = inquiryParams(filters, {
    offset: request.offset,
    limit: request.limit,
    sort: request.sort?.field,
    order: request.sort?.order,
  });
  return await apiGet(`${base(kind)}?${params}`, parsers[kind], { signal });
}

export const ticketRecordQuery = (id: number) =>
  queryOptions({
    queryKey: inquiryKeys.ticket(id),
    queryFn: async ({ signal }) =>
      await apiGet(`${base('tickets')}/${id}`, ticketInquiryDetailSchema, { signal }),
  });

export const invoiceRecordQuery = (id: number) =>
  queryOptions({
    queryKey: inquiryKeys.invoice(id),
    queryFn: async ({ signal }) =>
      await apiGet(`${base('invoices')}/${id}`, invoiceInquiryDetailSchema, { signal }),
  });

/** R-INQ-3: the list's matches as a file, in the list's sort. */
export async function exportInquiry(
  kind: InquiryKind,
  filters: InquiryFilters,
  sort: InquirySort | undefined,
  format: InquiryExportFormat,
): Promise<void> {
  const params = inquiryParams(filters, { sort: sort?.field, order: sort?.order, format });
  await downloadFile(`${base(kind)}/export?${params}`, `${kind}.${format}`);
}

/** R-INQ-6 with R-PRINT-1: the delivery ticket in the print window, fetched with the token. */
export function openTicketPdf(ticket: { id: number; number: number }): Promise<Window | null> {
  return openPdf(`/api/v1/tickets/${ticket.id}/ticket.pdf`, `ticket-${ticket.number}.pdf`);
}

/** R-INQ-10: the invoice or credit note in the print window, through invoice inquiry's route. */
export function openInvoicePdf(invoice: { id: number; number: number }): Promise<Window | null> {
  return openPdf(`${base('invoices')}/${invoice.id}/invoice.pdf`, `invoice-${invoice.number}.pdf`);
}
