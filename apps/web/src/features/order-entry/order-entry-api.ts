/**
 * Order entry's reads and writes (R-ORD-1..12, R-PRICE-10), keyed by the orders' one key factory (src/data/orders). The order is
 * kept as the server answers it: a PUT sends it back with the form's changes laid over it.
 */
import { queryOptions } from '@tanstack/react-query';
import type { OrderEntryInput } from '@dispatch/domain/orders/order-entry';
import type { PriceSource } from '@dispatch/domain/pricing/order-pricing';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { orderKeys } from '../../data/orders/order-queries';
import { apiGet, apiRequest } from '../../lib/api-client';

const path = '/api/v1/orders';

export type OrderLine = Record<string, unknown> & {
  id: number;
  productId: number | null;
  productNumber: string;
  productDescription: string;
  quantity: number;
  slump: number | null;
  price?: number | null;
  taxableFlag: boolean;
  loadSize: number | null;
  unitOfMeasure: number | null;
};

export type OrderScheduleForm = {
  schedule: Record<string, unknown> & { id: number; firstLoadOnJobTime: string | null };
  primaryProduct: OrderLine | null;
  extraProducts: OrderLine[];
};

export type OrderLoad = {
  id: number;
  loadNumber: number | null;
  scheduleId: number | null;
  quantity: number;
  statusId: number | null;
  ticketId: number | null;
  onJobTime: string | null;
};

/** `GET /api/v1/orders/{id}`: the order with its schedules, lines, loads and ticket ids. */
export type OrderDetail = Record<string, unknown> & {
  id: number;
  number: number;
  customerId: number;
  customerName: string;
  jobId: number | null;
  systemTypeId: SystemTypeId;
  orderStatusId: number;
  shipDate: string;
  orderDate: string;
  schedules: OrderScheduleForm[];
  loads: OrderLoad[];
  ticketIds: number[];
  version: number;
  modifiedAt: string;
};

export type OrderHistoryEntry = {
  id: number;
  at: string;
  username: string;
  action: string;
  changes: { field: string; before: unknown; after: unknown }[];
};

export type OrderPrice = {
  price?: number | null;
  source: PriceSource;
  taxable: boolean;
  unitOfMeasureId: number | null;
  taxRate: number | null;
};

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => apiGet<OrderDetail>(`${path}/${id}`, { signal }),
    // orderUpdate_v1 tells us when someone else saves it.
    staleTime: 60_000,
  });

export const orderHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.history(id),
    queryFn: async ({ signal }) =>
      (await apiGet<{ data: OrderHistoryEntry[] }>(`${path}/${id}/history`, { signal })).data,
  });

export type OrderBody = OrderEntryInput & { version?: number };

export function saveOrder(id: number | undefined, body: OrderBody): Promise<OrderDetail> {
  return id === undefined
    ? apiRequest<OrderDetail>('POST', path, body)
    : apiRequest<OrderDetail>('PUT', `${path}/${id}`, body);
}

export function copyOrder(id: number, shipDate: string): Promise<OrderDetail> {
  return apiRequest<OrderDetail>('POST', `${path}/${id}/copy`, { shipDate });
}

/** R-DELIV-9: a complete order ships again, with the reason why. */
export function reopenOrder(id: number, version: number, reason: string): Promise<OrderDetail> {
  return apiRequest<OrderDetail>('POST', `${path}/${id}/reopen`, { version, reason });
}

export function deleteOrder(id: number, version: number): Promise<OrderDetail> {
  return apiRequest<OrderDetail>('DELETE', `${path}/${id}?version=${version}`);
}

export type PriceRequest = {
  customerId: number;
  jobId: number | null;
  productId: number;
  plantId: number | null;
  systemTypeId: SystemTypeId;
  shipDate: string;
};

export function fetchPrice(request: PriceRequest): Promise<OrderPrice> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request)) {
    if (value !== null && value !== '') params.set(name, String(value));
  }
  return apiGet<OrderPrice>(`${path}/price?${params.toString()}`);
}
