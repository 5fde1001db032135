/**
 * How ticketUpdate_v1 changes a cached ticket list: patch the row in place, drop it when it moved
 * to a plant the list leaves out, or ask for a refetch for a ticket the list lacks (the live view
 * carries no date, so a new ticket of the day cannot be told from an old one without the server).
 */
import type { TicketLiveView } from '@dispatch/domain/tickets/ticket';
import { applyLiveView, type LiveListChange } from '../../lib/live-list';
import type { TicketList, TicketListFilters } from './ticket-queries';

export type TicketListChange = LiveListChange<TicketList>;

function matches(filters: TicketListFilters, ticket: TicketLiveView): boolean {
  return !filters.plantIds?.length || filters.plantIds.includes(ticket.plantId);
}

export function applyTicketLiveView(
  list: TicketList,
  filters: TicketListFilters,
  view: TicketLiveView,
): TicketListChange {
  // A list of some statuses counts tickets it does not hold: any change may move its count.
  if (filters.statusIds?.length) return 'refetch';
  return applyLiveView<TicketList['data'][number], TicketList>(list, view.id, {
    belongs: () => matches(filters, view),
    patch: (current) =>
      current.statusId === view.statusId &&
      current.orderId === view.orderId &&
      current.plantId === view.plantId
        ? current
        : { ...current, statusId: view.statusId, orderId: view.orderId, plantId: view.plantId },
  });
}
