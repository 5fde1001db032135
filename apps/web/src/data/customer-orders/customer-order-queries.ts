/**
 * R-TRACK-16: an external user's orders and the pour page of each, through TanStack Query: one key
 * factory, the list (read again as the requests are, R-OREQ-8) and the link of the user's own.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { customerOrderSchema } from '@dispatch/domain/tracking/customer-orders';
import { trackingLinkSchema, type TrackingLink } from '@dispatch/domain/tracking/tracking-link';
import { apiGet, apiRequest } from '../../lib/api-client';
import { requesterPollMs } from '../order-requests/order-request-queries';

export const customerOrderKeys = {
  all: ['customerOrders'] as const,
  list: () => [...customerOrderKeys.all, 'list'] as const,
};

const base = '/api/v1/customer-orders';
const listSchema = z.object({ data: z.array(customerOrderSchema) });

export const customerOrdersQuery = () =>
  queryOptions({
    queryKey: customerOrderKeys.list(),
    queryFn: async ({ signal }) => (await apiGet(base, listSchema, { signal })).data,
    refetchInterval: requesterPollMs,
    refetchOnWindowFocus: true,
  });

/** The user's own link to the order's pour page. */
export async function customerPourLink(orderId: number): Promise<TrackingLink> {
  return await apiRequest('POST', `${base}/${orderId}/tracking-link`, {}, trackingLinkSchema);
}
