/**
 * Tickets through TanStack Query: the one key factory and the query options every screen uses, so
 * a day's tickets are cached once and hub events can find them.
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiEnvelopeSchema, type ApiEnvelope } from '@dispatch/domain/api/envelope';
import {
  ticketViewSchema,
  type TicketProductView,
  type TicketView,
} from '@dispatch/domain/tickets/ticket-view';
import { apiGet } from '../../lib/api-client';
import { listPageSize, readAllPages } from '../../lib/list-pages';

/** A ticket product as the server lists it; `price` is absent for levels that hide prices. */
export type TicketProductRow = TicketProductView;

/** A ticket as GET /api/v1/tickets lists it, with its products and what it shows of its order. */
export type TicketRow = TicketView;

/** `count` is every matching ticket of the day, even when `data` holds only the latest few. */
export type TicketList = ApiEnvelope<TicketRow[]>;

export type TicketListFilters = {
  /** One business day, YYYY-MM-DD. */
  date: string;
  plantIds?: number[];
  /** Only the newest this many; without it, the whole day. */
  latest?: number;
  /** Only tickets of these statuses (R-DELIV-2: the delivered ones, for the dashboard's count). */
  statusIds?: readonly number[];
};

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (filters: TicketListFilters) => [...ticketKeys.lists(), filters] as const,
  /** One ticket as the returned-concrete dialog reads it. */
  returned: (ticketId: number) => [...ticketKeys.all, ticketId, 'returned'] as const,
  /** The filters a list key was built with (keys come from `list`, so the shape is known). */
  filtersOf: (key: QueryKey): TicketListFilters | undefined => {
    const filters = key[2];
    return typeof filters === 'object' && filters !== null
      ? (filters as TicketListFilters)
      : undefined;
  },
};

function listPath(filters: TicketListFilters, offset: number, limit: number): string {
  // Without a sort the server answers newest first.
  const params = new URLSearchParams({
    date: filters.date,
    limit: String(limit),
    offset: String(offset),
  });
  if (filters.plantIds?.length) params.set('plantId', filters.plantIds.join(','));
  if (filters.statusIds?.length) params.set('statusId', filters.statusIds.join(','));
  return `/api/v1/tickets?${params.toString()}`;
}

async function fetchTickets(filters: TicketListFilters, signal: AbortSignal): Promise<TicketList> {
  if (filters.latest !== undefined) {
    const limit = Math.min(Math.max(1, filters.latest), listPageSize);
    return apiGet(listPath(filters, 0, limit), apiEnvelopeSchema(ticketViewSchema.array()), {
      signal,
    });
  }
  return readAllPages(
    (offset) => listPath(filters, offset, listPageSize),
    ticketViewSchema,
    signal,
  );
}

export const ticketQueries = {
  list: (filters: TicketListFilters) =>
    queryOptions({
      queryKey: ticketKeys.list(filters),
      queryFn: ({ signal }) => fetchTickets(filters, signal),
      // Hub events keep the list current; the stale time only bounds how long a missed event lasts.
      staleTime: 60_000,
    }),
};
