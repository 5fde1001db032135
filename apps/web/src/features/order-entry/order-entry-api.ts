/**
 * Order entry's reads and writes (R-ORD-1..12, R-PRICE-10), keyed by the orders' one key factory (src/data/orders). The order is
 * kept as the server answers it: a PUT sends it back with the form's changes laid over it.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { OrderEntryInput } from '@dispatch/domain/orders/order-entry';
import {
  loadViewSchema,
  orderDetailSchema as orderDetailViewSchema,
  orderHistoryEntrySchema,
  scheduleProductViewSchema,
  scheduleViewSchema,
  type OrderHistoryEntry,
} from '@dispatch/domain/orders/order-views';
import {
  orderPriceAnswer,
  type OrderPriceAnswer,
} from '@dispatch/domain/pricing/order-price-answer';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { orderKeys } from '../../data/orders/order-queries';
import { apiGet, apiRequest } from '../../lib/api-client';

const path = '/api/v1/orders';

/*
 * The order as the form keeps it: the fields it reads are checked (the domain's schemas), and the
 * rest of the answer is kept as it came, since a PUT sends the order back with the form's changes
 * laid over it.
 */
const orderLineSchema = z.looseObject(
  scheduleProductViewSchema.pick({
    id: true,
    productId: true,
    productNumber: true,
    productDescription: true,
    quantity: true,
    slump: true,
    price: true,
    taxableFlag: true,
    loadSize: true,
    unitOfMeasure: true,
  }).shape,
);
const orderScheduleFormSchema = z.object({
  schedule: z.looseObject(scheduleViewSchema.pick({ id: true, firstLoadOnJobTime: true }).shape),
  primaryProduct: orderLineSchema.nullable(),
  extraProducts: z.array(orderLineSchema),
});
const orderLoadSchema = loadViewSchema.pick({
  id: true,
  loadNumber: true,
  scheduleId: true,
  quantity: true,
  statusId: true,
  ticketId: true,
  onJobTime: true,
});
const orderDetailSchema = z.looseObject({
  ...orderDetailViewSchema.pick({
    id: true,
    number: true,
    customerId: true,
    customerName: true,
    jobId: true,
    systemTypeId: true,
    orderStatusId: true,
    shipDate: true,
    orderDate: true,
    ticketIds: true,
    version: true,
    modifiedAt: true,
  }).shape,
  schedules: z.array(orderScheduleFormSchema),
  loads: z.array(orderLoadSchema),
});

/** A schedule line as the order answers it. */
export type OrderLine = z.infer<typeof orderLineSchema>;

export type OrderScheduleForm = z.infer<typeof orderScheduleFormSchema>;

export type OrderLoad = z.infer<typeof orderLoadSchema>;

/** `GET /api/v1/orders/{id}`: the order with its schedules, lines, loads and ticket ids. */
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export type { OrderHistoryEntry };

export type OrderPrice = OrderPriceAnswer;

const historySchema = z.object({ data: z.array(orderHistoryEntrySchema) });

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => apiGet(`${path}/${id}`, orderDetailSchema, { signal }),
    // orderUpdate_v1 tells us when someone else saves it.
    staleTime: 60_000,
  });

export const orderHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.history(id),
    queryFn: async ({ signal }) =>
      (await apiGet(`${path}/${id}/history`, historySchema, { signal })).data,
  });

export type OrderBody = OrderEntryInput & { version?: number };

export function saveOrder(id: number | undefined, body: OrderBody): Promise<OrderDetail> {
  return id === undefined
    ? apiRequest('POST', path, body, orderDetailSchema)
    : apiRequest('PUT', `${path}/${id}`, body, orderDetailSchema);
}

export function copyOrder(id: number, shipDate: string): Promise<OrderDetail> {
  return apiRequest('POST', `${path}/${id}/copy`, { shipDate }, orderDetailSchema);
}

/** R-DELIV-9: a complete order ships again, with the reason why. */
export function reopenOrder(id: number, version: number, reason: string): Promise<OrderDetail> {
  return apiRequest('POST', `${path}/${id}/reopen`, { version, reason }, orderDetailSchema);
}

export function deleteOrder(id: number, version: number): Promise<OrderDetail> {
  return apiRequest('DELETE', `${path}/${id}?version=${version}`, undefined, orderDetailSchema);
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
  return apiGet(`${path}/price?${params.toString()}`, orderPriceAnswer);
}
