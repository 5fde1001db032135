/**
 * R-DISP-3..5, R-DISP-12..13: which truck may take which load. The server asks these under the
 * rows' locks, so two dispatchers can never give one truck two loads or one load two trucks; the
 * board asks them before it sends anything, so it can say why it will not (R-BOARD-36..38). Each
 * refusal names the winner or the reason, as the board says it.
 */
import { orderStatusById, orderStatusIds, type OrderStatusId } from '../orders/order-status';
import { truckFlagIds } from '../trucks/truck-flags';
import { isTruckStatusId, truckStatusById, truckStatusIds } from '../trucks/truck-status';
import type { BoardLoad, BoardOrder, BoardPlant, BoardTruck } from './load-board';
import { loadStatusIds } from './load-status';

export type DispatchRefusalCode =
  | 'load_taken'
  | 'load_closed'
  | 'order_not_shipping'
  | 'order_will_call'
  | 'truck_busy'
  | 'truck_unavailable'
  | 'truck_elsewhere'
  | 'truck_needs_wash';

export type DispatchRefusal = { code: DispatchRefusalCode; message: string };

export type DispatchLoad = {
  loadNumber: number;
  statusId: number;
  orderNumber: number;
  orderStatusId: number;
  /** Why the order is on hold (R-PEND-2), when the caller knows it: the refusal names it. */
  holdReason?: string | null;
  /** The ticket already written for the load, with the truck on it. */
  ticket: { number: number; truckNumber: string | null } | null;
};

export type DispatchTruck = {
  identificationNumber: string;
  statusId: number | null;
  inactiveFlag: boolean;
  plantId: number | null;
  plantName: string | null;
  /** R-DISP-13: the truck's flag (`truck_flags`); needs wash asks for a confirmation. */
  truckFlagId: number | null;
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
    const reason =
      orderStatus === orderStatusIds.onHold && load.holdReason ? ` (${load.holdReason})` : '';
    return {
      code: 'order_not_shipping',
      message: `Order ${load.orderNumber} is ${orderStatusById(orderStatus).name.toLowerCase()}${reason}: its loads are not sent.`,
    };
  }
  // R-DISP-12: will call is not firm until the customer calls it in (R-PEND-5).
  if (load.orderStatusId === orderStatusIds.willCall) {
    return {
      code: 'order_will_call',
      message: `Order ${load.orderNumber} is will call: call it in from Pending Orders first.`,
    };
  }
  return null;
}

/**
 * Why a truck cannot take a load of the given plant now, or null when it can. A truck flagged
 * needs wash (R-DISP-13) is refused last, and only until the dispatcher confirms sending it.
 */
export function truckDispatchRefusal(
  truck: DispatchTruck,
  plant: { id: number; name: string },
  options: { confirmNeedsWash?: boolean } = {},
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
  if (truck.truckFlagId === truckFlagIds.needsWash && !options.confirmNeedsWash) {
    return {
      code: 'truck_needs_wash',
      message: `${name} is flagged needs wash: confirm to send it as it is.`,
    };
  }
  return null;
}

/**
 * R-BOARD-36: the board's question before it sends a load: R-DISP-3 and R-DISP-12 on what the
 * board shows (the order's hold reason included), or null when the load may go.
 */
export function boardLoadRefusal(order: BoardOrder, load: BoardLoad): DispatchRefusal | null {
  return loadDispatchRefusal({
    loadNumber: load.loadNumber,
    statusId: load.statusId,
    orderNumber: order.number,
    orderStatusId: order.orderStatusId,
    holdReason: order.holdReason,
    ticket:
      load.ticketNumber === null
        ? null
        : { number: load.ticketNumber, truckNumber: load.truckNumber },
  });
}

/**
 * R-BOARD-37..38: R-DISP-4 and R-DISP-13 on a truck of the board (its own plant named from the
 * board's plants) for a load of `plant`.
 */
export function boardTruckRefusal(
  truck: BoardTruck,
  plant: Pick<BoardPlant, 'id' | 'description'>,
  plants: readonly Pick<BoardPlant, 'id' | 'description'>[],
  options: { confirmNeedsWash?: boolean } = {},
): DispatchRefusal | null {
  const own = plants.find((each) => each.id === truck.plantId);
  return truckDispatchRefusal(
    {
      identificationNumber: truck.identificationNumber,
      statusId: truck.statusId,
      // The board shows active trucks only.
      inactiveFlag: false,
      plantId: truck.plantId,
      plantName: own?.description ?? null,
      truckFlagId: truck.truckFlagId,
      currentTicket:
        truck.ticketNumber !== null && truck.orderNumber !== null
          ? { number: truck.ticketNumber, orderNumber: truck.orderNumber }
          : null,
    },
    { id: plant.id, name: plant.description },
    options,
  );
}
