/**
 * Trucks through TanStack Query: the one key factory and the query options every screen uses, so
 * a truck list is cached once and hub events can find it.
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dispatch/domain/api/envelope';
import { truckResponseSchema, type TruckResponse } from '@dispatch/domain/trucks/truck-views';
import { readAllPages, listPageSize } from '../../lib/list-pages';

/**
 * A truck as the dispatch board reads it (GET /api/v1/trucks/board): its fields, live status,
 * version and current ticket. Truck maintenance reads the resource engine's /api/v1/trucks instead.
 */
export type TruckRow = TruckResponse;

export type TruckList = ApiEnvelope<TruckRow[]>;

/** The board's read: open to Truck Maintenance, Load Scheduling and the Batch Load Screen. */
export const truckBoardPath = '/api/v1/trucks/board';

export type TruckListFilters = {
  plantId?: number;
  statusId?: number;
  includeInactive?: boolean;
};

export const truckKeys = {
  all: ['trucks'] as const,
  lists: () => [...truckKeys.all, 'list'] as const,
  list: (filters: TruckListFilters) => [...truckKeys.lists(), filters] as const,
  /** The filters a list key was built with (keys come from `list`, so the shape is known). */
  filtersOf: (key: QueryKey): TruckListFilters => {
    const filters = key[2];
    return typeof filters === 'object' && filters !== null ? filters : {};
  },
};

function listPath(filters: TruckListFilters, offset: number): string {
  const params = new URLSearchParams({ limit: String(listPageSize), offset: String(offset) });
  if (filters.plantId !== undefined) params.set('plantId', String(filters.plantId));
  if (filters.statusId !== undefined) params.set('statusId', String(filters.statusId));
  if (filters.includeInactive) params.set('includeInactive', 'true');
  return `${truckBoardPath}?${params.toString()}`;
}

/** Every matching truck: further pages are read while the server reports more rows. */
function fetchTrucks(filters: TruckListFilters, signal: AbortSignal): Promise<TruckList> {
  return readAllPages((offset) => listPath(filters, offset), truckResponseSchema, signal);
}

export const truckQueries = {
  list: (filters: TruckListFilters = {}) =>
    queryOptions({
      queryKey: truckKeys.list(filters),
      queryFn: ({ signal }) => fetchTrucks(filters, signal),
      // Hub events keep the list current; the stale time only bounds how long a missed event lasts.
      staleTime: 60_000,
    }),
};
