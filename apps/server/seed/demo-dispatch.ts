/**
 * A day of dispatch at one plant, simulated: loads go out in the order they are due, each on the
 * truck that has waited longest in the yard, and a truck takes its next load only once it is back.
 * Each load's ticket gets the times its truck's status changes stamp (truck-status catalogue), so
 * the tickets, the load times and the trucks' live statuses all tell the same story.
 */
import { ticketCycleTimestampFields } from '@dispatch/domain/tickets/ticket';
import { systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import { truckStatuses, type TruckStatusId } from '@dispatch/domain/trucks/truck-status';
import { addMinutes } from './demo-clock';
import type { DemoTruck } from './demo-fleet';
import type { Random } from './random';
import type { TruckTypeId } from '../src/db/reference-ids';

/** A ticket's times in the order a load's cycle stamps them. */
export const cycleStamps = ticketCycleTimestampFields;

export type CycleStamp = (typeof cycleStamps)[number];
export type Stamps = Record<CycleStamp, Date | null>;

export type LoadToShip = {
  readonly planIndex: number;
  readonly loadNumber: number;
  readonly quantity: number;
  readonly plannedTicketTime: Date;
  readonly systemTypeId: SystemTypeId;
  /** Only trucks of this type may carry it; null means any truck big enough. */
  readonly truckTypeId: TruckTypeId | null;
  /** Picked up by the customer's own truck at the plant. */
  readonly fob: boolean;
  readonly batchTime: number;
  readonly travelToJob: number;
  readonly travelToPlant: number;
  readonly onJobWait: number;
  readonly onJobWash: number;
};

export type ShippedLoad = {
  readonly load: LoadToShip;
  readonly truck: DemoTruck | null;
  /** Every time of the cycle, including those after the cutoff; see stampsAt. */
  readonly stamps: Stamps;
};

export type DispatchDayOptions = {
  /** The plant's trucks available that day, with the time each signed on. */
  readonly trucks: readonly { truck: DemoTruck; signOn: Date }[];
  readonly loads: readonly LoadToShip[];
  /** Loads whose batching would start after this are not shipped yet (today's mid-day). */
  readonly cutoff: Date | null;
};

const noStamps = (): Stamps => ({
  ticketDateTime: null,
  printDateTime: null,
  batchDateTime: null,
  loadedDateTime: null,
  toJobDateTime: null,
  onJobDateTime: null,
  startUnloadDateTime: null,
  finishUnloadDateTime: null,
  toPlantDateTime: null,
  arrivePlantDateTime: null,
});

/** Minutes each step takes, from the printed ticket to the truck back in the yard. */
function stepMinutes(random: Random, load: LoadToShip): number[] {
  const travel = (minutes: number) => Math.max(3, minutes * random.float(0.9, 1.2));
  switch (load.systemTypeId) {
    case systemTypeIds.concrete:
      return [
        random.float(0.3, 1), // print
        random.float(1, 3), // into the alley, batching starts
        load.batchTime + random.float(-1, 2), // batched and mixed
        random.float(2, 6), // slump check, wash down, leave
        travel(load.travelToJob),
        Math.max(1, load.onJobWait + random.float(-4, 10)),
        load.quantity * random.float(1.1, 2), // discharge
        Math.max(3, load.onJobWash + random.float(-3, 3)),
        travel(load.travelToPlant),
      ];
    case systemTypeIds.aggregate:
      return [
        random.float(0.3, 1),
        random.float(1, 2.5),
        load.batchTime + random.float(-1, 3),
        random.float(1, 3), // tarp, weigh out
        travel(load.travelToJob),
        Math.max(0.5, load.onJobWait + random.float(-2, 6)),
        random.float(3, 7),
        random.float(1, 3),
        travel(load.travelToPlant),
      ];
    default:
      return [
        random.float(0.3, 1),
        random.float(2, 5),
        load.batchTime + random.float(0, 15), // fork the cubes on
        random.float(3, 8), // strap down
        travel(load.travelToJob),
        Math.max(2, load.onJobWait + random.float(-3, 10)),
        random.float(25, 50), // boom off
        random.float(3, 8),
        travel(load.travelToPlant),
      ];
  }
}

function stampsFrom(random: Random, load: LoadToShip, ticketTime: Date): Stamps {
  const stamps = noStamps();
  const steps = stepMinutes(random, load);
  let at = ticketTime;
  stamps.ticketDateTime = at;
  cycleStamps.slice(1).forEach((stamp, index) => {
    at = addMinutes(at, steps[index] ?? 1);
    stamps[stamp] = at;
  });
  return stamps;
}

/**
 * A customer's own truck: ticketed, loaded and weighed out at the plant. What happens after it
 * leaves is not ours to stamp.
 */
function pickupStamps(random: Random, load: LoadToShip): Stamps {
  const stamps = stampsFrom(random, load, addMinutes(load.plannedTicketTime, random.float(-5, 15)));
  for (const stamp of cycleStamps.slice(cycleStamps.indexOf('onJobDateTime'))) stamps[stamp] = null;
  return stamps;
}

export function dispatchDay(random: Random, options: DispatchDayOptions): ShippedLoad[] {
  const freeAt = new Map(options.trucks.map(({ truck, signOn }) => [truck.id, signOn]));
  const ordered = [...options.loads].sort(
    (a, b) =>
      a.plannedTicketTime.getTime() - b.plannedTicketTime.getTime() ||
      a.planIndex - b.planIndex ||
      a.loadNumber - b.loadNumber,
  );
  // Once a load of an order waits past the cutoff, its later loads wait too.
  const held = new Set<number>();
  const shipped: ShippedLoad[] = [];
  for (const load of ordered) {
    if (held.has(load.planIndex)) continue;
    if (load.fob) {
      const stamps = pickupStamps(random, load);
      if (options.cutoff && (stamps.batchDateTime ?? load.plannedTicketTime) > options.cutoff) {
        held.add(load.planIndex);
        continue;
      }
      shipped.push({ load, truck: null, stamps });
      continue;
    }
    const candidates = options.trucks
      .map(({ truck }) => truck)
      .filter((truck) =>
        load.truckTypeId === null
          ? truck.maxLoadQuantity >= load.quantity
          : truck.truckTypeId === load.truckTypeId,
      );
    let chosen: { truck: DemoTruck; start: number; free: number } | null = null;
    for (const truck of candidates) {
      const free = freeAt.get(truck.id)?.getTime() ?? Number.POSITIVE_INFINITY;
      const start = Math.max(free, load.plannedTicketTime.getTime());
      if (!chosen || start < chosen.start || (start === chosen.start && free < chosen.free)) {
        chosen = { truck, start, free };
      }
    }
    if (!chosen || !Number.isFinite(chosen.start)) {
      held.add(load.planIndex);
      continue;
    }
    // A truck that was already waiting pulls under the plant a few minutes after the call.
    const ticketTime = addMinutes(new Date(chosen.start), random.float(0, 4));
    const stamps = stampsFrom(random, load, ticketTime);
    if (options.cutoff && (stamps.batchDateTime ?? ticketTime) > options.cutoff) {
      held.add(load.planIndex);
      continue;
    }
    shipped.push({ load, truck: chosen.truck, stamps });
    const back = stamps.arrivePlantDateTime ?? ticketTime;
    freeAt.set(chosen.truck.id, addMinutes(back, random.float(3, 10)));
  }
  return shipped;
}

/** The stamps as they stand at `cutoff`: later events have not happened yet. */
export function stampsAt(stamps: Stamps, cutoff: Date | null): Stamps {
  if (!cutoff) return stamps;
  const cut = noStamps();
  for (const stamp of cycleStamps) {
    const at = stamps[stamp];
    cut[stamp] = at && at <= cutoff ? at : null;
  }
  return cut;
}

/** The status the truck's latest stamp put it in, and when. */
export function truckStatusFromStamps(
  stamps: Stamps,
): { statusId: TruckStatusId; at: Date } | null {
  for (const stamp of [...cycleStamps].reverse()) {
    const at = stamps[stamp];
    if (!at) continue;
    const status = truckStatuses.find((candidate) => candidate.ticketTimestamp === stamp);
    if (status) return { statusId: status.id, at };
  }
  return null;
}
