/**
 * How plantUpdate_v1 changes a cached plant list: patch the row in place, drop it when it no
 * longer matches the list's filters, or ask for a refetch when the list should hold a row it lacks.
 */
import type { PlantLiveView } from '@dispatch/domain/entities/plant';
import type { PlantList, PlantListFilters } from './plant-queries';

/** The same list object back means nothing changed; 'refetch' means the cache cannot be patched. */
export type PlantListChange = PlantList | 'refetch';

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
  const index = list.data.findIndex((row) => row.id === view.id);
  const current = list.data[index];
  if (!current) return matches(filters, view) ? 'refetch' : list;
  // An event older than the row (a refetch overtook it) must not roll the row back.
  if (current.version > view.version) return list;
  if (!matches(filters, view)) {
    return { ...list, count: list.count - 1, data: list.data.filter((row) => row.id !== view.id) };
  }
  const data = list.data.slice();
  data[index] = { ...current, ...view };
  return { ...list, data };
}
