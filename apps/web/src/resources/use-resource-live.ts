/**
 * Someone saved a record of this resource (resourceChanged_v1, R-LIVE-1): lists refresh what
 * they show, pick lists and the cached record are refetched. After a hub reconnect, events may
 * have been missed (NOTIFY is at-most-once), so everything shown is refreshed too.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ResourceChange } from '@dispatch/domain/dispatch/dispatch-events';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import { useHubEvent, useHubReconnected } from '../realtime/hub-events';
import { resourceKeys } from './resource-queries';

export function useResourceLive(name: string, onChange?: (change: ResourceChange) => void): number {
  const queryClient = useQueryClient();
  const [refreshToken, setRefreshToken] = useState(0);
  const refreshAll = () => {
    setRefreshToken((token) => token + 1);
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(name) });
  };
  useHubEvent('resourceChanged_v1', (data) => {
    if (isIdsPayload(data)) return refreshAll();
    if (data.resource !== name) return;
    setRefreshToken((token) => token + 1);
    void queryClient.invalidateQueries({ queryKey: resourceKeys.options(name) });
    onChange?.(data);
  });
  useHubReconnected(refreshAll);
  return refreshToken;
}
