/**
 * The batch queue's reads and actions (R-BATCH-1..3), with one key factory: every queue and detail
 * the screen caches sits under `batchKeys.all`, so a hub event refreshes what it touches.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  batchDetailSchema,
  batchQueueSchema,
  type BatchDetail,
  type BatchQueue,
} from '@dispatch/domain/batching/batch-queue';
import { apiGet, apiRequest } from '../../lib/api-client';

export type BatchQueueFilters = { plantId: number; alley: number | null };

export const batchKeys = {
  all: ['batchQueue'] as const,
  queues: () => [...batchKeys.all, 'queue'] as const,
  queue: (filters: BatchQueueFilters) => [...batchKeys.queues(), filters] as const,
  details: () => [...batchKeys.all, 'detail'] as const,
  detail: (loadId: number) => [...batchKeys.details(), loadId] as const,
};

export const batchQueueQuery = (filters: BatchQueueFilters) =>
  queryOptions({
    queryKey: batchKeys.queue(filters),
    queryFn: async ({ signal }): Promise<BatchQueue> => {
      const params = new URLSearchParams({ plantId: String(filters.plantId) });
      if (filters.alley !== null) params.set('alley', String(filters.alley));
      return await apiGet(`/api/v1/batch-queue?${params.toString()}`, batchQueueSchema, { signal });
    },
    placeholderData: keepPreviousData,
    // Hub events keep it current; the stale time only bounds a missed event.
    staleTime: 60_000,
  });

export const batchDetailQuery = (loadId: number) =>
  queryOptions({
    queryKey: batchKeys.detail(loadId),
    queryFn: async ({ signal }): Promise<BatchDetail> =>
      await apiGet(`/api/v1/batch-queue/${loadId}`, batchDetailSchema, { signal }),
    staleTime: 60_000,
  });

export type BatchActionPath = 'send' | 'retry' | 'mark-batched';

export async function runBatchAction(
  loadId: number,
  action: BatchActionPath,
  alley: number | null,
): Promise<BatchDetail> {
  const body = alley === null ? {} : { alley };
  return await apiRequest(
    'POST',
    `/api/v1/batch-queue/${loadId}/${action}`,
    body,
    batchDetailSchema,
  );
}
