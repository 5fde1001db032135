/**
 * R-DELIV-1..8: the delivery state machine. Ticket, load, schedule and order states follow from
 * what happened to the truck and the ticket; these pure functions say how, and the server applies
 * them in the transaction of the status change, void or edit that caused them.
 */
import { loadStatusIds } from '../dispatch/load-status';
import { orderStatusIds } from '../orders/order-status';
import { pickupOrderTypeIds } from '../orders/order-types';
import { truckStatusIds, type TruckStatusId } from '../trucks/truck-status';
import { isTicketDelivered, ticketStatusIds } from './ticket-status';

type Instant = Date | string | null;

/** The stamps of a ticket that decide whether its load has reached the customer. */
export type TicketStamps = {
  readonly onJobDateTime: Instant;
  readonly startUnloadDateTime: Instant;
  readonly finishUnloadDateTime: Instant;
  readonly arrivePlantDateTime: Instant;
};

/**
 * R-DELIV-3: whether a truck's new status finishes unloading on the ticket it works, which has no
 * finish-unload time yet: Washing does, and so does whichever status first shows the truck is done
 * at the job: To plant, or In yard once the truck had reached the job.
 */
export function finishesUnloading(truckStatusId: TruckStatusId, ticket: TicketStamps): boolean {
  if (ticket.finishUnloadDateTime !== null) return false;
  if (truckStatusId === truckStatusIds.washing || truckStatusId === truckStatusIds.toPlant) {
    return true;
  }
  const reachedJob = ticket.onJobDateTime !== null || ticket.startUnloadDateTime !== null;
  return truckStatusId === truckStatusIds.inYard && reachedJob;
}

export type TicketProgress = TicketStamps & { readonly statusId: number; readonly voided: boolean };

/**
 * R-DELIV-3, R-DELIV-4: a ticket's status once its stamps changed. It only moves forward: open
 * becomes delivered when unloading is finished, and complete when the truck is back at the plant
 * after that. A voided or suspended ticket keeps its status; a clerk changes those by hand.
 */
export function ticketStatusAfterStamps(ticket: TicketProgress): number {
  const { statusId } = ticket;
  if (ticket.voided || statusId === ticketStatusIds.voided) return statusId;
  if (statusId === ticketStatusIds.suspended) return statusId;
  if (ticket.finishUnloadDateTime === null) return statusId;
  if (ticket.arrivePlantDateTime !== null) return ticketStatusIds.complete;
  return statusId === ticketStatusIds.complete ? statusId : ticketStatusIds.delivered;
}

export type OrderKind = { readonly orderStatusId: number; readonly orderTypeId: number | null };

/** A pickup (FOB) order: its status says so, or its type is one the customer collects. */
export function isPickupOrder(order: OrderKind): boolean {
  return (
    order.orderStatusId === orderStatusIds.fob ||
    (order.orderTypeId !== null && pickupOrderTypeIds.includes(order.orderTypeId))
  );
}

/**
 * R-DELIV-5: the status of a ticket written at the scale or the yard (aggregate and block ticket
 * entry). A pickup's ticket, a block return's, and one whose truck is not ours to follow are
 * complete when saved; any other follows its truck like a concrete ticket.
 */
export function ticketStatusOnEntry(entry: {
  readonly pickup: boolean;
  readonly returnFlag: boolean;
  readonly fleetTruck: boolean;
}): number {
  return entry.pickup || entry.returnFlag || !entry.fleetTruck
    ? ticketStatusIds.complete
    : ticketStatusIds.open;
}

export type TicketLineQuantities = {
  readonly quantity: number;
  /** Returned or unused concrete the driver or dispatcher recorded. */
  readonly unusedQuantity: number | null;
};

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * R-DELIV-2, R-DELIV-6: what a ticket line delivered: nothing until its ticket counts as
 * delivered (and nothing once voided), then its quantity less what came back, never below zero.
 */
export function deliveredLineQuantity(
  ticket: { readonly statusId: number; readonly voided: boolean },
  line: TicketLineQuantities,
): number {
  if (!isTicketDelivered(ticket)) return 0;
  return round3(Math.max(0, line.quantity - (line.unusedQuantity ?? 0)));
}

/**
 * R-DELIV-6: returned concrete is recorded against the load's own product and may not exceed it:
 * the reason why not, or null when the quantity may be recorded.
 */
export function returnedQuantityProblem(returned: number, loadQuantity: number): string | null {
  if (!Number.isFinite(returned) || returned < 0) return 'must be zero or more';
  if (returned > loadQuantity) return `must not exceed the load's ${round3(loadQuantity)}`;
  return null;
}

/**
 * R-DELIV-4: a load's status from its ticket: scheduled without one (or once it is voided: the
 * load may be sent again), ticketed while its ticket is out, delivered once the ticket is. A
 * cancelled load stays cancelled.
 */
