import { useQueryClient } from '@tanstack/react-query';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import { ticketLiveViewSchema } from '@dispatch/domain/tickets/ticket';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { applyTicketLiveView } from './ticket-cache';
import { ticketKeys, type TicketList } from './ticket-queries';

/**
 * Keeps every cached ticket list current from ticketUpdate_v1, and refetches them after a
 * reconnect (NOTIFY is at-most-once, so events may have been missed).
 */
export function useTicketLiveUpdates(): void {
  const queryClient = useQueryClient();
  const refetchAll = () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all });

  useHubEvent('ticketUpdate_v1', (data) => {
    const view = isIdsPayload(data) ? undefined : ticketLiveViewSchema.safeParse(data).data;
    if (!view) return refetchAll();
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ticketKeys.lists() })) {
      const list = query.state.data as TicketList | undefined;
      const filters = ticketKeys.filtersOf(query.queryKey);
      // A list still loading may answer from before this change: only a new fetch is safe.
      const next =
        list && filters && query.state.fetchStatus === 'idle'
          ? applyTicketLiveView(list, filters, view)
          : 'refetch';
      if (next === 'refetch')
        void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      else if (next !== list) queryClient.setQueryData(query.queryKey, next);
    }
  });

  useHubReconnected(refetchAll);
}
