/** The order audit's routes as the screen calls them (R-OAUD-1..2), with one key factory. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { orderAuditEntrySchema, type OrderAuditEntry } from '@dispatch/domain/orders/order-audit';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { apiGet } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';

export type OrderAuditFilters = {
  systemTypeId: SystemTypeId;
  user?: string;
  customer?: string;
  /** An order number as typed. */
  order?: string;
  /** An order id, as a link (R-OAUD-6) or the order's history carries it. */
  orderId?: string;
  /** Instants (ISO): the user's local midnights of the chosen days. */
  from?: string;
  to?: string;
};

const pageSchema = z.object({
  error: z.boolean(),
  count: z.number(),
  data: z.array(orderAuditEntrySchema),
});

const basePath = '/api/v1/order-audit';

export const orderAuditKeys = {
  all: ['orderAudit'] as const,
  page: (filters: OrderAuditFilters, page: number, pageSize: number) =>
    [...orderAuditKeys.all, filters, page, pageSize] as const,
};

function paramsOf(filters: OrderAuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

export const orderAuditPageQuery = (filters: OrderAuditFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: orderAuditKeys.page(filters, page, pageSize),
    queryFn: async ({ signal }): Promise<{ count: number; entries: OrderAuditEntry[] }> => {
      const params = paramsOf(filters);
      params.set('page', String(page));
      params.set('pageSize', String(pageSize));
      const answer = await apiGet<unknown>(`${basePath}?${params.toString()}`, { signal });
      const parsed = pageSchema.parse(answer);
      return { count: parsed.count, entries: parsed.data };
    },
    placeholderData: keepPreviousData,
  });

/** Every filtered change as CSV, one line per changed field. */
export function downloadOrderAuditCsv(filters: OrderAuditFilters): Promise<void> {
  return downloadFile(`${basePath}/export?${paramsOf(filters).toString()}`, 'order-audit.csv');
}
