/**
 * Global mix design change (R-MIX-7..R-MIX-14): one raw material changed across many mixes and
 * plants: replaced by another (same quantity, or times a conversion factor), scaled by a percent,
 * or set to a quantity. The request, the arithmetic and the answers live here, so the preview the
 * server answers, the rows its apply writes and what the screen shows are one computation.
 *
 * Built like price escalation (R-ESC): its id lists, its percent limits and its exact rounding
 * (`divideRoundingHalfAwayFromZero`) are used, not copied.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import {
  decimals,
  divideRoundingHalfAwayFromZero,
  id,
  ids,
  percentLimits,
} from '../pricing/price-escalation';
import { concreteMixResource } from '../resources/concrete-mixes';
import { recipeLineChangeSchema, type StoredLineChange, type StoredRecipeLine } from './mix-recipe';

export const mixChangeActions = ['replace', 'scale', 'set'] as const;
export type MixChangeAction = (typeof mixChangeActions)[number];

/** At most this many mixes in one change: a preview a person can read, a transaction that ends. */
export const maxMixesPerChange = 5000;

/** A conversion factor lies in (0, 1000] with at most six decimals (pounds to kilograms: 0.453592). */
export const factorLimits = { max: 1000, decimals: 6 } as const;

/** The largest quantity a recipe line holds (the resource's own bound). */
export const highestQuantity = 999_999_999;

const quantityField = concreteMixResource.children.rawMaterials!.fields.quantity!;

const strength = z
  .number({ error: 'must be a number' })
  .min(0, 'must be at least 0')
  .max(999_999, 'must be at most 999999')
  .nullable()
  .default(null);

/**
 * R-MIX-8: which mixes: plants (none chosen: every concrete plant), a strength range, words of
 * the description or product number, the mixes using a raw material, and, when the clerk picked
 * them by hand, the mixes themselves. Each narrows; an empty one does not. Inactive mixes only
 * when asked for.
 */
