/**
 * R-PEND-9: the pending orders follow the hub. An order changed, deleted or put on hold, a request
 * made or answered, a customer's credit status changed: any of these may add, drop or change a
 * row, which only the server can say (an order's live view carries neither its reason nor its
 * customer's credit), so the lists refetch. An order event that neither makes an order pending
 * nor touches a row shown is let pass, so a busy board does not keep this list reading. After a
 * reconnect the lists refetch too (NOTIFY is at-most-once).
 */
import { useQueryClient } from '@tanstack/react-query';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import { pendingKindOfStatus, type PendingList } from '@dispatch/domain/orders/pending-orders';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { pendingOrderKeys } from './pending-orders-api';

/** Resources whose changes show in the list: the customer's credit status, and what it means. */
const watchedResources = new Set(['customers', 'creditStatuses']);

export function usePendingOrdersLive(): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: pendingOrderKeys.all });
  const shown = (id: number) =>
    queryClient
      .getQueriesData<PendingList>({ queryKey: pendingOrderKeys.all })
      .some(([, list]) => list?.data.some((row) => row.kind !== 'request' && row.id === id));

  useHubEvent('orderUpdate_v1', (data) => {
    if (isIdsPayload(data)) return refetch();
    if (pendingKindOfStatus(data.orderStatusId) !== null || shown(data.id)) refetch();
  });
  useHubEvent('orderDelete_v1', (data) => {
    if (isIdsPayload(data) || shown(data.id)) refetch();
  });
  useHubEvent('orderRequestUpdate_v1', refetch);
  useHubEvent('resourceChanged_v1', (data) => {
    if (isIdsPayload(data) || watchedResources.has(data.resource)) refetch();
  });
  useHubReconnected(refetch);
}
