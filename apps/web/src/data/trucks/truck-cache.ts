/**
 * How truckUpdate_v1 and truckSequenceUpdate_v1 change a cached truck list: patch rows in place,
 * drop a row that no longer matches the list's filters, or ask for a refetch when the list should
 * hold a truck it lacks.
 */
import type { TruckLiveView } from '@dispatch/domain/trucks/truck-views';
import type { TruckSequenceEvent } from '@dispatch/domain/trucks/yard-sequence';
import { applyLiveView, type LiveListChange } from '../../lib/live-list';
import type { TruckList, TruckListFilters } from './truck-queries';

export type TruckListChange = LiveListChange<TruckList>;

/** The server sends the row's version with the live view; an older event must not win. */
export type VersionedTruckLiveView = TruckLiveView & { version?: number | undefined };

function matches(filters: TruckListFilters, truck: TruckLiveView): boolean {
  return (
    (filters.plantId === undefined || filters.plantId === truck.plantId) &&
    (filters.statusId === undefined || filters.statusId === truck.statusId)
  );
}

export function applyTruckLiveView(
  list: TruckList,
  filters: TruckListFilters,
  view: VersionedTruckLiveView,
): TruckListChange {
  const { version, ...live } = view;
  // The live view does not say whether the truck is inactive, so an unknown truck is fetched.
  return applyLiveView<TruckList['data'][number], TruckList>(list, view.id, {
    belongs: () => matches(filters, view),
    isOlder: (current) => version !== undefined && current.version > version,
    patch: (current) => ({ ...current, ...live, version: version ?? current.version }),
  });
}

/**
 * The event lists the plant's whole yard in order: its trucks take their new places, and the
 * plant's other trucks have left the yard. Membership changes arrive as truckUpdate_v1, so only a
 * list that should hold every truck of the plant refetches for a truck it lacks.
 */
export function applyTruckSequence(
  list: TruckList,
  filters: TruckListFilters,
  event: TruckSequenceEvent,
): TruckListChange {
  const places = new Map(event.trucks.map((item) => [item.id, item.inYardSequenceNum]));
  const holdsWholePlant =
    filters.statusId === undefined &&
    (filters.plantId === undefined || filters.plantId === event.plantId);
  if (
    holdsWholePlant &&
    event.trucks.some((item) => !list.data.some((row) => row.id === item.id))
  ) {
    return 'refetch';
  }
  let changed = false;
  const data = list.data.map((row) => {
    if (row.plantId !== event.plantId && !places.has(row.id)) return row;
    const place = places.get(row.id) ?? null;
    if (row.inYardSequenceNum === place) return row;
    changed = true;
    return { ...row, inYardSequenceNum: place };
  });
  return changed ? { ...list, data } : list;
}
