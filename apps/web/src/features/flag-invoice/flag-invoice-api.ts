/** Flag invoice's reads and writes (R-INV-1..R-INV-10), with one key factory. */
import { queryOptions } from '@tanstack/react-query';
import {
  createdInvoicesSchema,
  invoiceCandidatesSchema,
  invoiceListSchema,
  invoiceSummarySchema,
  type CreateInvoicesBody,
  type InvoiceSummary,
} from '@dispatch/domain/invoicing/invoice-schemas';
import { apiGet, apiRequest } from '../../lib/api-client';
import { openPdf } from '../../lib/open-pdf';

const path = '/api/v1/invoices';

export type CandidateFilters = {
  from: string;
  to: string;
  customerId: number | null;
  plantId: number | null;
  systemTypeId: number | null;
};

export const invoiceKeys = {
  all: ['invoices'] as const,
  candidates: (filters: CandidateFilters) => [...invoiceKeys.all, 'candidates', filters] as const,
  list: (search: string) => [...invoiceKeys.all, 'list', search] as const,
};

function queryString(values: Record<string, string | number | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export const invoiceCandidatesQuery = (filters: CandidateFilters) =>
  queryOptions({
    queryKey: invoiceKeys.candidates(filters),
    queryFn: async ({ signal }) =>
      await apiGet(`${path}/candidates?${queryString(filters)}`, invoiceCandidatesSchema, {
        signal,
      }),
  });

export const invoiceListQuery = (search: string) =>
  queryOptions({
    queryKey: invoiceKeys.list(search),
    queryFn: async ({ signal }) =>
      await apiGet(
        `${path}?${queryString({ search: search.trim(), limit: 100 })}`,
        invoiceListSchema,
        {
          signal,
        },
      ),
  });

export async function createInvoices(body: CreateInvoicesBody): Promise<InvoiceSummary[]> {
  return (await apiRequest('POST', path, body, createdInvoicesSchema)).invoices;
}

export async function creditInvoice(id: number, reason: string): Promise<InvoiceSummary> {
  return await apiRequest('POST', `${path}/${id}/credit`, { reason }, invoiceSummarySchema);
}

/**
 * R-INV-10 with R-PRINT-1: the PDF is fetched with the session's token and opened in the print
 * window as a blob named `invoice-N.pdf`, so no token ever travels in a URL.
 */
export async function openInvoicePdf(invoice: { id: number; number: number }): Promise<void> {
  await openPdf(`${path}/${invoice.id}/invoice.pdf`, `invoice-${invoice.number}.pdf`);
}
