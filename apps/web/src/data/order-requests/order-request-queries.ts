/**
 * Online order requests through TanStack Query (R-OREQ-1..12): one key factory, the queries and the
 * writes both sides use: the external user's page, the dispatchers' screen and order entry.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  orderRequestViewSchema,
  requestableProductSchema,
  requesterAccountSchema,
  type OrderRequestCreateInput,
  type OrderRequestListQuery,
  type OrderRequestView,
  type RequestableProduct,
  type RequesterAccount,
} from '@dispatch/domain/orders/order-requests';
import { apiGet, apiRequest, ApiError } from '../../lib/api-client';
import type { FieldProblem } from '@dispatch/domain/api/field-problem';

export const orderRequestKeys = {
  all: ['orderRequests'] as const,
  account: () => [...orderRequestKeys.all, 'account'] as const,
  mine: () => [...orderRequestKeys.all, 'mine'] as const,
  lists: () => [...orderRequestKeys.all, 'list'] as const,
  list: (query: OrderRequestListQuery) => [...orderRequestKeys.lists(), query] as const,
  detail: (id: number) => [...orderRequestKeys.all, 'detail', id] as const,
  products: (systemTypeId: number, search: string) =>
    [...orderRequestKeys.all, 'products', systemTypeId, search] as const,
};

export type { RequesterAccount };

const listSchema = z.object({ count: z.number(), data: z.array(orderRequestViewSchema) });
const productsSchema = z.object({ data: z.array(requestableProductSchema) });
export type { RequestableProduct };

const base = '/api/v1/order-requests';

/** R-OREQ-1: whether the signed-in user is a customer's external user; cached until logout. */
export const requesterAccountQuery = () =>
  queryOptions({
    queryKey: orderRequestKeys.account(),
    queryFn: async ({ signal }) =>
      await apiGet(`${base}/account`, requesterAccountSchema, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** R-OREQ-8: the requester's page reads its requests again every 15 s and on focus. */
export const requesterPollMs = 15_000;

export const myOrderRequestsQuery = () =>
  queryOptions({
    queryKey: orderRequestKeys.mine(),
    queryFn: async ({ signal }) => (await apiGet(`${base}/mine`, listSchema, { signal })).data,
    refetchInterval: requesterPollMs,
    refetchOnWindowFocus: true,
  });

export const orderRequestListQuery = (query: OrderRequestListQuery = {}) =>
  queryOptions({
    queryKey: orderRequestKeys.list(query),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (typeof value === 'string' && value !== '') params.set(name, value);
      }
      const suffix = params.size > 0 ? `?${params.toString()}` : '';
      return (await apiGet(`${base}${suffix}`, listSchema, { signal })).data;
    },
  });

export const orderRequestQuery = (id: number) =>
  queryOptions({
    queryKey: orderRequestKeys.detail(id),
    queryFn: async ({ signal }) =>
      await apiGet(`${base}/${id}`, orderRequestViewSchema, { signal }),
    retry: false,
  });

export const requestableProductsQuery = (systemTypeId: number, search: string) =>
  queryOptions({
    queryKey: orderRequestKeys.products(systemTypeId, search),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ systemTypeId: String(systemTypeId) });
      if (search) params.set('search', search);
      return (await apiGet(`${base}/products?${params.toString()}`, productsSchema, { signal }))
        .data;
    },
    staleTime: 60_000,
  });

export async function submitOrderRequest(body: OrderRequestCreateInput): Promise<OrderRequestView> {
  return await apiRequest('POST', base, body, orderRequestViewSchema);
}

export async function withdrawOrderRequest(request: OrderRequestView): Promise<OrderRequestView> {
  return await apiRequest(
    'POST',
    `${base}/${request.id}/withdraw`,
    { version: request.version },
    orderRequestViewSchema,
  );
}

export async function rejectOrderRequest(
  request: OrderRequestView,
  reason: string,
): Promise<OrderRequestView> {
  return await apiRequest(
    'POST',
    `${base}/${request.id}/reject`,
    { version: request.version, reason },
    orderRequestViewSchema,
  );
}

/** Accepts an online order by the order saved from it, or a pour page's request with a word. */
export async function acceptOrderRequest(
  request: OrderRequestView,
  decision: { orderId: number } | { reply: string },
): Promise<OrderRequestView> {
  return await apiRequest(
    'POST',
    `${base}/${request.id}/accept`,
    { version: request.version, ...decision },
    orderRequestViewSchema,
  );
}

/** The field problems of a 400 answer (R-OREQ-3), or none. */
export function fieldProblemsOf(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data)
    ? data.filter((item): item is FieldProblem => typeof (item as FieldProblem)?.field === 'string')
    : [];
}
