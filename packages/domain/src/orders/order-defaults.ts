/** R-CONST-9: the values a new order and a new schedule start with. */
import { newOrderStatusId, type NewOrderStatusOptions, type OrderStatusId } from './order-status';

export const newOrderFieldDefaults = {
  aggDeliveryChargeTypeId: 1,
  standbyChargeTypeId: 1,
  printMaterialTypeId: 1,
  freeShortLoadId: 1,
  chargeOrderFlag: true,
} as const;

export type NewOrderDefaults = typeof newOrderFieldDefaults & {
  readonly orderStatusId: OrderStatusId;
};

/** The defaults of a new order, its status decided by R-ORDER-STATUS-3. */
export function newOrderDefaults(options: NewOrderStatusOptions = {}): NewOrderDefaults {
  return { ...newOrderFieldDefaults, orderStatusId: newOrderStatusId(options) };
}

export const newScheduleDefaults = {
  adjustmentTypeId: 1,
} as const;
