/**
 * R-KPI-4, R-KPI-5: a truck's time on tickets and its time available, per truck and day, shared
 * out to plants. Truck utilisation divides the one by the other; quantity per truck-hour divides
 * what those tickets delivered by the time on them.
 */
import { instantOf, spanMinutes, ticketDayOf, type DeliveryKpiTicket } from './kpi-ticket';

/** One load's turn of the truck: from Loading (batching starts) to In yard (back at a plant). */
export type TruckCycle = {
  readonly truckId: number;
  readonly day: string;
  readonly plantId: number;
  readonly start: Date;
  readonly end: Date;
  readonly deliveredQuantity: number;
};

/** A plant's share of its trucks' days, in minutes, and what those tickets delivered. */
export type PlantTruckTime = {
  readonly onTicketMinutes: number;
  readonly availableMinutes: number;
  readonly deliveredQuantity: number;
};

export const emptyTruckTime: PlantTruckTime = {
  onTicketMinutes: 0,
  availableMinutes: 0,
  deliveredQuantity: 0,
};

const minuteMs = 60_000;

/**
 * A ticket's cycle, or null when it has no truck of ours, lacks the batch or arrive-plant stamp,
 * or has them out of order: then neither its time nor its quantity counts (R-KPI-5).
 */
export function truckCycleOf(ticket: DeliveryKpiTicket): TruckCycle | null {
  const start = instantOf(ticket.batchDateTime);
  const end = instantOf(ticket.arrivePlantDateTime);
  const day = ticketDayOf(ticket);
  if (ticket.truckId === null || day === null || start === null || end === null) return null;
  if (spanMinutes(start, end) === null) return null;
  const { truckId, plantId, deliveredQuantity } = ticket;
  return { truckId, day, plantId, start, end, deliveredQuantity };
}

export function addTruckTime(a: PlantTruckTime, b: PlantTruckTime): PlantTruckTime {
  return {
    onTicketMinutes: a.onTicketMinutes + b.onTicketMinutes,
    availableMinutes: a.availableMinutes + b.availableMinutes,
    deliveredQuantity: a.deliveredQuantity + b.deliveredQuantity,
  };
}

/**
 * One truck-day's cycles shared out to plants. The day available runs from its first cycle's
 * start to its last cycle's end: no shift or roster is recorded, so the truck's own first and last
 * stamps bound its working day. Time covered by cycles is on tickets, counted once where two
 * overlap (a truck carries one load at a time): the ticket started first keeps the overlap, and of
 * two started together the one that ended first, so the answer does not hang on row order. The
 * idle time before a cycle is the plant's of that cycle: the truck stood ready for that load.
 */
function shareTruckDay(cycles: readonly TruckCycle[], into: Map<number, PlantTruckTime>): void {
  const ordered = [...cycles].sort(
    (a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime(),
  );
  // The end of the time the cycles so far cover; the day starts with its first cycle.
  let coveredUntil: number | null = null;
  for (const cycle of ordered) {
    const start = cycle.start.getTime();
    const end = cycle.end.getTime();
    const from = coveredUntil ?? start;
    const idle = Math.max(0, start - from) / minuteMs;
    const onTicket = Math.max(0, end - Math.max(start, from)) / minuteMs;
    const share = {
      onTicketMinutes: onTicket,
      availableMinutes: idle + onTicket,
      deliveredQuantity: cycle.deliveredQuantity,
    };
    into.set(cycle.plantId, addTruckTime(into.get(cycle.plantId) ?? emptyTruckTime, share));
    coveredUntil = Math.max(from, end);
  }
}

/** Per plant, its share of the truck-days of these tickets (each ticket on its own day). */
export function truckTimeByPlant(
  tickets: readonly DeliveryKpiTicket[],
): Map<number, PlantTruckTime> {
  const truckDays = new Map<string, TruckCycle[]>();
  for (const ticket of tickets) {
    const cycle = truckCycleOf(ticket);
    if (cycle === null) continue;
    const key = `${cycle.truckId}|${cycle.day}`;
    truckDays.set(key, [...(truckDays.get(key) ?? []), cycle]);
  }
  const byPlant = new Map<number, PlantTruckTime>();
  for (const cycles of truckDays.values()) shareTruckDay(cycles, byPlant);
  return byPlant;
}
