/**
 * Concrete mix modification (R-MIX-1..R-MIX-6): a mix's recipe (its raw materials, quantities and
 * units, in batching order), the change a clerk saves with the version they read, and the mix's
 * history of changes, each line old and new. The recipe's fields are the concrete mix resource's
 * own (R-MAINT-15), so this screen and the concrete product screen accept exactly the same rows.
 */
import { z } from 'zod';
import {
  flag,
  idSchema,
  optionalAmountSchema,
  optionalCountSchema,
  optionalIdSchema,
  optionalText,
  textLength,
  int4Max,
} from '../api/fields';
import { concreteMixResource } from '../resources/concrete-mixes';

const lineFields = concreteMixResource.children.rawMaterials!.fields;

/** At most this many raw materials in one mix: more is a typing accident, not a design. */
export const maxRecipeLines = 60;

/** One line of a recipe as written: the raw material, its quantity per unit of mix, its unit. */
export const recipeLineInputSchema = z.object({
  rawMaterialId: lineFields.rawMaterialId!.schema as z.ZodType<number>,
  quantity: lineFields.quantity!.schema as z.ZodType<number>,
  unitOfMeasureId: lineFields.unitOfMeasureId!.schema as z.ZodType<number | null>,
});
export type RecipeLineInput = z.infer<typeof recipeLineInputSchema>;

/** The version read guards the whole recipe (R-CONC-1); the lines' order is the batching order. */
export const mixRecipeUpdateSchema = z
  .object({
    version: z.int('must be the version you read').min(1).max(int4Max),
    rawMaterials: z
      .array(recipeLineInputSchema, { error: 'must be a list of raw materials' })
      .min(1, 'must list at least one raw material')
      .max(maxRecipeLines, `must list at most ${maxRecipeLines} raw materials`),
    note: z.string({ error: 'must be text' }).trim().max(200).default(''),
  })
  .superRefine((update, context) => {
    // The resource's own rule: each raw material once (the table's key is mix + raw material).
    for (const rule of concreteMixResource.rules) {
      for (const problem of rule({ rawMaterials: update.rawMaterials })) {
        context.addIssue({
          code: 'custom',
          path: problem.field.split('.'),
          message: problem.reason,
        });
      }
    }
  });
export type MixRecipeUpdate = z.infer<typeof mixRecipeUpdateSchema>;
export type MixRecipeUpdateInput = z.input<typeof mixRecipeUpdateSchema>;

/** A recipe line as stored: with its batching sequence. */
export type StoredRecipeLine = {
  rawMaterialId: number;
  quantity: number;
  unitOfMeasureId: number | null;
  sequence: number;
};

/** A line as the screens show it: the raw material named, its unit named. */
export const recipeLineSchema = z.object({
  rawMaterialId: z.int(),
  code: z.string(),
  description: z.string(),
  quantity: z.number(),
  /** Null: the raw material's own unit (`rawMaterialUnitId`). */
  unitOfMeasureId: z.int().nullable(),
  rawMaterialUnitId: z.int(),
  sequence: z.int(),
});
export type RecipeLine = z.infer<typeof recipeLineSchema>;

/** One raw material's change: absent before (added) or after (removed), or a new quantity or unit. */
export const recipeLineChangeSchema = z.object({
  rawMaterialId: z.int(),
  code: z.string(),
  description: z.string(),
  quantityBefore: z.number().nullable(),
  quantityAfter: z.number().nullable(),
  unitBefore: z.int().nullable(),
  unitAfter: z.int().nullable(),
});
export type RecipeLineChange = z.infer<typeof recipeLineChangeSchema>;

/** A line change as stored in the history: names are looked up when it is read. */
export type StoredLineChange = Omit<RecipeLineChange, 'code' | 'description'>;

/** A design value changed on the concrete product screen (R-MIX-5). */
export const designChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type DesignChange = z.infer<typeof designChangeSchema>;

export const mixHistorySources = [
  'modification',
  'maintenance',
  'globalChange',
  'globalChangeReversal',
] as const;
export type MixHistorySource = (typeof mixHistorySources)[number];

/** R-MIX-5: who changed the mix, when, where from, and what, line by line. */
export const mixHistoryEntrySchema = z.object({
  id: z.int(),
  at: z.string(),
  username: z.string(),
  source: z.enum(mixHistorySources),
  /** The global mix design change that wrote it (or whose reversal did). */
  globalChangeId: z.int().nullable(),
  note: z.string(),
  /** The batching order changed too (or only it). */
  reordered: z.boolean(),
  lines: z.array(recipeLineChangeSchema),
  design: z.array(designChangeSchema),
});
export type MixHistoryEntry = z.infer<typeof mixHistoryEntrySchema>;

