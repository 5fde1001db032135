/**
 * R-BOARD-20..23: truck demand on the load-scheduling board. A load keeps a truck busy from its
 * ticket time (batching starts) until the truck is back at the plant; the trucks a time slot needs
 * are the most loads busy at any one instant of the slot. Firm orders and will-call orders are kept
 * apart: the firm count is the firm loads' own peak, will call is what will-call loads add to it.
 * Orders on hold and cancelled or finished loads need no truck.
 */
import type { BoardLoad, BoardOrder, BoardPlant } from './load-board';
import { loadStatusIds } from './load-status';

export const defaultDemandSlotMinutes = 30;

const minuteMs = 60_000;

/** A load's busy interval in epoch milliseconds, end exclusive. */
export type BusyInterval = { start: number; end: number };

/**
 * R-BOARD-20: when a load holds a truck. The actual ticket time replaces the projected one once
 * stamped, and the actual return to the plant ends it; until then the projected return does (or
 * the start, when the projection ends earlier). A cancelled load, or one whose truck is back, holds
 * none.
 */
export function loadBusyInterval(load: BoardLoad): BusyInterval | null {
  if (load.statusId === loadStatusIds.cancelled) return null;
  if (load.actual.arrivePlantTime) return null;
  const start = Date.parse(load.actual.ticketTime ?? load.projected.ticketTime);
  const projectedEnd = Date.parse(load.projected.returnTime);
  if (Number.isNaN(start) || Number.isNaN(projectedEnd)) return null;
  return { start, end: Math.max(start, projectedEnd) };
}

/**
 * The most intervals open at any instant of each slot `[slotStart, slotStart + slotMs)`. An
 * interval ending at the instant another starts frees its truck for it (one truck, two loads).
 */
export function peakPerSlot(
  intervals: readonly BusyInterval[],
  slotStarts: readonly number[],
  slotMs: number,
): number[] {
  // Ends sort before starts at the same instant.
  const events = intervals
    .filter((interval) => interval.end > interval.start)
    .flatMap((interval) => [
      { at: interval.start, change: 1 },
      { at: interval.end, change: -1 },
    ])
    .sort((a, b) => a.at - b.at || a.change - b.change);
  const peaks: number[] = [];
  let open = 0;
  let next = 0;
  for (const slotStart of slotStarts) {
    while (next < events.length && events[next]!.at <= slotStart) open += events[next++]!.change;
    let peak = open;
    const slotEnd = slotStart + slotMs;
    while (next < events.length && events[next]!.at < slotEnd) {
      open += events[next++]!.change;
      peak = Math.max(peak, open);
    }
    peaks.push(peak);
  }
  return peaks;
}

export type DemandSlot = {
  /** The slot's start (ISO); it lasts the series' slot minutes. */
  start: string;
  firm: number;
  willCall: number;
  /** Trucks available (the same for every slot: the plant's trucks in service). */
  available: number;
};

export type DemandSeries = {
  /** null for every plant shown together. */
  plantId: number | null;
  available: number;
  slots: DemandSlot[];
  /** The highest firm plus will-call demand of any slot. */
  peak: number;
  /** Slots whose demand is more than the trucks available. */
  shortSlots: number;
};

/** Float noise must not add a truck: 6.0000000001 trucks are 6. */
const ceilTrucks = (value: number) => Math.max(0, Math.ceil(value - 1e-9));

/**
 * R-ORD-27: the trucks that keep one load leaving every `loadIntervalMinutes` when each truck is
 * away `roundTripMinutes` (from its ticket until it is back at the plant). A truck back at the
 * instant the next load leaves takes it, so the round trip over the interval rounded up, and at
 * least one truck for any load; never more than the schedule's loads, when they are known. Null
 * while the interval is not a positive number of minutes.
 */
export function trucksToKeepInterval(input: {
  roundTripMinutes: number;
  loadIntervalMinutes: number;
  numberOfLoads?: number | null | undefined;
}): number | null {
  const { roundTripMinutes, loadIntervalMinutes, numberOfLoads } = input;
  if (!Number.isFinite(loadIntervalMinutes) || loadIntervalMinutes <= 0) return null;
  if (!Number.isFinite(roundTripMinutes) || roundTripMinutes < 0) return null;
  const trucks = Math.max(1, ceilTrucks(roundTripMinutes / loadIntervalMinutes));
  return typeof numberOfLoads === 'number' ? Math.min(trucks, numberOfLoads) : trucks;
}

/** Slot starts covering `[from, to)`, the first aligned down to a whole slot. */
export function demandSlotStarts(from: Date, to: Date, slotMinutes: number): number[] {
  const slotMs = slotMinutes * minuteMs;
  const first = Math.floor(from.getTime() / slotMs) * slotMs;
  const starts: number[] = [];
  for (let at = first; at < to.getTime(); at += slotMs) starts.push(at);
  return starts;
}

function series(
  plantId: number | null,
  loads: readonly { interval: BusyInterval; willCall: boolean }[],
  available: number,
  slotStarts: readonly number[],
  slotMs: number,
): DemandSeries {
  const firm = peakPerSlot(
    loads.filter((load) => !load.willCall).map((load) => load.interval),
    slotStarts,
    slotMs,
  );
  const all = peakPerSlot(
    loads.map((load) => load.interval),
    slotStarts,
    slotMs,
  );
  const slots = slotStarts.map((start, index) => ({
    start: new Date(start).toISOString(),
    firm: firm[index]!,
    willCall: all[index]! - firm[index]!,
    available,
  }));
  return {
    plantId,
    available,
    slots,
    peak: Math.max(0, ...all),
    shortSlots: all.filter((count) => count > available).length,
  };
}

/**
 * R-BOARD-21..22: the demand series of every plant shown and of all of them together (the sum of
 * the plants' available trucks against the peak of all their loads).
 */
export function truckDemand(options: {
  orders: readonly BoardOrder[];
  plants: readonly Pick<BoardPlant, 'id' | 'trucksAvailable'>[];
  from: Date;
  to: Date;
  slotMinutes?: number;
}): { all: DemandSeries; byPlant: DemandSeries[] } {
  const slotMinutes = options.slotMinutes ?? defaultDemandSlotMinutes;
  const slotMs = slotMinutes * minuteMs;
  const slotStarts = demandSlotStarts(options.from, options.to, slotMinutes);
  const plantIds = new Set(options.plants.map((plant) => plant.id));
  const busy = options.orders
    .filter((order) => !order.onHold)
    .flatMap((order) =>
      order.loads.flatMap((load) => {
        const interval = loadBusyInterval(load);
        return interval && plantIds.has(load.plantId)
          ? [{ plantId: load.plantId, interval, willCall: order.willCall }]
          : [];
      }),
    );
  const byPlant = options.plants.map((plant) =>
    series(
      plant.id,
      busy.filter((load) => load.plantId === plant.id),
      plant.trucksAvailable,
      slotStarts,
      slotMs,
    ),
  );
  const available = options.plants.reduce((sum, plant) => sum + plant.trucksAvailable, 0);
  return { all: series(null, busy, available, slotStarts, slotMs), byPlant };
}
