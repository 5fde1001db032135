/**
 * How ticketUpdate_v1 changes a cached ticket list: patch the row in place, drop it when it moved
 * to a plant the list leaves out, or ask for a refetch for a ticket the list lacks (the live view
 * carries no date, so a new ticket of the day cannot be told from an old one without the server).
 */
import type { TicketLiveView } from '@dispatch/domain/entities/ticket';
import type { TicketList, TicketListFilters } from './ticket-queries';

/** The same list object back means nothing changed; 'refetch' means the cache cannot be patched. */
export type TicketListChange = TicketList | 'refetch';

function matches(filters: TicketListFilters, ticket: TicketLiveView): boolean {
  return !filters.plantIds?.length || filters.plantIds.includes(ticket.plantId);
}

export function applyTicketLiveView(
  list: TicketList,
  filters: TicketListFilters,
  view: TicketLiveView,
): TicketListChange {
  const index = list.data.findIndex((row) => row.id === view.id);
  const current = list.data[index];
  if (!current) return matches(filters, view) ? 'refetch' : list;
  if (!matches(filters, view)) {
    return { ...list, count: list.count - 1, data: list.data.filter((row) => row.id !== view.id) };
  }
  if (
    current.statusId === view.statusId &&
    current.orderId === view.orderId &&
    current.plantId === view.plantId
  ) {
    return list;
  }
  const data = list.data.slice();
  data[index] = {
    ...current,
    statusId: view.statusId,
    orderId: view.orderId,
    plantId: view.plantId,
  };
  return { ...list, data };
}
