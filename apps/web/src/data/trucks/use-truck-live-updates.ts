import { useQueryClient } from '@tanstack/react-query';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import { truckLiveViewSchema } from '@dispatch/domain/trucks/truck-views';
import { truckSequenceEventSchema } from '@dispatch/domain/trucks/yard-sequence';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { applyTruckLiveView, applyTruckSequence, type TruckListChange } from './truck-cache';
import { truckKeys, type TruckList, type TruckListFilters } from './truck-queries';

function versionOf(data: unknown): number | undefined {
  const version = (data as { version?: unknown }).version;
  return typeof version === 'number' ? version : undefined;
}

/**
 * Keeps every cached truck list current from truckUpdate_v1 and truckSequenceUpdate_v1, and
 * refetches them after a reconnect (NOTIFY is at-most-once, so events may have been missed).
 */
export function useTruckLiveUpdates(): void {
  const queryClient = useQueryClient();

  const patchLists = (change: (list: TruckList, filters: TruckListFilters) => TruckListChange) => {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: truckKeys.lists() })) {
      const list = query.state.data as TruckList | undefined;
      // A list still loading may answer from before this change: only a new fetch is safe.
      const next =
        list && query.state.fetchStatus === 'idle'
          ? change(list, truckKeys.filtersOf(query.queryKey))
          : 'refetch';
      if (next === 'refetch')
        void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      else if (next !== list) queryClient.setQueryData(query.queryKey, next);
    }
  };
  const refetchAll = () => void queryClient.invalidateQueries({ queryKey: truckKeys.all });

  useHubEvent('truckUpdate_v1', (data) => {
    const parsed = isIdsPayload(data) ? undefined : truckLiveViewSchema.safeParse(data).data;
    if (!parsed) return refetchAll();
    const view = { ...parsed, version: versionOf(data) };
    patchLists((list, filters) => applyTruckLiveView(list, filters, view));
  });

  useHubEvent('truckSequenceUpdate_v1', (data) => {
    const event = isIdsPayload(data) ? undefined : truckSequenceEventSchema.safeParse(data).data;
    if (!event) return refetchAll();
    patchLists((list, filters) => applyTruckSequence(list, filters, event));
  });

  useHubReconnected(refetchAll);
}
