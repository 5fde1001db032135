import { useQueryClient } from '@tanstack/react-query';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import { plantLiveViewSchema } from '@dispatch/domain/plants/plant-live-view';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { applyPlantLiveView } from './plant-cache';
import { plantKeys, type PlantList } from './plant-queries';

/** Keeps every cached plant list current from plantUpdate_v1; refetches them after a reconnect. */
export function usePlantLiveUpdates(): void {
  const queryClient = useQueryClient();

  useHubEvent('plantUpdate_v1', (data) => {
    const view = isIdsPayload(data) ? undefined : plantLiveViewSchema.safeParse(data).data;
    if (!view) {
      void queryClient.invalidateQueries({ queryKey: plantKeys.all });
      return;
    }
    for (const query of queryClient.getQueryCache().findAll({ queryKey: plantKeys.lists() })) {
      const list = query.state.data as PlantList | undefined;
      // A list still loading may answer from before this change: only a new fetch is safe.
      const next =
        list && query.state.fetchStatus === 'idle'
          ? applyPlantLiveView(list, plantKeys.filtersOf(query.queryKey), view)
          : 'refetch';
      if (next === 'refetch')
        void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      else if (next !== list) queryClient.setQueryData(query.queryKey, next);
    }
  });

  useHubReconnected(() => {
    void queryClient.invalidateQueries({ queryKey: plantKeys.all });
  });
}
