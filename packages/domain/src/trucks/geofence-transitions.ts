/**
 * R-GPS-2..8: the truck statuses GPS sets by itself. A truck working a ticket moves round its loop
 * as it crosses fences: out of its plant after loading (To job), into the job's fence (On job), out
 * of it after unloading (To plant), into a plant of its system type (In yard). Pure rules: the
 * server feeds positions in, applies the transitions through the ordinary status change (which
 * stamps the ticket) and keeps the returned dwell state for the next position.
 */
import { distanceM, type Fence, type GeoPoint } from './geo-distance';
import {
  confirm,
  dwellMs,
  isSettled,
  observe,
  watchesFor,
  type DwellState,
  type FenceWatch,
  type PendingWatch,
  type WatchedFence,
} from './geofence-dwell';
import { truckStatusIds, type TruckStatusId } from './truck-status';

/** R-GPS-1: a job's fence radius in metres when the database sets none (`jobGeofenceRadiusM`). */
export const defaultJobGeofenceRadiusM = 150;

export type PlantFence = Fence & { readonly plantId: number };

/** The fences that matter to one truck, rebuilt by the caller for each call. */
export type TruckFences = {
  /** The truck's plant, where it loads: leaving it after loading sets To job. */
  readonly plant: PlantFence | null;
  /** The fence of its current ticket's job; null without a ticket or a located job. */
  readonly job: Fence | null;
  /** Every fenced plant of the truck's system type: arriving at one sets In yard. */
  readonly plants: readonly PlantFence[];
};

/** A fix from the truck's device. `accuracyM` is the device's horizontal accuracy, if it gives one. */
export type GpsPosition = GeoPoint & {
  readonly recordedAt: Date | string;
  readonly accuracyM?: number | null;
};

/** A status GPS sets: when, and for In yard the plant the truck arrived at. */
export type GeofenceTransition = {
  readonly statusId: TruckStatusId;
  readonly at: Date;
  readonly plantId?: number;
};

export type GeofenceStep = {
  readonly state: DwellState;
  readonly transition: GeofenceTransition | null;
};

export type GeofenceInput = {
  /** The truck's status now, whoever set it: GPS only moves on from it (R-GPS-6). */
  readonly statusId: TruckStatusId;
  readonly fences: TruckFences;
  readonly state: DwellState;
};

/**
 * R-GPS-1: a plant's fence, or null for a plant not located or without a radius (its trucks'
 * statuses are then only ever set by hand).
 */
export function plantFenceOf(plant: {
  readonly id: number;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly radius: number | null;
}): PlantFence | null {
  const { latitude, longitude, radius } = plant;
  if (latitude === null || longitude === null || radius === null || !(radius > 0)) return null;
  return { plantId: plant.id, latitude, longitude, radiusM: radius };
}

/** R-GPS-1: a job's fence around its GPS location, or null while the site is not located. */
export function jobFenceOf(
  job: { readonly gpsLat: number | null; readonly gpsLon: number | null },
  radiusM: number = defaultJobGeofenceRadiusM,
): Fence | null {
  if (job.gpsLat === null || job.gpsLon === null || !(radiusM > 0)) return null;
  return { latitude: job.gpsLat, longitude: job.gpsLon, radiusM };
}

/** The truck's own plant first, so it wins a tie between overlapping plants (R-GPS-5). */
function fenceList(fences: TruckFences): WatchedFence[] {
  const list: WatchedFence[] = [];
  const add = (fence: WatchedFence) => {
    if (!list.some((known) => known.plantId === fence.plantId)) list.push(fence);
  };
  if (fences.job) add({ ...fences.job, plantId: null });
  if (fences.plant) add(fences.plant);
  fences.plants.forEach(add);
  return list;
}

type Fired = {
  readonly watch: PendingWatch;
  readonly statusId: TruckStatusId;
  readonly plantId?: number;
};

