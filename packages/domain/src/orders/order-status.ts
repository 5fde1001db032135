/** R-ORDER-STATUS-1..3: order status codes, and the statuses a copied or new order starts in. */
import { z } from 'zod';

export const orderStatuses = [
  { code: 'D', id: 0, key: 'deleted', name: 'Deleted' },
  { code: 'S', id: 1, key: 'toBeShipped', name: 'To Be Shipped' },
  { code: 'F', id: 2, key: 'fob', name: 'FOB' },
  { code: 'W', id: 3, key: 'willCall', name: 'Will Call' },
  { code: 'H', id: 4, key: 'onHold', name: 'On Hold' },
  { code: 'C', id: 5, key: 'complete', name: 'Complete' },
  { code: 'P', id: 6, key: 'shipping', name: 'Shipping' },
  { code: 'X', id: 7, key: 'stopShipping', name: 'Stop Shipping' },
  { code: 'B', id: 8, key: 'backOrder', name: 'Back Order' },
  { code: 'M', id: 9, key: 'cancelled', name: 'Cancelled' },
] as const;

export type OrderStatus = (typeof orderStatuses)[number];
export type OrderStatusId = OrderStatus['id'];
export type OrderStatusCode = OrderStatus['code'];
export type OrderStatusKey = OrderStatus['key'];

export const orderStatusIds = {
  deleted: 0,
  toBeShipped: 1,
  fob: 2,
  willCall: 3,
  onHold: 4,
  complete: 5,
  shipping: 6,
  stopShipping: 7,
  backOrder: 8,
  cancelled: 9,
} as const satisfies Record<OrderStatusKey, OrderStatusId>;

export function isOrderStatusId(value: unknown): value is OrderStatusId {
  return orderStatuses.some((status) => status.id === value);
}

export function isOrderStatusCode(value: unknown): value is OrderStatusCode {
  return orderStatuses.some((status) => status.code === value);
}

export function orderStatusById(id: OrderStatusId): OrderStatus {
  const found = orderStatuses.find((status) => status.id === id);
  if (!found) throw new RangeError(`Unknown order status id ${String(id)}`);
  return found;
}

export function orderStatusByCode(code: OrderStatusCode): OrderStatus {
  const found = orderStatuses.find((status) => status.code === code);
  if (!found) throw new RangeError(`Unknown order status code ${String(code)}`);
  return found;
}

export const orderStatusIdSchema = z.literal(orderStatuses.map((status) => status.id));

/** A copied order stays will call when its source is will call; any other source gives to be shipped. */
export function copiedOrderStatusId(sourceStatusId: OrderStatusId): OrderStatusId {
  return sourceStatusId === orderStatusIds.willCall
    ? orderStatusIds.willCall
    : orderStatusIds.toBeShipped;
}

export type NewOrderStatusOptions = {
  /** A status the caller chose; it always wins. */
  readonly statusId?: OrderStatusId | undefined;
  /** True when the order is created from an order-entry screen. */
  readonly forOrderEntry?: boolean | undefined;
};

/** A new order has the given status, else to be shipped from order entry, else 0 (deleted). */
export function newOrderStatusId(options: NewOrderStatusOptions = {}): OrderStatusId {
  if (options.statusId !== undefined) return options.statusId;
  return options.forOrderEntry === true ? orderStatusIds.toBeShipped : orderStatusIds.deleted;
}
