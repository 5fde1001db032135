/**
 * R-DISP-3..5: which truck may take which load. The server asks these under the rows' locks, so
 * two dispatchers can never give one truck two loads or one load two trucks; the web asks them to
 * grey out what cannot be dropped. Each refusal names the winner or the reason, as the board says it.
 */
import { orderStatusById, orderStatusIds, type OrderStatusId } from '../orders/order-status';
import { isTruckStatusId, truckStatusById, truckStatusIds } from '../trucks/truck-status';
import { loadStatusIds } from './load-status';

export type DispatchRefusalCode =
  | 'load_taken'
  | 'load_closed'
  | 'order_not_shipping'
  | 'truck_busy'
  | 'truck_unavailable'
  | 'truck_elsewhere';

export type DispatchRefusal = { code: DispatchRefusalCode; message: string };

export type DispatchLoad = {
  loadNumber: number;
  statusId: number;
  orderNumber: number;
  orderStatusId: number;
  /** The ticket already written for the load, with the truck on it. */
  ticket: { number: number; truckNumber: string | null } | null;
};

export type DispatchTruck = {
  identificationNumber: string;
  statusId: number | null;
  inactiveFlag: boolean;
  plantId: number | null;
  plantName: string | null;
  /** The ticket the truck is working, with its order's number. */
  currentTicket: { number: number; orderNumber: number } | null;
};

/** Orders whose loads are not sent: deleted, held, complete, stopped or cancelled. */
const notShipping: readonly OrderStatusId[] = [
  orderStatusIds.deleted,
  orderStatusIds.onHold,
  orderStatusIds.complete,
  orderStatusIds.stopShipping,
  orderStatusIds.cancelled,
];

/** Why a load cannot be dispatched now, or null when it can. */
export function loadDispatchRefusal(load: DispatchLoad): DispatchRefusal | null {
  const name = `Load ${load.loadNumber} of order ${load.orderNumber}`;
  if (load.ticket) {
    const truck = load.ticket.truckNumber ? ` on truck ${load.ticket.truckNumber}` : '';
    return {
      code: 'load_taken',
      message: `${name} already has ticket ${load.ticket.number}${truck}.`,
    };
  }
  if (load.statusId !== loadStatusIds.scheduled) {
    const state =
      load.statusId === loadStatusIds.cancelled
        ? 'cancelled'
        : load.statusId === loadStatusIds.delivered
          ? 'delivered'
          : 'already ticketed';
    return { code: 'load_closed', message: `${name} is ${state}.` };
  }
  const orderStatus = notShipping.find((id) => id === load.orderStatusId);
  if (orderStatus !== undefined) {
    return {
      code: 'order_not_shipping',
      message: `Order ${load.orderNumber} is ${orderStatusById(orderStatus).name.toLowerCase()}: its loads are not sent.`,
    };
  }
  return null;
}

/** Why a truck cannot take a load of the given plant now, or null when it can. */
export function truckDispatchRefusal(
  truck: DispatchTruck,
  plant: { id: number; name: string },
): DispatchRefusal | null {
  const name = `Truck ${truck.identificationNumber}`;
  const status = truck.statusId !== null && isTruckStatusId(truck.statusId) ? truck.statusId : null;
  if (truck.inactiveFlag) return { code: 'truck_unavailable', message: `${name} is inactive.` };
  if (status === truckStatusIds.outOfService || status === truckStatusIds.offDuty) {
    const why = truckStatusById(status).name.toLowerCase();
    return { code: 'truck_unavailable', message: `${name} is ${why}.` };
  }
  if (truck.currentTicket) {
    const { number, orderNumber } = truck.currentTicket;
    const message =
      status === truckStatusIds.loading
        ? `${name} is already loading ticket ${number} for order ${orderNumber}.`
        : `${name} is already on ticket ${number} for order ${orderNumber}` +
          (status === null ? '.' : ` (${truckStatusById(status).name.toLowerCase()}).`);
    return { code: 'truck_busy', message };
  }
  if (status !== truckStatusIds.inYard) {
    const where =
      status === null ? 'has no status yet' : truckStatusById(status).name.toLowerCase();
    return { code: 'truck_unavailable', message: `${name} is not in the yard (${where}).` };
  }
  if (truck.plantId !== null && truck.plantId !== plant.id) {
    return {
      code: 'truck_elsewhere',
      message: `${name} is in the yard at ${truck.plantName ?? `plant ${truck.plantId}`}, not at ${plant.name}.`,
    };
  }
  return null;
}
