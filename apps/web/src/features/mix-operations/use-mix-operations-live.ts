/**
 * R-MIX-18: the mix screens follow the hub. A saved mix refreshes the lists and that mix (the
 * screen decides what to do with a form someone else changed); a saved ranking refreshes the
 * plant's rankings; an applied or reversed global change refreshes the list of changes. After a
 * reconnect everything shown is fetched again (NOTIFY is at-most-once).
 */
import { useQueryClient } from '@tanstack/react-query';
import { isIdsPayload, type ResourceChange } from '@dispatch/domain/dispatch/dispatch-events';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { mixKeys } from './mix-operations-api';

export function useMixOperationsLive(onMixChanged?: (change: ResourceChange) => void): void {
  const queryClient = useQueryClient();
  const refresh = (queryKey: readonly unknown[]) =>
    void queryClient.invalidateQueries({ queryKey });
  useHubEvent('resourceChanged_v1', (data) => {
    if (isIdsPayload(data)) return refresh(mixKeys.all);
    switch (data.resource) {
      case 'concreteMixes':
        refresh(mixKeys.lists());
        refresh(mixKeys.mix(data.id));
        // A mix's recipe is what the rankings count.
        refresh([...mixKeys.all, 'rankings']);
        onMixChanged?.(data);
        return;
      case 'rawMaterialRankings':
        return refresh([...mixKeys.all, 'rankings']);
      case 'globalMixChanges':
        return refresh(mixKeys.changes());
      case 'rawMaterials':
      case 'plants':
        return refresh(mixKeys.choices());
      default:
        return undefined;
    }
  });
  useHubReconnected(() => refresh(mixKeys.all));
}
