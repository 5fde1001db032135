/**
 * Plants through TanStack Query: the one key factory and the query options every screen uses, so
 * a plant list is cached once and hub events can find it.
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dispatch/domain/api/envelope';
import { plantLiveViewSchema, type PlantLiveView } from '@dispatch/domain/plants/plant-live-view';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { readAllPages, listPageSize } from '../../lib/list-pages';

/**
 * A plant as GET /api/v1/plants/board lists it: its live view (name, system type, colour, place),
 * what plantUpdate_v1 carries. Every user who may pick a plant may read it (R-PICK-3), not only
 * those with the Plants screen, whose GET /api/v1/plants is for maintaining plants.
 */
export type PlantRow = PlantLiveView;

export type PlantList = ApiEnvelope<PlantRow[]>;

export type PlantListFilters = {
  systemTypeId?: SystemTypeId;
  includeInactive?: boolean;
};

export const plantKeys = {
  all: ['plants'] as const,
  lists: () => [...plantKeys.all, 'list'] as const,
  list: (filters: PlantListFilters) => [...plantKeys.lists(), filters] as const,
  /** The filters a list key was built with (keys come from `list`, so the shape is known). */
  filtersOf: (key: QueryKey): PlantListFilters => {
    const filters = key[2];
    return typeof filters === 'object' && filters !== null ? filters : {};
  },
};

function listPath(filters: PlantListFilters, offset: number): string {
  const params = new URLSearchParams({ limit: String(listPageSize), offset: String(offset) });
  if (filters.systemTypeId !== undefined) params.set('systemTypeId', String(filters.systemTypeId));
  if (filters.includeInactive) params.set('includeInactive', 'true');
  return `/api/v1/plants/board?${params.toString()}`;
}

/** Every matching plant: further pages are read while the server reports more rows. */
function fetchPlants(filters: PlantListFilters, signal: AbortSignal): Promise<PlantList> {
  return readAllPages((offset) => listPath(filters, offset), plantLiveViewSchema, signal);
}

export const plantQueries = {
  list: (filters: PlantListFilters = {}) =>
    queryOptions({
      queryKey: plantKeys.list(filters),
      queryFn: ({ signal }) => fetchPlants(filters, signal),
      // Hub events keep the list current; the stale time only bounds how long a missed event lasts.
      staleTime: 5 * 60_000,
    }),
};
