import { useQueryClient } from '@tanstack/react-query';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import { loadSchema } from '@dispatch/domain/dispatch/load';
import { orderLiveViewSchema } from '@dispatch/domain/orders/order';
import { ticketLiveViewSchema } from '@dispatch/domain/tickets/ticket';
import { idSchema } from '@dispatch/domain/api/fields';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { applyOrderLiveView, holdsOrder, removeOrder, type OrderBoardChange } from './order-cache';
import { orderKeys, type OrderBoard, type OrderBoardFilters } from './order-queries';

function versionOf(data: unknown): number | undefined {
  const version = (data as { version?: unknown }).version;
  return typeof version === 'number' ? version : undefined;
}

/**
 * Keeps every cached order board current from orderUpdate_v1 and orderDelete_v1. A load or ticket
 * event changes what its order has delivered, which only the server can total, so the boards
 * holding that order refetch. After a reconnect every board refetches (NOTIFY is at-most-once).
 */
export function useOrderLiveUpdates(): void {
  const queryClient = useQueryClient();

  const boards = () => queryClient.getQueryCache().findAll({ queryKey: orderKeys.boards() });
  const refetch = (queryKey: readonly unknown[]) =>
    void queryClient.invalidateQueries({ queryKey, exact: true });
  const refetchAll = () => void queryClient.invalidateQueries({ queryKey: orderKeys.all });

  const patchBoards = (
    change: (board: OrderBoard, filters: OrderBoardFilters) => OrderBoardChange,
  ) => {
    for (const query of boards()) {
      const board = query.state.data as OrderBoard | undefined;
      const filters = orderKeys.filtersOf(query.queryKey);
      // A board still loading may answer from before this change: only a new fetch is safe.
      const next =
        board && filters && query.state.fetchStatus === 'idle' ? change(board, filters) : 'refetch';
      if (next === 'refetch') refetch(query.queryKey);
      else if (next !== board) queryClient.setQueryData(query.queryKey, next);
    }
  };

  const refetchBoardsHolding = (orderId: number) => {
    for (const query of boards()) {
      const board = query.state.data as OrderBoard | undefined;
      if (!board || holdsOrder(board, orderId)) refetch(query.queryKey);
    }
  };

  useHubEvent('orderUpdate_v1', (data) => {
    const parsed = isIdsPayload(data) ? undefined : orderLiveViewSchema.safeParse(data).data;
    if (!parsed) return refetchAll();
    const view = { ...parsed, version: versionOf(data) };
    patchBoards((board, filters) => applyOrderLiveView(board, filters, view));
  });

  useHubEvent('orderDelete_v1', (data) => {
    const id = isIdsPayload(data) ? undefined : idSchema.safeParse(data.id).data;
    if (id === undefined) return refetchAll();
    // A board without the order has nothing to remove, so it is left as it is.
    patchBoards((board) => removeOrder(board, id));
  });

  useHubEvent('loadUpdate_v1', (data) => {
    const load = isIdsPayload(data) ? undefined : loadSchema.safeParse(data).data;
    if (!load) return refetchAll();
    refetchBoardsHolding(load.orderId);
  });

  useHubEvent('ticketUpdate_v1', (data) => {
    const ticket = isIdsPayload(data) ? undefined : ticketLiveViewSchema.safeParse(data).data;
    if (!ticket) return refetchAll();
    refetchBoardsHolding(ticket.orderId);
  });

  useHubReconnected(refetchAll);
}
