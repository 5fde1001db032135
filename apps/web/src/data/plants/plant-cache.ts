/**
 * How plantUpdate_v1 changes a cached plant list: patch the row in place, drop it when it no
 * longer matches the list's filters, or ask for a refetch when the list should hold a row it lacks.
 */
import type { PlantLiveView } from '@dispatch/domain/plants/plant-live-view';
import { applyLiveView, type LiveListChange } from '../../lib/live-list';
import type { PlantList, PlantListFilters } from './plant-queries';

export type PlantListChange = LiveListChange<PlantList>;

function matches(filters: PlantListFilters, plant: PlantLiveView): boolean {
  return (
    (filters.systemTypeId === undefined || filters.systemTypeId === plant.systemTypeId) &&
    (filters.includeInactive === true || !plant.inactiveFlag)
  );
}

export function applyPlantLiveView(
  list: PlantList,
  filters: PlantListFilters,
  view: PlantLiveView,
): PlantListChange {
  return applyLiveView<PlantList['data'][number], PlantList>(list, view.id, {
    belongs: () => matches(filters, view),
    isOlder: (current) => current.version > view.version,
    patch: (current) => ({ ...current, ...view }),
  });
}
