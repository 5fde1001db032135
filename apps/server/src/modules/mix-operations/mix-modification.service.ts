/**
 * Concrete mix modification (R-MIX-3, R-MIX-4): a mix's recipe replaced by the lines the clerk
 * saved, guarded by the version they read (409 naming who changed it since), with a history entry
 * and the concrete mix's live event, in one transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  recipeChanges,
  recipeReordered,
  sameRecipe,
  sequencedRecipe,
  type MixRecipeUpdate,
} from '@dispatch/domain/mixes/mix-recipe';
import { concreteMixResource } from '@dispatch/domain/resources/concrete-mixes';
import { systemTypeIds } from '@dispatch/domain/system-types';
import type { Db, Tx } from '../../db/client';
import { unitsOfMeasure } from '../../db/schema/lookups';
import { plants } from '../../db/schema/plants';
import { concreteMixes, concreteMixRawMaterials, rawMaterials } from '../../db/schema/products';
import { publish } from '../../dispatch/publish';
import { notFound, validationError, type FieldProblem } from '../../http/api-error';
import { staleVersion } from '../../resources/resource-write';
import type { Actor } from './mix-access';
import { recordHistory, storedRecipe } from './mix-history';

/** The mix, locked for this transaction; undefined when it is not a concrete plant's mix. */
async function lockedMix(tx: Tx, mixId: number) {
  const [mix] = await tx
    .select({
      id: concreteMixes.id,
      description: concreteMixes.description,
      version: concreteMixes.version,
      modifiedAt: concreteMixes.modifiedAt,
      modifiedBy: concreteMixes.modifiedBy,
    })
    .from(concreteMixes)
    .innerJoin(plants, eq(plants.id, concreteMixes.plantId))
    .where(and(eq(concreteMixes.id, mixId), eq(plants.systemTypeId, systemTypeIds.concrete)))
    .for('update', { of: concreteMixes });
  return mix;
}

type LockedMix = NonNullable<Awaited<ReturnType<typeof lockedMix>>>;

/** R-CONC-1: the same 409 the concrete product screen answers, naming who and when. */
function staleMix(mix: LockedMix) {
  return staleVersion(concreteMixResource, {
    id: mix.id,
    description: mix.description,
    version: mix.version,
    modifiedBy: mix.modifiedBy ?? '',
    modifiedAt: mix.modifiedAt.toISOString(),
  });
}

/** 400 naming each line whose raw material or unit does not exist. */
async function unknownReferences(tx: Tx, update: MixRecipeUpdate): Promise<FieldProblem[]> {
  const materialIds = update.rawMaterials.map((line) => line.rawMaterialId);
  const unitIds = update.rawMaterials.flatMap((line) =>
    line.unitOfMeasureId === null ? [] : [line.unitOfMeasureId],
  );
  const [knownMaterials, knownUnits] = await Promise.all([
    tx
      .select({ id: rawMaterials.id })
      .from(rawMaterials)
      .where(inArray(rawMaterials.id, materialIds)),
    unitIds.length
      ? tx
          .select({ id: unitsOfMeasure.id })
          .from(unitsOfMeasure)
          .where(inArray(unitsOfMeasure.id, unitIds))
      : Promise.resolve([]),
  ]);
  const materials = new Set(knownMaterials.map((row) => row.id));
  const units = new Set(knownUnits.map((row) => row.id));
  return update.rawMaterials.flatMap((line, index) => [
    ...(materials.has(line.rawMaterialId)
      ? []
      : [
          {
            field: `rawMaterials.${index}.rawMaterialId`,
            reason: `no raw material has id ${line.rawMaterialId}`,
          },
        ]),
    ...(line.unitOfMeasureId === null || units.has(line.unitOfMeasureId)
      ? []
      : [
          {
            field: `rawMaterials.${index}.unitOfMeasureId`,
            reason: `no unit of measure has id ${line.unitOfMeasureId}`,
          },
        ]),
  ]);
}

/**
 * Writes a mix's new recipe: its lines replaced, its version bumped; the history entry and the
 * live event. The caller has locked the mix and checked its version.
 */
async function writeRecipe(
  tx: Tx,
  mixId: number,
  lines: ReturnType<typeof sequencedRecipe>,
  actor: Actor,
): Promise<number> {
  await tx.delete(concreteMixRawMaterials).where(eq(concreteMixRawMaterials.concreteMixId, mixId));
  if (lines.length > 0) {
    await tx
      .insert(concreteMixRawMaterials)
      .values(lines.map((line) => ({ ...line, concreteMixId: mixId })));
  }
  const [updated] = await tx
    .update(concreteMixes)
    .set({
      version: sql`${concreteMixes.version} + 1`,
      modifiedAt: actor.now,
      modifiedBy: actor.username,
    })
    .where(eq(concreteMixes.id, mixId))
    .returning({ version: concreteMixes.version });
  return updated!.version;
}

/** The concrete product screen's lists and open forms follow the mix (R-MIX-6, R-LIVE-1). */
export async function publishMixChanged(
  tx: Tx,
  mixes: readonly { id: number; version: number }[],
  by: string,
): Promise<void> {
  for (const mix of mixes) {
    await publish(tx, {
      name: 'resourceChanged_v1',
      data: {
        resource: concreteMixResource.name,
        id: mix.id,
        action: 'updated',
        version: mix.version,
        by,
      },
    });
  }
}

/** R-MIX-3, R-MIX-4: saves the recipe; a save that changes nothing writes nothing. */
export async function saveRecipe(
  db: Db,
  mixId: number,
  update: MixRecipeUpdate,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const mix = await lockedMix(tx, mixId);
    if (!mix) throw notFound(`Concrete mix ${mixId}`);
    if (mix.version !== update.version) throw staleMix(mix);
    const problems = await unknownReferences(tx, update);
    if (problems.length > 0) throw validationError(problems);
    const before = await storedRecipe(tx, mixId);
    const after = sequencedRecipe(update.rawMaterials);
    if (sameRecipe(before, after)) return;
    const version = await writeRecipe(tx, mixId, after, actor);
    await recordHistory(tx, [
      {
        concreteMixId: mixId,
        at: actor.now,
        username: actor.username,
        source: 'modification',
        note: update.note,
        reordered: recipeReordered(before, after),
        lines: recipeChanges(before, after),
      },
    ]);
    await publishMixChanged(tx, [{ id: mixId, version }], actor.username);
  });
}