export const mixSelectionSchema = z
  .object({
    plantIds: ids(),
    mixIds: ids(maxMixesPerChange),
    search: z.string({ error: 'must be text' }).trim().max(100).default(''),
    strengthMin: strength,
    strengthMax: strength,
    usingRawMaterialId: id.nullable().default(null),
    includeInactive: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .superRefine((selection, context) => {
    if (
      selection.strengthMin !== null &&
      selection.strengthMax !== null &&
      selection.strengthMin > selection.strengthMax
    ) {
      context.addIssue({
        code: 'custom',
        path: ['strengthMax'],
        message: 'must not be below the lowest strength',
      });
    }
  });
export type MixSelection = z.infer<typeof mixSelectionSchema>;
export type MixSelectionInput = z.input<typeof mixSelectionSchema>;

const changeShape = {
  selection: mixSelectionSchema.default(() => mixSelectionSchema.parse({})),
  rawMaterialId: id,
  action: z.enum(mixChangeActions, { error: 'must be replace, scale or set' }),
  replacementRawMaterialId: id.nullable().default(null),
  /** replace: the new quantity is the old one times this (none: 1, the same quantity). */
  factor: z.number({ error: 'must be a number' }).nullable().default(null),
  /** scale: up (positive) or down (negative), -100 to 1000. */
  percent: z.number({ error: 'must be a number' }).nullable().default(null),
  /** set: the quantity every line of the raw material gets, in its own unit. */
  quantity: z.number({ error: 'must be a number' }).nullable().default(null),
  description: z.string({ error: 'must be text' }).trim().max(200).default(''),
};

type ChangeFields = z.infer<z.ZodObject<typeof changeShape>>;

function checkAction(change: ChangeFields, context: z.RefinementCtx): void {
  const problem = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (change.action === 'replace') {
    if (change.replacementRawMaterialId === null) {
      problem('replacementRawMaterialId', 'is required to replace a raw material');
    } else if (change.replacementRawMaterialId === change.rawMaterialId) {
      problem('replacementRawMaterialId', 'must differ from the raw material it replaces');
    }
    const factor = change.factor;
    if (factor !== null) {
      if (factor <= 0 || factor > factorLimits.max) {
        problem('factor', `must be above 0 and at most ${factorLimits.max}`);
      } else if (decimals(factor) > factorLimits.decimals) {
        problem('factor', `must have at most ${factorLimits.decimals} decimals`);
      }
    }
  } else if (change.action === 'scale') {
    const percent = change.percent;
    if (percent === null) problem('percent', 'is required to scale a raw material');
    else if (percent === 0) problem('percent', 'must not be zero');
    else if (percent < percentLimits.min || percent > percentLimits.max) {
      problem('percent', `must be a percent from ${percentLimits.min} to ${percentLimits.max}`);
    } else if (decimals(percent) > 4) problem('percent', 'must have at most 4 decimals');
  } else if (change.quantity === null) {
    problem('quantity', 'is required to set a quantity');
  } else {
    const parsed = quantityField.schema.safeParse(change.quantity);
    if (!parsed.success) problem('quantity', parsed.error.issues[0]?.message ?? 'is not valid');
  }
}

/** Only the values the action uses are kept: a scale carries no factor, a set no percent. */
function normalised<T extends ChangeFields>(change: T): T {
  return {
    ...change,
    replacementRawMaterialId: change.action === 'replace' ? change.replacementRawMaterialId : null,
    factor: change.action === 'replace' ? (change.factor ?? 1) : null,
    percent: change.action === 'scale' ? change.percent : null,
    quantity: change.action === 'set' ? change.quantity : null,
  };
}

/** R-MIX-7: what the preview takes. */
export const mixChangeRequestSchema = z
  .object(changeShape)
  .superRefine(checkAction)
  .transform(normalised);
export type MixChangeRequest = z.infer<typeof mixChangeRequestSchema>;
export type MixChangeRequestInput = z.input<typeof mixChangeRequestSchema>;

/** A mix as the preview showed it: apply refuses (409) when it changed since (R-MIX-11). */
export const previewedVersionSchema = z.object({
  mixId: id,
  version: z.int('must be a whole number').min(1).max(int4Max),
});

/** R-MIX-11: what apply takes: the request previewed, and the version of every mix it listed. */
export const mixChangeApplySchema = z
  .object({
    ...changeShape,
    versions: z
      .array(previewedVersionSchema, { error: 'must list the previewed mixes and versions' })
      .min(1, 'must list the previewed mixes: preview first')
      .max(maxMixesPerChange, `must list at most ${maxMixesPerChange}`),
  })
  .superRefine(checkAction)
  .transform(normalised);
export type MixChangeApply = z.infer<typeof mixChangeApplySchema>;
export type MixChangeApplyInput = z.input<typeof mixChangeApplySchema>;

/** The arithmetic part of a request. */
export type MixChangeRule = Pick<
  MixChangeRequest,
  'action' | 'rawMaterialId' | 'replacementRawMaterialId' | 'factor' | 'percent' | 'quantity'
>;

const thousandths = (quantity: number) => BigInt(Math.round(quantity * 1000));

function fromThousandths(value: bigint): number {
  const highest = thousandths(highestQuantity);
  const bounded = value < 0n ? 0n : value > highest ? highest : value;
  return Number(bounded) / 1000;
}

/**
 * R-MIX-9: a quantity scaled by a percent, to the thousandth, half away from zero, in exact
 * integer arithmetic; never below zero nor above the largest quantity a line holds.
 */
export function scaledQuantity(quantity: number, percent: number): number {
  const scale = 1_000_000n;
  const factor = scale + BigInt(Math.round(percent * 10_000));
  return fromThousandths(divideRoundingHalfAwayFromZero(thousandths(quantity) * factor, scale));
}

/** R-MIX-9: a quantity times a conversion factor, rounded the same way. */
export function convertedQuantity(quantity: number, factor: number): number {
  const scale = 1_000_000n;
  const times = BigInt(Math.round(factor * 1_000_000));
  return fromThousandths(divideRoundingHalfAwayFromZero(thousandths(quantity) * times, scale));
}

/** Two quantities added exactly (a replacement merged into a line the mix already had). */
export function addedQuantities(a: number, b: number): number {
  return fromThousandths(thousandths(a) + thousandths(b));
}

/** One raw material's line of one mix, before and after: what apply writes and reversal undoes. */
export type RecipeLineWrite = {
  rawMaterialId: number;
  before: StoredRecipeLine | null;
  after: StoredRecipeLine | null;
};

export const mixSkipReasons = ['unitMismatch'] as const;
export type MixSkipReason = (typeof mixSkipReasons)[number];

export type MixChangeOutcome =
  | { kind: 'changed'; writes: RecipeLineWrite[] }
  | { kind: 'unchanged' }
  | { kind: 'skipped'; reason: MixSkipReason };

const effectiveUnit = (line: StoredRecipeLine, ownUnits: ReadonlyMap<number, number>) =>
  line.unitOfMeasureId ?? ownUnits.get(line.rawMaterialId) ?? null;

/**
 * R-MIX-9, R-MIX-10: one mix's recipe under the change. Scale and set change the raw material's
 * line. Replace puts the replacement in its place (same batching sequence), in the replacement's
 * own unit; a mix that already has the replacement gets the quantities added, when both are in
 * the same unit, and is skipped otherwise. `ownUnits` are the raw materials' own units by id.
 */
export function changeRecipe(
  lines: readonly StoredRecipeLine[],
  rule: MixChangeRule,
  ownUnits: ReadonlyMap<number, number>,
): MixChangeOutcome {
  const line = lines.find((each) => each.rawMaterialId === rule.rawMaterialId);
  if (!line) return { kind: 'unchanged' };
  if (rule.action !== 'replace') {
    const quantity =
      rule.action === 'scale'
        ? scaledQuantity(line.quantity, rule.percent ?? 0)
        : fromThousandths(thousandths(rule.quantity ?? line.quantity));
    if (quantity === line.quantity) return { kind: 'unchanged' };
    return {
      kind: 'changed',
      writes: [{ rawMaterialId: line.rawMaterialId, before: line, after: { ...line, quantity } }],
    };
  }
  const replacementId = rule.replacementRawMaterialId!;
  const unit = ownUnits.get(replacementId) ?? null;
  const quantity = convertedQuantity(line.quantity, rule.factor ?? 1);
  const removed: RecipeLineWrite = { rawMaterialId: line.rawMaterialId, before: line, after: null };
  const existing = lines.find((each) => each.rawMaterialId === replacementId);
  if (!existing) {
    const after = {
      rawMaterialId: replacementId,
      quantity,
      unitOfMeasureId: unit,
      sequence: line.sequence,
    };
    return {
      kind: 'changed',
      writes: [removed, { rawMaterialId: replacementId, before: null, after }],
    };
  }
  if (effectiveUnit(existing, ownUnits) !== unit)
    return { kind: 'skipped', reason: 'unitMismatch' };
  const merged = { ...existing, quantity: addedQuantities(existing.quantity, quantity) };
  return {
    kind: 'changed',
    writes: [removed, { rawMaterialId: replacementId, before: existing, after: merged }],
  };
}

/** A write as the history and the preview show it: quantities and units, old and new. */
export function lineChangeOf(write: RecipeLineWrite): StoredLineChange {
  return {
    rawMaterialId: write.rawMaterialId,
    quantityBefore: write.before?.quantity ?? null,
    quantityAfter: write.after?.quantity ?? null,
    unitBefore: write.before ? write.before.unitOfMeasureId : null,
    unitAfter: write.after ? write.after.unitOfMeasureId : null,
  };
}

/** R-MIX-13: the writes that undo `writes` (each line back to what it was). */
export function reversedWrites(writes: readonly RecipeLineWrite[]): RecipeLineWrite[] {
  return writes.map((write) => ({
    rawMaterialId: write.rawMaterialId,
    before: write.after,
    after: write.before,
  }));
}

/** One mix the change rewrites, as the preview lists it and the apply writes it (R-MIX-10). */
export const mixChangeMixSchema = z.object({
  mixId: z.int(),
  description: z.string(),
  productNumber: z.string(),
  plantId: z.int(),
  plantName: z.string(),
  strength: z.number().nullable(),
  /** The mix's version as read: apply sends it back (R-MIX-11). */
  version: z.int(),
  lines: z.array(recipeLineChangeSchema),
});
export type MixChangeMix = z.infer<typeof mixChangeMixSchema>;

/** A selected mix the change leaves alone, and why. */
export const mixChangeSkipSchema = z.object({
  mixId: z.int(),
  description: z.string(),
  plantName: z.string(),
  reason: z.enum(mixSkipReasons),
});
export type MixChangeSkip = z.infer<typeof mixChangeSkipSchema>;

export const mixChangeTotalsSchema = z.object({
  /** Mixes rewritten. */
  mixes: z.int(),
  /** Recipe lines written (a replacement writes two per mix: the old one out, the new one in). */
  lines: z.int(),
  plants: z.int(),
  /** Selected mixes whose recipe the change would leave as it is (a set to the same quantity). */
  unchanged: z.int(),
  skipped: z.int(),
});
export type MixChangeTotals = z.infer<typeof mixChangeTotalsSchema>;

export function mixChangeTotals(
  mixes: readonly Pick<MixChangeMix, 'plantId' | 'lines'>[],
  unchanged: number,
  skipped: number,
): MixChangeTotals {
  return {
    mixes: mixes.length,
    lines: mixes.reduce((sum, mix) => sum + mix.lines.length, 0),
    plants: new Set(mixes.map((mix) => mix.plantId)).size,
    unchanged,
    skipped,
  };
}

/** R-MIX-10: the preview's answer: what apply would write, mix by mix, line by line. */
export const mixChangePreviewSchema = z.object({
  totals: mixChangeTotalsSchema,
  mixes: z.array(mixChangeMixSchema),
  skipped: z.array(mixChangeSkipSchema),
});
export type MixChangePreview = z.infer<typeof mixChangePreviewSchema>;

const namedRawMaterial = z.object({ id: z.int(), code: z.string(), description: z.string() });

/** R-MIX-12: an applied change, as the screen's history lists it. */
export const globalMixChangeSchema = z.object({
  id: z.int(),
  action: z.enum(mixChangeActions),
  rawMaterial: namedRawMaterial,
  replacement: namedRawMaterial.nullable(),
  factor: z.number().nullable(),
  percent: z.number().nullable(),
  quantity: z.number().nullable(),
  selection: z.object({
    plantIds: z.array(z.int()),
    mixIds: z.array(z.int()),
    search: z.string(),
    strengthMin: z.number().nullable(),
    strengthMax: z.number().nullable(),
    usingRawMaterialId: z.int().nullable(),
    includeInactive: z.boolean(),
  }),
  description: z.string(),
  appliedAt: z.string(),
  appliedBy: z.string(),
  reversedAt: z.string().nullable(),
  reversedBy: z.string(),
  mixCount: z.int(),
  lineCount: z.int(),
});
export type GlobalMixChange = z.infer<typeof globalMixChangeSchema>;

/** One applied change with every mix and line it wrote. */
export const globalMixChangeDetailSchema = globalMixChangeSchema.extend({
  mixes: z.array(mixChangeMixSchema),
});
export type GlobalMixChangeDetail = z.infer<typeof globalMixChangeDetailSchema>;