export function loadStatusOf(
  load: { readonly statusId: number },
  ticket: { readonly statusId: number; readonly voided: boolean } | null,
): number {
  if (load.statusId === loadStatusIds.cancelled) return load.statusId;
  if (ticket === null || ticket.voided) return loadStatusIds.scheduled;
  return isTicketDelivered(ticket) ? loadStatusIds.delivered : loadStatusIds.ticketed;
}

export type ScheduleLineKey = {
  readonly id: number;
  readonly scheduleId: number;
  readonly productId: number;
};
export type DeliveredTicketLine = {
  readonly scheduleId: number | null;
  readonly productId: number;
  readonly deliveredQuantity: number;
};

/**
 * R-DELIV-7: each schedule line's delivered quantity: its product's delivered quantity on the
 * schedule's tickets. A product twice on one schedule counts on its first line.
 */
export function scheduleLinesDelivered(
  lines: readonly ScheduleLineKey[],
  ticketLines: readonly DeliveredTicketLine[],
): Map<number, number> {
  const owner = new Map<string, number>();
  const delivered = new Map<number, number>();
  for (const line of [...lines].sort((a, b) => a.id - b.id)) {
    const key = `${line.scheduleId}:${line.productId}`;
    if (!owner.has(key)) owner.set(key, line.id);
    delivered.set(line.id, 0);
  }
  for (const line of ticketLines) {
    const id = owner.get(`${line.scheduleId}:${line.productId}`);
    if (id !== undefined) delivered.set(id, (delivered.get(id) ?? 0) + line.deliveredQuantity);
  }
  for (const [id, quantity] of delivered) delivered.set(id, round3(quantity));
  return delivered;
}

export type OrderProgress = {
  readonly loads: readonly { readonly statusId: number }[];
  /** The primary products' ordered and delivered quantities (what the board shows). */
  readonly orderedQuantity: number;
  readonly deliveredQuantity: number;
};

/**
 * R-DELIV-8: an order is fulfilled when every load not cancelled is delivered, or when what it
 * delivered reaches what was ordered.
 */
export function isOrderFulfilled(progress: OrderProgress): boolean {
  const live = progress.loads.filter((load) => load.statusId !== loadStatusIds.cancelled);
  if (live.length > 0 && live.every((load) => load.statusId === loadStatusIds.delivered)) {
    return true;
  }
  return progress.orderedQuantity > 0 && progress.deliveredQuantity >= progress.orderedQuantity;
}

/** A load of the order is out on a ticket or delivered. */
function anySent(progress: OrderProgress): boolean {
  return progress.loads.some(
    (load) => load.statusId === loadStatusIds.ticketed || load.statusId === loadStatusIds.delivered,
  );
}

/** R-DELIV-5: sending a load turns an order that is to be shipped into shipping. */
export function orderStatusOnSend(orderStatusId: number): number {
  return orderStatusId === orderStatusIds.toBeShipped ? orderStatusIds.shipping : orderStatusId;
}

/** The statuses that complete by themselves once fulfilled: the ones still shipping. */
const completing: readonly number[] = [
  orderStatusIds.toBeShipped,
  orderStatusIds.shipping,
  orderStatusIds.fob,
];

/**
 * R-DELIV-8: an order's status after its deliveries changed. A shipping order (or one to be
 * shipped, or a pickup) completes once fulfilled; one to be shipped with a load out is shipping.
 * Nothing moves an order backwards by itself: a void leaves a complete order complete, and a
 * dispatcher reopens it (R-DELIV-9). Held, will-call, stopped, back-ordered, cancelled and deleted
 * orders keep their status (spec section 4): their loads already out still count.
 */
export function orderStatusAfterDelivery(orderStatusId: number, progress: OrderProgress): number {
  if (completing.includes(orderStatusId) && isOrderFulfilled(progress)) {
    return orderStatusIds.complete;
  }
  return anySent(progress) ? orderStatusOnSend(orderStatusId) : orderStatusId;
}

/**
 * R-DELIV-9: the status a dispatcher's reopening gives a complete order: a pickup is FOB again,
 * an order with loads out or delivered is shipping, any other is to be shipped.
 */
export function orderStatusOnReopen(order: OrderKind, progress: OrderProgress): number {
  if (isPickupOrder(order)) return orderStatusIds.fob;
  return anySent(progress) ? orderStatusIds.shipping : orderStatusIds.toBeShipped;
}

/** R-DELIV-9: why an order may not be reopened, or null when it may. */
export function reopenRefusal(order: {
  readonly number: number;
  readonly orderStatusId: number;
}): string | null {
  return order.orderStatusId === orderStatusIds.complete
    ? null
    : `Order ${order.number} is not complete: only a complete order is reopened.`;
}
