/**
 * Pending orders' reads and actions (R-PEND-1, R-PEND-4..6), with one key factory: every list the
 * screen caches sits under `pendingOrderKeys.all`, so a hub event refreshes them all at once.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { orderDetailSchema } from '@dispatch/domain/orders/order-views';
import { pendingListSchema, type PendingList } from '@dispatch/domain/orders/pending-orders';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { apiGet, apiRequest } from '../../lib/api-client';

export type PendingFilters = {
  search?: string;
  systemTypeId?: SystemTypeId;
  plantId?: number;
};

export const pendingOrderKeys = {
  all: ['pendingOrders'] as const,
  list: (filters: PendingFilters) => [...pendingOrderKeys.all, 'list', filters] as const,
};

function listPath(filters: PendingFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.systemTypeId !== undefined) params.set('systemTypeId', String(filters.systemTypeId));
  if (filters.plantId !== undefined) params.set('plantId', String(filters.plantId));
  const query = params.toString();
  return `/api/v1/pending-orders${query ? `?${query}` : ''}`;
}

/**
 * Every kind at once: the kind chips filter what is shown without asking again, and their counts
 * are the server's.
 */
export const pendingOrdersQuery = (filters: PendingFilters) =>
  queryOptions({
    queryKey: pendingOrderKeys.list(filters),
    queryFn: async ({ signal }): Promise<PendingList> =>
      await apiGet(listPath(filters), pendingListSchema, { signal }),
    placeholderData: keepPreviousData,
    // Hub events keep it current; the stale time only bounds a missed event.
    staleTime: 60_000,
  });

/** What an action answers that the screen reads: the order's detail, of which it keeps these. */
const pendingAnswerSchema = orderDetailSchema.pick({
  id: true,
  number: true,
  orderStatusId: true,
  version: true,
});
export type PendingAnswer = z.infer<typeof pendingAnswerSchema>;

const actionPath = (id: number, action: string) => `/api/v1/orders/${id}/${action}`;

export function releaseOrder(id: number, version: number): Promise<PendingAnswer> {
  return apiRequest('POST', actionPath(id, 'release'), { version }, pendingAnswerSchema);
}

export function callInOrder(
  id: number,
  version: number,
  firstLoadTime: string,
): Promise<PendingAnswer> {
  return apiRequest(
    'POST',
    actionPath(id, 'call-in'),
    { version, firstLoadTime },
    pendingAnswerSchema,
  );
}

export function cancelOrder(id: number, version: number, reason: string): Promise<PendingAnswer> {
  return apiRequest('POST', actionPath(id, 'cancel'), { version, reason }, pendingAnswerSchema);
}