/**
 * The design values of a concrete mix (R-ENTITY-13), as the concrete mix resource names its
 * fields. Strength is psi or MPa, slump inches or millimetres and air a percentage, following the
 * order's imperial flag.
 */
export const mixDesignSchema = z.object({
  id: idSchema,
  plantId: optionalIdSchema,
  description: optionalText(textLength.name),
  strength: optionalAmountSchema,
  slump: optionalAmountSchema,
  air: optionalAmountSchema,
  aggregateSize: optionalText(textLength.code),
  cementType: optionalText(textLength.code),
  maxLoadSize: optionalAmountSchema,
  maxExtraWaterGallons: optionalAmountSchema,
  mixerSeconds: optionalCountSchema,
  sackEquivalent: optionalAmountSchema,
  waterToCementRatio: optionalAmountSchema,
  applyAdmixDosageFactor: flag(),
  inactiveFlag: flag(),
});
export type MixDesign = z.infer<typeof mixDesignSchema>;

/** The design fields a history entry may name (the entity's, less its id and recipe). */
export const mixDesignFields = Object.keys(mixDesignSchema.shape).filter(
  (name) => name !== 'id',
) as (keyof MixDesign)[];

/** R-MIX-2: what the modification screen shows of a mix. */
export const mixDetailSchema = mixDesignSchema.extend({
  productId: z.int(),
  productNumber: z.string(),
  productDescription: z.string(),
  plantName: z.string(),
  version: z.int(),
  modifiedAt: z.string(),
  modifiedBy: z.string(),
  lines: z.array(recipeLineSchema),
  history: z.array(mixHistoryEntrySchema),
});
export type MixDetail = z.infer<typeof mixDetailSchema>;

const sameUnit = (a: number | null, b: number | null) => (a ?? null) === (b ?? null);

/**
 * R-MIX-5: what changed between two recipes, raw material by raw material: the lines of `after`
 * in their order (added or changed), then the lines `before` had that `after` lacks (removed).
 * A line whose quantity and unit are the same is not a change, wherever it moved.
 */
export function recipeChanges(
  before: readonly Omit<StoredRecipeLine, 'sequence'>[],
  after: readonly Omit<StoredRecipeLine, 'sequence'>[],
): StoredLineChange[] {
  const old = new Map(before.map((line) => [line.rawMaterialId, line]));
  const kept = new Set(after.map((line) => line.rawMaterialId));
  const changes: StoredLineChange[] = [];
  for (const line of after) {
    const was = old.get(line.rawMaterialId);
    if (
      was &&
      was.quantity === line.quantity &&
      sameUnit(was.unitOfMeasureId, line.unitOfMeasureId)
    )
      continue;
    changes.push({
      rawMaterialId: line.rawMaterialId,
      quantityBefore: was?.quantity ?? null,
      quantityAfter: line.quantity,
      unitBefore: was ? was.unitOfMeasureId : null,
      unitAfter: line.unitOfMeasureId,
    });
  }
  for (const line of before) {
    if (kept.has(line.rawMaterialId)) continue;
    changes.push({
      rawMaterialId: line.rawMaterialId,
      quantityBefore: line.quantity,
      quantityAfter: null,
      unitBefore: line.unitOfMeasureId,
      unitAfter: null,
    });
  }
  return changes;
}

/** Did the batching order of the raw materials both recipes hold change? */
export function recipeReordered(
  before: readonly Pick<StoredRecipeLine, 'rawMaterialId' | 'sequence'>[],
  after: readonly Pick<StoredRecipeLine, 'rawMaterialId' | 'sequence'>[],
): boolean {
  const common = (lines: typeof before, other: typeof before) => {
    const ids = new Set(other.map((line) => line.rawMaterialId));
    return [...lines]
      .filter((line) => ids.has(line.rawMaterialId))
      .sort((a, b) => a.sequence - b.sequence)
      .map((line) => line.rawMaterialId);
  };
  return common(before, after).join() !== common(after, before).join();
}

/** The lines as written: each takes its place in the list as its batching sequence. */
export function sequencedRecipe(lines: readonly RecipeLineInput[]): StoredRecipeLine[] {
  return lines.map((line, sequence) => ({
    rawMaterialId: line.rawMaterialId,
    quantity: line.quantity,
    unitOfMeasureId: line.unitOfMeasureId ?? null,
    sequence,
  }));
}

/** The recipe's lines, same raw materials, quantities, units and order: nothing to save. */
export function sameRecipe(
  before: readonly StoredRecipeLine[],
  after: readonly StoredRecipeLine[],
): boolean {
  return recipeChanges(before, after).length === 0 && !recipeReordered(before, after);
}
