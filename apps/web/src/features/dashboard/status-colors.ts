/**
 * The colour of each status, the same wherever the dashboard shows it. Green is ready or done,
 * blue is working, amber is waiting, red is stopped, grey is out of play.
 */
import type { MantineColor } from '@mantine/core';
import type { OrderStatusKey } from '@dispatch/domain/orders/order-status';
import type { TruckStatusKey } from '@dispatch/domain/trucks/truck-status';

export const orderStatusColors = {
  deleted: 'dark',
  toBeShipped: 'indigo',
  fob: 'violet',
  willCall: 'cyan',
  onHold: 'yellow',
  complete: 'teal',
  shipping: 'blue',
  stopShipping: 'red',
  backOrder: 'orange',
  cancelled: 'gray',
} as const satisfies Record<OrderStatusKey, MantineColor>;

export const truckStatusColors = {
  inYard: 'green',
  loading: 'yellow',
  loaded: 'orange',
  toJob: 'blue',
  onJob: 'indigo',
  unloading: 'violet',
  washing: 'cyan',
  toPlant: 'teal',
  outOfService: 'red',
  offDuty: 'gray',
} as const satisfies Record<TruckStatusKey, MantineColor>;

/** A truck whose status is not set. */
export const noStatusColor: MantineColor = 'gray';

/** A theme colour as CSS, for the plain elements the bars are drawn with. */
export function colorVar(color: MantineColor, shade = 6): string {
  return `var(--mantine-color-${color}-${shade})`;
}