type PlantWatch = PendingWatch & { readonly plantId: number };
const isPlantFence = (watch: PendingWatch): watch is PlantWatch => watch.plantId !== null;

const leaving = (watch: PendingWatch) =>
  watch.side === 'inside' && watch.pending.side === 'outside';
const entering = (watch: PendingWatch) => watch.pending.side === 'inside';

/**
 * R-GPS-2..6: what a confirmed crossing means under the truck's status. Leaving needs the truck
 * seen inside first (a status set early, Unloading pressed before arriving, must not send it
 * away); entering counts from an unknown side too, as To job and To plant already say the truck
 * was on the road.
 */
function ruleFor(
  statusId: TruckStatusId,
  settled: readonly PendingWatch[],
  ownPlantId: number | null,
  at: GeoPoint,
): Fired | null {
  const job = settled.find((watch) => watch.plantId === null);
  switch (statusId) {
    case truckStatusIds.loading:
    case truckStatusIds.loaded: {
      const plant = settled.find((watch) => watch.plantId === ownPlantId && ownPlantId !== null);
      return plant && leaving(plant) ? { watch: plant, statusId: truckStatusIds.toJob } : null;
    }
    case truckStatusIds.toJob:
      return job && entering(job) ? { watch: job, statusId: truckStatusIds.onJob } : null;
    case truckStatusIds.unloading:
    case truckStatusIds.washing:
      return job && leaving(job) ? { watch: job, statusId: truckStatusIds.toPlant } : null;
    case truckStatusIds.toPlant: {
      const arrived = nearestTo(at, settled.filter(isPlantFence).filter(entering));
      return arrived
        ? { watch: arrived, statusId: truckStatusIds.inYard, plantId: arrived.plantId }
        : null;
    }
    default:
      // R-GPS-5: In yard, On job, Out of service and Off duty are left to people.
      return null;
  }
}

/** The plant whose centre is nearest; the first listed (the truck's own) on a tie. */
function nearestTo(point: GeoPoint, watches: readonly PlantWatch[]): PlantWatch | undefined {
  let best: PlantWatch | undefined;
  for (const watch of watches) {
    if (!best || distanceM(point, watch) < distanceM(point, best)) best = watch;
  }
  return best;
}

/**
 * Confirms the crossings settled at `atMs` and says which one moves the status. R-GPS-7: at most
 * one transition at a time; when one fires, the other settled crossings stay pending, to be judged
 * against the new status at the next position or tick rather than lost under the old one.
 */
function settle(
  input: GeofenceInput,
  watches: readonly FenceWatch[],
  atMs: number,
  last: GeoPoint,
): { fences: FenceWatch[]; fired: Fired | null } {
  const settled = watches.filter((watch) => isSettled(watch, atMs));
  const fired = ruleFor(input.statusId, settled, input.fences.plant?.plantId ?? null, last);
  const fences = watches.map((watch) =>
    isSettled(watch, atMs) && (!fired || fired.watch === watch) ? confirm(watch) : watch,
  );
  return { fences, fired };
}

function transitionOf(fired: Fired, at: Date): GeofenceTransition {
  return fired.plantId === undefined
    ? { statusId: fired.statusId, at }
    : { statusId: fired.statusId, at, plantId: fired.plantId };
}

function validPoint(point: GeoPoint): boolean {
  return Math.abs(point.latitude) <= 90 && Math.abs(point.longitude) <= 180;
}

/**
 * R-GPS-2..9: the next position of a truck. Returns the dwell state to keep and the status GPS
 * sets, if any; `at` is the position's recordedAt. A position not later than the last one taken
 * (stale, a duplicate, out of order) or unreadable changes nothing: the same state comes back and
 * no transition (R-GPS-8).
 */
