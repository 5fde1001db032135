/**
 * R-MAP-1..3: the map's answer (GET /api/v1/trucks/map) through TanStack Query, kept live by the
 * hub: positions move trucks in the cache, a status change recolours its truck and reads the map
 * again (the truck's load and job may have changed), debounced so a burst costs one read; a
 * reconnect reads it again (NOTIFY is at-most-once).
 */
import { useEffect, useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import { truckMapSchema, type TruckMap } from '@dispatch/domain/trucks/truck-map';
import { truckPositionUpdateSchema } from '@dispatch/domain/trucks/truck-positions';
import { truckLiveViewSchema } from '@dispatch/domain/trucks/truck-views';
import { apiGet } from '../../lib/api-client';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { applyPosition, applyStatus, mergeAnswer } from './truck-map-live';

export const truckMapPath = '/api/v1/trucks/map';
export const truckMapKey = ['truck-map'] as const;
/** A status change reads the map again this long after the first event of a burst. */
export const mapRefetchDelayMs = 500;

export const truckMapQuery = () =>
  queryOptions({
    queryKey: truckMapKey,
    queryFn: async ({ signal, client }): Promise<TruckMap> =>
      mergeAnswer(
        await apiGet(truckMapPath, truckMapSchema, { signal }),
        client.getQueryData<TruckMap>(truckMapKey),
      ),
    // The hub keeps it current; the stale time only bounds how long a missed event lasts.
    staleTime: 60_000,
  });

export function useTruckMap() {
  const queryClient = useQueryClient();
  const map = useQuery(truckMapQuery());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const refetchSoon = () => {
    // The first event of a burst sets the time; later ones ride on it, so a steady stream of
    // status changes still reads the map twice a second at most.
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: truckMapKey });
    }, mapRefetchDelayMs);
  };

  const patch = (change: (shown: TruckMap) => TruckMap) => {
    const shown = queryClient.getQueryData<TruckMap>(truckMapKey);
    if (!shown) return;
    const next = change(shown);
    if (next !== shown) queryClient.setQueryData(truckMapKey, next);
  };

  useHubEvent('truckPositionUpdate_v1', (data) => {
    if (isIdsPayload(data)) return refetchSoon();
    const update = truckPositionUpdateSchema.safeParse(data);
    if (!update.success) return;
    const shown = queryClient.getQueryData<TruckMap>(truckMapKey);
    if (!shown) return;
    const { map: next, outcome } = applyPosition(shown, update.data);
    if (outcome === 'unknown') refetchSoon();
    else if (outcome === 'moved') queryClient.setQueryData(truckMapKey, next);
  });

  useHubEvent('truckUpdate_v1', (data) => {
    const view = isIdsPayload(data) ? undefined : truckLiveViewSchema.safeParse(data).data;
    if (view) patch((shown) => applyStatus(shown, view));
    refetchSoon();
  });

  useHubReconnected(refetchSoon);
  return map;
}
