/**
 * R-KPI-2: on-time first loads. An order's first load is on time when it reached the job no later
 * than the time the customer asked for it plus a grace; the figure is the share of the period's
 * orders whose first load was, counted per plant of the ticket that carried it.
 */
import {
  dayOf,
  instantOf,
  isCountedTicket,
  isInPeriod,
  type DeliveryKpiOrder,
  type DeliveryKpiTicket,
  type KpiPeriod,
} from './kpi-ticket';
import { addRatios, emptyRatio, type Ratio } from './ratio';

/**
 * Minutes after the asked time a first load still counts as on time. Five: drivers stamp On job
 * by hand as they pull up, and a truck at the gate a few minutes past the hour is on time to the
 * customer, while a late start of ten minutes or more holds up a pump and a crew.
 */
export const onTimeGraceMinutes = 5;

export type FirstLoad = { readonly plantId: number; readonly arrival: Date };

const minuteMs = 60_000;

/** When a ticket was written, in ms; NaN when unreadable, which is never earlier than another. */
const writtenTime = (ticket: DeliveryKpiTicket): number =>
  instantOf(ticket.ticketDateTime)?.getTime() ?? Number.NaN;

/**
 * The first load to reach the job among one order's tickets: the earliest On job stamp of a
 * ticket not voided. Unknown (null) when none has the stamp, or when a ticket written before that
 * one has none: the truck that left first may have got there first without saying so.
 */
export function firstLoadOf(tickets: readonly DeliveryKpiTicket[]): FirstLoad | null {
  const counted = tickets.filter(isCountedTicket);
  let first: { ticket: DeliveryKpiTicket; arrival: Date } | null = null;
  for (const ticket of counted) {
    const arrival = instantOf(ticket.onJobDateTime);
    if (arrival !== null && (first === null || arrival < first.arrival))
      first = { ticket, arrival };
  }
  if (first === null) return null;
  const firstWritten = writtenTime(first.ticket);
  const earlierUnstamped = counted.some(
    (ticket) => instantOf(ticket.onJobDateTime) === null && writtenTime(ticket) < firstWritten,
  );
  return earlierUnstamped ? null : { plantId: first.ticket.plantId, arrival: first.arrival };
}

/** On time: arrived no later than the asked time plus the grace; an early truck is on time. */
export function isOnTime(
  requested: Date,
  arrival: Date,
  graceMinutes: number = onTimeGraceMinutes,
): boolean {
  return arrival.getTime() <= requested.getTime() + graceMinutes * minuteMs;
}

/**
 * Per plant, first loads on time over first loads known, for the orders whose asked time falls on
 * a day of the period (each order once, on that day). An order with no asked time (a will-call
 * not yet called in) or no known first load counts in neither sum.
 */
export function onTimeByPlant(
  orders: readonly DeliveryKpiOrder[],
  tickets: readonly DeliveryKpiTicket[],
  period: KpiPeriod,
): Map<number, Ratio> {
  const ticketsOf = new Map<number, DeliveryKpiTicket[]>();
  for (const ticket of tickets) {
    const list = ticketsOf.get(ticket.orderId) ?? [];
    list.push(ticket);
    ticketsOf.set(ticket.orderId, list);
  }
  const byPlant = new Map<number, Ratio>();
  for (const order of orders) {
    const requested = instantOf(order.firstLoadTime);
    if (requested === null || !isInPeriod(dayOf(requested), period)) continue;
    const first = firstLoadOf(ticketsOf.get(order.id) ?? []);
    if (first === null) continue;
    const onTime = isOnTime(requested, first.arrival) ? 1 : 0;
    const sum = byPlant.get(first.plantId) ?? emptyRatio;
    byPlant.set(first.plantId, addRatios(sum, { numerator: onTime, denominator: 1 }));
  }
  return byPlant;
}