export function nextGeofenceStep(
  input: GeofenceInput & { readonly position: GpsPosition },
): GeofenceStep {
  const { position, state } = input;
  const atMs = new Date(position.recordedAt).getTime();
  // Equal times are a duplicate delivery: counting it twice would defeat the dwell rule.
  const stale = state.last !== null && !(atMs > state.last.atMs);
  if (Number.isNaN(atMs) || stale || !validPoint(position)) return { state, transition: null };
  const point = { latitude: position.latitude, longitude: position.longitude };
  const observed = watchesFor(state.fences, fenceList(input.fences)).map((watch) =>
    observe(watch, point, position.accuracyM, atMs),
  );
  const { fences, fired } = settle(input, observed, atMs, point);
  return {
    state: { last: { ...point, atMs }, fences },
    transition: fired ? transitionOf(fired, new Date(atMs)) : null,
  };
}

/**
 * R-GPS-7: the clock's share of the dwell rule. A device that stops reporting once parked would
 * otherwise hold a crossing pending until it moves; the server calls this between positions, and a
 * crossing pending 30 seconds with nothing against it counts. `at` is when the 30 seconds ran out
 * (never before the last position, never after `now`); a transition moves the state's time on to
 * it, so positions recorded before the decision are stale. A `now` before the last position, or
 * with no position yet, changes nothing.
 */
export function geofenceStepByClock(
  input: GeofenceInput & { readonly now: Date | string },
): GeofenceStep {
  const { state } = input;
  const nowMs = new Date(input.now).getTime();
  if (state.last === null || Number.isNaN(nowMs) || nowMs < state.last.atMs) {
    return { state, transition: null };
  }
  const last = state.last;
  const watches = watchesFor(state.fences, fenceList(input.fences));
  const { fences, fired } = settle(input, watches, nowMs, last);
  if (!fired) return { state: { last, fences }, transition: null };
  const dueMs = fired.watch.pending.sinceMs + dwellMs;
  const atMs = Math.max(last.atMs, Math.min(nowMs, dueMs));
  return {
    state: { last: { ...last, atMs }, fences },
    transition: transitionOf(fired, new Date(atMs)),
  };
}

export type GeofenceBatch = {
  readonly state: DwellState;
  /** The status after the batch's transitions (the input's if none). */
  readonly statusId: TruckStatusId;
  readonly transitions: GeofenceTransition[];
};

/**
 * A batch of positions for one truck (a device that buffered while out of coverage sends many at
 * once), in recordedAt order, each judged against the status the one before left. With `now` the
 * clock runs after the last position (R-GPS-7). The batch is sorted first: the order positions
 * travel in is no evidence; ones older than the state's last position are still stale.
 */
export function geofenceTransitionsOf(
  input: GeofenceInput & {
    readonly positions: readonly GpsPosition[];
    readonly now?: Date | string;
    /**
     * R-GPS-6: when the truck's current status was set. A crossing that counts at or before it
     * happened before that status and is already accounted for by it (a dispatcher's click, a
     * late batch from a device that was offline): its side is taken, its status is not.
     */
    readonly statusSince?: Date | string | null;
  },
): GeofenceBatch {
  const timeOf = (position: GpsPosition) => new Date(position.recordedAt).getTime();
  // Unreadable times would be ignored anyway; left in, their NaN would garble the sort.
  const sorted = input.positions
    .filter((position) => !Number.isNaN(timeOf(position)))
    .sort((a, b) => timeOf(a) - timeOf(b));
  let { state, statusId } = input;
  const transitions: GeofenceTransition[] = [];
  const sinceMs = input.statusSince == null ? -Infinity : new Date(input.statusSince).getTime();
  const take = (step: GeofenceStep) => {
    state = step.state;
    if (step.transition && step.transition.at.getTime() > sinceMs) {
      transitions.push(step.transition);
      statusId = step.transition.statusId;
    }
  };
  for (const position of sorted) {
    take(nextGeofenceStep({ statusId, fences: input.fences, state, position }));
  }
  if (input.now !== undefined) {
    take(geofenceStepByClock({ statusId, fences: input.fences, state, now: input.now }));
  }
  return { state, statusId, transitions };
}
