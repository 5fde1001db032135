/** The order audit's routes as the screen calls them (R-OAUD-1..2), with one key factory. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { orderAuditEntrySchema, type OrderAuditEntry } from '@dispatch/domain/orders/order-audit';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { auditPagesApi } from '../../components/audit/audit-pages-api';

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

const api = auditPagesApi<OrderAuditFilters, OrderAuditEntry>(
  '/api/v1/order-audit',
  orderAuditEntrySchema,
  'order-audit.csv',
);

export const orderAuditKeys = {
  all: ['orderAudit'] as const,
  page: (filters: OrderAuditFilters, page: number, pageSize: number) =>
    [...orderAuditKeys.all, filters, page, pageSize] as const,
};

export const orderAuditPageQuery = (filters: OrderAuditFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: orderAuditKeys.page(filters, page, pageSize),
    queryFn: ({ signal }) => api.fetchPage(filters, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export const downloadOrderAuditCsv = api.downloadCsv;
