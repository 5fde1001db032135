/**
 * R-MAP-2..3: the map's answer kept live. Each truckPositionUpdate_v1 moves its truck (never back
 * to an older fix) and works its ETA out again with the server's own rule against the job it
 * carries a load to; truckUpdate_v1 recolours it at once. Pure functions over the cached answer,
 * so the screens and their tests share one rule.
 */
import { etaMinutes, type MapTruck, type TruckMap } from '@dispatch/domain/trucks/truck-map';
import type { TruckPositionUpdate } from '@dispatch/domain/trucks/truck-positions';
import {
  isTruckStatusId,
  truckStatusById,
  truckStatusIds,
  type TruckStatusKey,
} from '@dispatch/domain/trucks/truck-status';
import type { TruckLiveView } from '@dispatch/domain/trucks/truck-views';

/** The status's key, or null when the truck has none (or one this client does not know). */
export function statusKeyOf(statusId: number | null): TruckStatusKey | null {
  return statusId !== null && isTruckStatusId(statusId) ? truckStatusById(statusId).key : null;
}

const instant = (iso: string) => Date.parse(iso);

/**
 * The truck with its ETA worked out again. A job the answer does not locate leaves the server's
 * figure while the truck is still on its way, and none once it is not.
 */
export function withEta(truck: MapTruck, jobs: TruckMap['jobs']): MapTruck {
  const job = truck.jobId === null ? undefined : jobs.find((each) => each.id === truck.jobId);
  const eta = job
    ? etaMinutes(truck, job)
    : truck.statusId === truckStatusIds.toJob
      ? truck.etaMinutes
      : null;
  return eta === truck.etaMinutes ? truck : { ...truck, etaMinutes: eta };
}

export type PositionOutcome =
  /** The truck moved: the answer is patched. */
  | 'moved'
  /** A fix no newer than the one shown (a replay, or a device's backlog arriving late). */
  | 'stale'
  /** A truck the answer does not hold (its first fix today): the map is read again. */
  | 'unknown';

export function applyPosition(
  map: TruckMap,
  update: TruckPositionUpdate,
): { map: TruckMap; outcome: PositionOutcome } {
  const truck = map.trucks.find((each) => each.truckId === update.truckId);
  if (!truck) return { map, outcome: 'unknown' };
  if (!(instant(update.recordedAt) > instant(truck.recordedAt))) return { map, outcome: 'stale' };
  const moved = withEta(
    {
      ...truck,
      latitude: update.latitude,
      longitude: update.longitude,
      recordedAt: update.recordedAt,
      speedKph: update.speedKph,
      headingDeg: update.headingDeg,
      statusId: update.statusId ?? truck.statusId,
      plantId: update.plantId ?? truck.plantId,
    },
    map.jobs,
  );
  return {
    map: { ...map, trucks: map.trucks.map((each) => (each === truck ? moved : each)) },
    outcome: 'moved',
  };
}

/** truckUpdate_v1: the truck's new status and number, shown before the map is read again. */
export function applyStatus(
  map: TruckMap,
  view: Pick<TruckLiveView, 'id' | 'statusId' | 'statusFromGps' | 'identificationNumber'>,
): TruckMap {
  const truck = map.trucks.find((each) => each.truckId === view.id);
  if (!truck) return map;
  if (
    truck.statusId === view.statusId &&
    truck.statusFromGps === view.statusFromGps &&
    truck.identificationNumber === view.identificationNumber
  ) {
    return map;
  }
  const changed = withEta(
    {
      ...truck,
      statusId: view.statusId,
      statusFromGps: view.statusFromGps,
      identificationNumber: view.identificationNumber,
    },
    map.jobs,
  );
  return { ...map, trucks: map.trucks.map((each) => (each === truck ? changed : each)) };
}

/**
 * A new answer over the one shown: a truck whose shown fix is newer than the answer's (it moved
 * while the answer was on its way) keeps that fix, with its ETA worked out against the new job.
 */
export function mergeAnswer(answer: TruckMap, shown: TruckMap | undefined): TruckMap {
  if (!shown) return answer;
  const newer = new Map(shown.trucks.map((truck) => [truck.truckId, truck]));
  let changed = false;
  const trucks = answer.trucks.map((truck) => {
    const kept = newer.get(truck.truckId);
    if (!kept || !(instant(kept.recordedAt) > instant(truck.recordedAt))) return truck;
    changed = true;
    return withEta(
      {
        ...truck,
        latitude: kept.latitude,
        longitude: kept.longitude,
        recordedAt: kept.recordedAt,
        speedKph: kept.speedKph,
        headingDeg: kept.headingDeg,
      },
      answer.jobs,
    );
  });
  return changed ? { ...answer, trucks } : answer;
}

/** The trucks in the order the list shows them: by number, as the yard reads them. */
export function trucksInOrder(trucks: readonly MapTruck[]): MapTruck[] {
  return [...trucks].sort((a, b) =>
    a.identificationNumber.localeCompare(b.identificationNumber, undefined, { numeric: true }),
  );
}

/** The points the first view is fitted to: plants and jobs, or the trucks when there are none. */
export function fitPoints(map: TruckMap): [number, number][] {
  const places = [...map.plants, ...map.jobs].map(
    (place) => [place.latitude, place.longitude] as [number, number],
  );
  if (places.length > 0) return places;
  return map.trucks.map((truck) => [truck.latitude, truck.longitude]);
}
