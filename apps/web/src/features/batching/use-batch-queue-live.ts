/**
 * R-BATCH-9: the batch queue follows the hub. A load sent, batched, failed or marked at the plant
 * refetches the plant's queues and that load's detail; a load dispatched or voided (loadUpdate_v1)
 * may join or leave a queue, so the queues shown refetch. After a reconnect everything refetches
 * (NOTIFY is at-most-once).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { BatchQueue } from '@dispatch/domain/batching/batch-queue';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import { loadStatusIds } from '@dispatch/domain/dispatch/load-status';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { batchKeys } from './batching-api';

export function useBatchQueueLive(plantId: number | null): void {
  const queryClient = useQueryClient();
  const refetchQueues = () => void queryClient.invalidateQueries({ queryKey: batchKeys.queues() });
  const refetchAll = () => void queryClient.invalidateQueries({ queryKey: batchKeys.all });

  useHubEvent('batchQueueUpdate_v1', (data) => {
    if (isIdsPayload(data)) return refetchAll();
    if (data.plantId === plantId) refetchQueues();
    void queryClient.invalidateQueries({ queryKey: batchKeys.detail(data.loadId) });
  });
  const shown = (loadId: number) =>
    queryClient
      .getQueriesData<BatchQueue>({ queryKey: batchKeys.queues() })
      .some(([, queue]) => queue?.data.some((row) => row.loadId === loadId));
  // A busy board changes loads all day: only one just dispatched, or one shown, concerns the queue.
  useHubEvent('loadUpdate_v1', (data) => {
    if (isIdsPayload(data) || data.statusId === loadStatusIds.ticketed || shown(data.id)) {
      refetchQueues();
    }
  });
  useHubReconnected(refetchAll);
}
