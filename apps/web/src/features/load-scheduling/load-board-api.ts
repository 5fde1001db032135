/**
 * The load-scheduling board's reads and writes (R-BOARD-27..33), with one key factory: every board
 * the screen caches sits under `loadBoardKeys.all`, so hub events patch or refetch them all.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { loadBoardSchema, type LoadBoard } from '@dispatch/domain/dispatch/load-board';
import type { TruckStatusId } from '@dispatch/domain/trucks/truck-status';
import { apiGet, apiSend } from '../../lib/api-client';
import { invokeDispatchHub } from '../../realtime/dispatch-hub';

export type LoadBoardFilters = {
  from: string;
  to: string;
  /** Empty: every plant the user may see. */
  plantIds: readonly number[];
};

export const loadBoardKeys = {
  all: ['loadBoard'] as const,
  board: (filters: LoadBoardFilters) => [...loadBoardKeys.all, filters] as const,
};

export function loadBoardPath(filters: LoadBoardFilters): string {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.plantIds.length > 0) params.set('plantIds', filters.plantIds.join(','));
  return `/api/v1/load-board?${params.toString()}`;
}

export const loadBoardQuery = (filters: LoadBoardFilters) =>
  queryOptions({
    queryKey: loadBoardKeys.board(filters),
    queryFn: async ({ signal }): Promise<LoadBoard> =>
      await apiGet(loadBoardPath(filters), loadBoardSchema, { signal }),
    placeholderData: keepPreviousData,
    // Hub events keep it current; the stale time only bounds a missed event.
    staleTime: 60_000,
  });

/**
 * R-DISP-1: the truck takes the load; 409 names the winner when someone was first. A truck flagged
 * needs wash goes only with the dispatcher's confirmation (R-DISP-13).
 */
export function dispatchLoad(
  loadId: number,
  truckId: number,
  version: number,
  confirmNeedsWash = false,
): Promise<void> {
  return apiSend('POST', `/api/v1/loads/${loadId}/dispatch`, {
    truckId,
    version,
    ...(confirmNeedsWash ? { confirmNeedsWash } : {}),
  });
}

/** R-BOARD-39: prints the ticket again through the dispatcher, on its plant's print queue. */
export function reprintTicket(ticketId: number): Promise<unknown> {
  return invokeDispatchHub('PrintTicket', ticketId);
}

export function saveYardSequence(plantId: number, truckIds: readonly number[]): Promise<void> {
  return apiSend('PUT', `/api/v1/plants/${plantId}/yard-sequence`, { truckIds });
}

export function setTruckStatus(truckId: number, statusId: TruckStatusId): Promise<void> {
  return apiSend('PUT', `/api/v1/trucks/${truckId}/status`, { statusId });
}
