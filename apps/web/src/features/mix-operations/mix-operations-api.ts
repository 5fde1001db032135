/**
 * The mix operation screens' reads and writes (R-MIX), with one key factory: every cached answer
 * sits under `mixKeys.all`, so a hub event refreshes what it concerns and nothing is copied.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  globalMixChangeDetailSchema,
  globalMixChangeSchema,
  mixChangePreviewSchema,
  type GlobalMixChangeDetail,
  type MixChangeApplyInput,
  type MixChangePreview,
  type MixChangeRequestInput,
  type MixSelectionInput,
} from '@dispatch/domain/mixes/mix-design-change';
import {
  mixChoicesSchema,
  mixListRowSchema,
  queryEntriesOfSelection,
} from '@dispatch/domain/mixes/mix-lists';
import {
  mixDetailSchema,
  type MixDetail,
  type MixRecipeUpdateInput,
} from '@dispatch/domain/mixes/mix-recipe';
import {
  plantRankingsSchema,
  rawMaterialRankingSchema,
  type RankingUpdate,
  type RawMaterialRanking,
} from '@dispatch/domain/mixes/raw-material-ranking';
import { apiGet, apiRequest } from '../../lib/api-client';

const base = '/api/v1/mix-operations';

export const mixKeys = {
  all: ['mixOperations'] as const,
  choices: () => [...mixKeys.all, 'choices'] as const,
  lists: () => [...mixKeys.all, 'mixes'] as const,
  list: (selection: MixSelectionInput, limit: number) =>
    [...mixKeys.lists(), selection, limit] as const,
  mix: (id: number) => [...mixKeys.all, 'mix', id] as const,
  rankings: (plantId: number) => [...mixKeys.all, 'rankings', plantId] as const,
  changes: () => [...mixKeys.all, 'changes'] as const,
  change: (id: number) => [...mixKeys.changes(), id] as const,
};

export const mixChoicesQuery = () =>
  queryOptions({
    queryKey: mixKeys.choices(),
    queryFn: async ({ signal }) => await apiGet(`${base}/choices`, mixChoicesSchema, { signal }),
    staleTime: 5 * 60_000,
  });

const mixListSchema = z.object({ count: z.number(), data: z.array(mixListRowSchema) });

/** R-MIX-1, R-MIX-8: the mixes a selection matches, a page of `limit`. */
export const mixListQuery = (selection: MixSelectionInput, limit = 100, enabled = true) =>
  queryOptions({
    queryKey: mixKeys.list(selection, limit),
    queryFn: async ({ signal }) =>
      await apiGet(
        `${base}/mixes?${new URLSearchParams(queryEntriesOfSelection(selection, { limit })).toString()}`,
        mixListSchema,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });

export const mixDetailQuery = (id: number | null) =>
  queryOptions({
    queryKey: mixKeys.mix(id ?? 0),
    queryFn: async ({ signal }) => await apiGet(`${base}/mixes/${id}`, mixDetailSchema, { signal }),
    enabled: id !== null,
  });

export async function saveMixRecipe(id: number, update: MixRecipeUpdateInput): Promise<MixDetail> {
  return await apiRequest('PUT', `${base}/mixes/${id}/recipe`, update, mixDetailSchema);
}

export const rankingsQuery = (plantId: number | null) =>
  queryOptions({
    queryKey: mixKeys.rankings(plantId ?? 0),
    queryFn: async ({ signal }) =>
      await apiGet(`${base}/rankings?plantId=${plantId}`, plantRankingsSchema, { signal }),
    enabled: plantId !== null,
  });

export async function saveRanking(
  plantId: number,
  rawMaterialId: number,
  update: RankingUpdate,
): Promise<RawMaterialRanking> {
  return await apiRequest(
    'PUT',
    `${base}/rankings/${plantId}/${rawMaterialId}`,
    update,
    rawMaterialRankingSchema,
  );
}

const changeListSchema = z.object({ count: z.number(), data: z.array(globalMixChangeSchema) });

export const mixChangesQuery = () =>
  queryOptions({
    queryKey: mixKeys.changes(),
    queryFn: async ({ signal }) =>
      await apiGet(`${base}/global-changes?limit=100`, changeListSchema, { signal }),
  });

export const mixChangeDetailQuery = (id: number) =>
  queryOptions({
    queryKey: mixKeys.change(id),
    queryFn: async ({ signal }) =>
      await apiGet(`${base}/global-changes/${id}`, globalMixChangeDetailSchema, { signal }),
  });

export async function previewMixChange(request: MixChangeRequestInput): Promise<MixChangePreview> {
  return await apiRequest(
    'POST',
    `${base}/global-changes/preview`,
    request,
    mixChangePreviewSchema,
  );
}

export async function applyMixChange(request: MixChangeApplyInput): Promise<GlobalMixChangeDetail> {
  return await apiRequest('POST', `${base}/global-changes`, request, globalMixChangeDetailSchema);
}

export async function reverseMixChange(id: number): Promise<GlobalMixChangeDetail> {
  return await apiRequest(
    'POST',
    `${base}/global-changes/${id}/reverse`,
    undefined,
    globalMixChangeDetailSchema,
  );
}
