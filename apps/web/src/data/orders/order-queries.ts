/**
 * Orders through TanStack Query: the one key factory and the query options every screen uses, so
 * a day's board is cached once and hub events can find it.
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { ApiEnvelope } from '@dispatch/domain/api/envelope';
import type { OrderStatusId } from '@dispatch/domain/orders/order-status';
import { orderBoardRowSchema, type OrderBoardRow } from '@dispatch/domain/orders/order-views';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { readAllPages, listPageSize } from '../../lib/list-pages';

/**
 * A row of GET /api/v1/orders?view=board: what a dispatcher scans at a glance. The quantities are
 * the sums of the order's primary schedule products, in `unitOfMeasure` (null when they differ).
 */
export type { OrderBoardRow };

export type OrderBoard = ApiEnvelope<OrderBoardRow[]>;

export type OrderBoardFilters = {
  /** One business day, YYYY-MM-DD. */
  shipDate: string;
  plantIds?: number[];
  systemTypeId?: SystemTypeId;
  orderStatusIds?: OrderStatusId[];
};

/** Every order read sits under `all`, so an order hub event the cache cannot apply drops them all. */
export const orderKeys = {
  all: ['orders'] as const,
  boards: () => [...orderKeys.all, 'board'] as const,
  board: (filters: OrderBoardFilters) => [...orderKeys.boards(), filters] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  history: (id: number) => [...orderKeys.all, 'history', id] as const,
  /** A customer, job or plant as order entry reads it (`path` is the resource's path). */
  reference: (path: string, id: number | null) =>
    [...orderKeys.all, 'reference', path, id] as const,
  /** The tax rate order entry shows for the form's customer, job, plant, day and first product. */
  taxRate: (...parts: readonly unknown[]) => [...orderKeys.all, 'taxRate', ...parts] as const,
  /** The filters a board key was built with (keys come from `board`, so the shape is known). */
  filtersOf: (key: QueryKey): OrderBoardFilters | undefined => {
    const filters = key[2];
    return typeof filters === 'object' && filters !== null
      ? (filters as OrderBoardFilters)
      : undefined;
  },
};

function boardPath(filters: OrderBoardFilters, offset: number): string {
  const params = new URLSearchParams({
    view: 'board',
    shipDate: filters.shipDate,
    limit: String(listPageSize),
    offset: String(offset),
  });
  if (filters.plantIds?.length) params.set('plantId', filters.plantIds.join(','));
  if (filters.systemTypeId !== undefined) params.set('systemTypeId', String(filters.systemTypeId));
  if (filters.orderStatusIds?.length) {
    params.set('orderStatusId', filters.orderStatusIds.join(','));
  }
  return `/api/v1/orders?${params.toString()}`;
}

/** The whole day: further pages are read while the server reports more rows. */
function fetchBoard(filters: OrderBoardFilters, signal: AbortSignal): Promise<OrderBoard> {
  return readAllPages((offset) => boardPath(filters, offset), orderBoardRowSchema, signal);
}

export const orderQueries = {
  board: (filters: OrderBoardFilters) =>
    queryOptions({
      queryKey: orderKeys.board(filters),
      queryFn: ({ signal }) => fetchBoard(filters, signal),
      // Hub events keep the board current; the stale time only bounds how long a missed event lasts.
      staleTime: 60_000,
    }),
};
