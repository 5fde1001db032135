/**
 * Raw material ranking (R-MIX-15..R-MIX-18): per plant, for each raw material its mixes call for,
 * the raw materials that may stand in for it, in the plant's order of preference (cement: Type
 * I/II first, then Type III). The raw material itself is one of them: first unless the plant
 * prefers another. Saved with a version, so two clerks never silently overwrite each other.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { id } from '../pricing/price-escalation';

/** A ranking longer than this is no longer a preference. */
export const maxRankedSubstitutes = 12;

/** R-MIX-16: what a save sends: the version read (null: the raw material had no ranking yet). */
export const rankingUpdateSchema = z.object({
  version: z.int('must be the version you read').min(1).max(int4Max).nullable(),
  order: z
    .array(id, { error: 'must be a list of raw material ids' })
    .min(1, 'must list at least the raw material itself')
    .max(maxRankedSubstitutes, `must list at most ${maxRankedSubstitutes} raw materials`),
});
export type RankingUpdate = z.infer<typeof rankingUpdateSchema>;

export type RankingProblem = { field: string; reason: string };

/**
 * R-MIX-16: the order must hold the ranked raw material itself and name each raw material once.
 * (That each exists and shares the ranked one's unit is the server's to check.)
 */
export function rankingProblems(rawMaterialId: number, order: readonly number[]): RankingProblem[] {
  const problems: RankingProblem[] = [];
  const seen = new Map<number, number>();
  order.forEach((each, index) => {
    const first = seen.get(each);
    if (first === undefined) seen.set(each, index);
    else {
      problems.push({
        field: `order.${index}`,
        reason: `is already ranked ${first + 1}: rank each raw material once`,
      });
    }
  });
  if (!seen.has(rawMaterialId)) {
    problems.push({ field: 'order', reason: 'must include the raw material being ranked' });
  }
  return problems;
}

/** A list with the item at `from` moved to `to` (drag and drop, or Alt+arrow: R-MIX-17). */
export function movedItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

export const rankedRawMaterialSchema = z.object({
  rawMaterialId: z.int(),
  code: z.string(),
  description: z.string(),
  unitOfMeasureId: z.int(),
  inactive: z.boolean(),
});
export type RankedRawMaterial = z.infer<typeof rankedRawMaterialSchema>;

/** R-MIX-15: one raw material's substitutes at one plant, best first. */
export const rawMaterialRankingSchema = z.object({
  /** Null while the plant has no ranking of it (the raw material alone is its ranking). */
  id: z.int().nullable(),
  plantId: z.int(),
  rawMaterial: rankedRawMaterialSchema,
  /** The plant's mixes that call for it. */
  usedByMixes: z.int(),
  version: z.int().nullable(),
  modifiedAt: z.string().nullable(),
  modifiedBy: z.string(),
  substitutes: z.array(rankedRawMaterialSchema),
});
export type RawMaterialRanking = z.infer<typeof rawMaterialRankingSchema>;

export const plantRankingsSchema = z.object({
  plantId: z.int(),
  plantName: z.string(),
  rankings: z.array(rawMaterialRankingSchema),
});
export type PlantRankings = z.infer<typeof plantRankingsSchema>;
