/**
 * R-ORD-27: whether a schedule has the trucks to keep its load interval. The interval is the one
 * typed on the schedule, else the projection's spacing (R-ORD-3: load size over quantity per
 * hour); a truck is away one load's cycle (R-BOARD-4), from the ticket until it is back at the
 * plant; the trucks that keep the interval are `trucksToKeepInterval`'s.
 */
import { trucksToKeepInterval } from '../dispatch/truck-demand';
import {
  LoadProjectionError,
  loadCycleAround,
  loadQuantities,
  defaultLoadIntervalTime,
  type CycleMinutesInput,
} from './load-projection';

export type ScheduleTrucksInput = CycleMinutesInput & {
  /** Minutes between loads as typed on the schedule; empty: the projection's spacing. */
  readonly loadIntervalTime: number | null;
  readonly loadSize: number | null;
  readonly quantityPerHour: number | null;
  /** The schedule's total (its primary product's quantity): no more trucks than its loads. */
  readonly totalQuantity: number | null;
  readonly addPlusLoad?: boolean | undefined;
};

export type ScheduleTrucks = {
  readonly needed: number;
  readonly intervalMinutes: number;
  readonly roundTripMinutes: number;
};

export type TruckShortfall = ScheduleTrucks & {
  /** The trucks set on the schedule: fewer than needed. */
  readonly set: number;
};

const minuteMs = 60_000;

const positive = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** One load's cycle, ticket to return, in minutes; null when a duration is not 0 or more. */
function roundTripMinutesOf(cycle: CycleMinutesInput): number | null {
  try {
    const around = loadCycleAround(new Date(0), cycle);
    return (Date.parse(around.returnTime) - Date.parse(around.ticketTime)) / minuteMs;
  } catch (error) {
    if (error instanceof LoadProjectionError) return null;
    throw error;
  }
}

/** The interval typed, else the one order entry will save (R-ORD-3). */
function intervalOf(input: ScheduleTrucksInput): number | null {
  if (positive(input.loadIntervalTime)) return input.loadIntervalTime;
  return defaultLoadIntervalTime(input.loadSize, input.quantityPerHour);
}

/** The trucks a schedule needs to keep its load interval; null while it has no interval yet. */
export function scheduleTrucksNeeded(input: ScheduleTrucksInput): ScheduleTrucks | null {
  const intervalMinutes = intervalOf(input);
  const roundTripMinutes = roundTripMinutesOf(input);
  if (intervalMinutes === null || roundTripMinutes === null) return null;
  const numberOfLoads =
    positive(input.loadSize) && typeof input.totalQuantity === 'number' && input.totalQuantity >= 0
      ? loadQuantities(input.totalQuantity, input.loadSize, input.addPlusLoad).length
      : null;
  const needed = trucksToKeepInterval({
    roundTripMinutes,
    loadIntervalMinutes: intervalMinutes,
    numberOfLoads,
  });
  return needed === null ? null : { needed, intervalMinutes, roundTripMinutes };
}

/**
 * The schedule's trucks when they are fewer than it needs, with what it needs; null when it has
 * enough, or when no number of trucks is set (saving takes the projection's, R-ORD-26).
 */
export function truckShortfall(
  input: ScheduleTrucksInput & { readonly numberOfTrucks: number | null },
): TruckShortfall | null {
  const set = input.numberOfTrucks;
  if (typeof set !== 'number' || !Number.isFinite(set)) return null;
  const trucks = scheduleTrucksNeeded(input);
  return trucks && set < trucks.needed ? { ...trucks, set } : null;
}
