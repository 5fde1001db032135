/**
 * Raw material ranking (R-MIX-15..R-MIX-18): each raw material a concrete plant's mixes call for
 * (or that the plant ranked already), with the raw materials that may stand in for it, best
 * first; a save replaces one raw material's order, guarded by its version, and is announced to
 * every open screen (resourceChanged_v1, resource `rawMaterialRankings`).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  rankingProblems,
  type PlantRankings,
  type RankedRawMaterial,
  type RankingUpdate,
  type RawMaterialRanking,
} from '@dispatch/domain/mixes/raw-material-ranking';
import { systemTypeIds } from '@dispatch/domain/system-types';
import { unitDisplayName, isUnitId } from '@dispatch/domain/units';
import type { Db, Tx } from '../../db/client';
import { rawMaterialRankings, rawMaterialRankingSubstitutes } from '../../db/schema/mix-operations';
import { plants } from '../../db/schema/plants';
import { concreteMixes, concreteMixRawMaterials, rawMaterials } from '../../db/schema/products';
import { publish } from '../../dispatch/publish';
import { ApiError, notFound, validationError } from '../../http/api-error';
import type { Actor } from './mix-access';

type Reader = Db | Tx;

/** The plant, when it is a concrete plant. */
async function concretePlant(db: Reader, plantId: number) {
  const [plant] = await db
    .select({ id: plants.id, description: plants.description })
    .from(plants)
    .where(and(eq(plants.id, plantId), eq(plants.systemTypeId, systemTypeIds.concrete)));
  return plant;
}

const materialColumns = {
  rawMaterialId: rawMaterials.id,
  code: rawMaterials.code,
  description: rawMaterials.description,
  unitOfMeasureId: rawMaterials.unitOfMeasureId,
  inactive: rawMaterials.inactiveFlag,
};

/** R-MIX-15: the plant's rankings, by raw material code. */
export async function plantRankings(
  db: Reader,
  plantId: number,
): Promise<PlantRankings | undefined> {
  const plant = await concretePlant(db, plantId);
  if (!plant) return undefined;
  const [used, saved] = await Promise.all([
    db
      .select({ ...materialColumns, mixes: sql<number>`count(*)`.mapWith(Number) })
      .from(concreteMixRawMaterials)
      .innerJoin(concreteMixes, eq(concreteMixes.id, concreteMixRawMaterials.concreteMixId))
      .innerJoin(rawMaterials, eq(rawMaterials.id, concreteMixRawMaterials.rawMaterialId))
      .where(and(eq(concreteMixes.plantId, plantId), eq(concreteMixes.inactiveFlag, false)))
      .groupBy(rawMaterials.id),
    db
      .select({
        id: rawMaterialRankings.id,
        rawMaterialId: rawMaterialRankings.rawMaterialId,
        version: rawMaterialRankings.version,
        modifiedAt: rawMaterialRankings.modifiedAt,
        modifiedBy: rawMaterialRankings.modifiedBy,
      })
      .from(rawMaterialRankings)
      .where(eq(rawMaterialRankings.plantId, plantId)),
  ]);
  const substitutes = saved.length
    ? await db
        .select({ rankingId: rawMaterialRankingSubstitutes.rankingId, ...materialColumns })
        .from(rawMaterialRankingSubstitutes)
        .innerJoin(rawMaterials, eq(rawMaterials.id, rawMaterialRankingSubstitutes.rawMaterialId))
        .where(
          inArray(
            rawMaterialRankingSubstitutes.rankingId,
            saved.map((ranking) => ranking.id),
          ),
        )
        .orderBy(asc(rawMaterialRankingSubstitutes.rank))
    : [];
  const unranked = saved.filter(
    (ranking) => !used.some((row) => row.rawMaterialId === ranking.rawMaterialId),
  );
  const others = unranked.length
    ? await db
        .select(materialColumns)
        .from(rawMaterials)
        .where(
          inArray(
            rawMaterials.id,
            unranked.map((ranking) => ranking.rawMaterialId),
          ),
        )
    : [];
  const materials = [
    ...used.map(({ mixes, ...material }) => ({ material, mixes })),
    ...others.map((material) => ({ material, mixes: 0 })),
  ].sort((a, b) => a.material.code.localeCompare(b.material.code));
  const rankings = materials.map(({ material, mixes }): RawMaterialRanking => {
    const ranking = saved.find((each) => each.rawMaterialId === material.rawMaterialId);
    const order: RankedRawMaterial[] = ranking
      ? substitutes
          .filter((row) => row.rankingId === ranking.id)
          .map(({ rankingId: _id, ...row }) => row)
      : [material];
    return {
      id: ranking?.id ?? null,
      plantId,
      rawMaterial: material,
      usedByMixes: mixes,
      version: ranking?.version ?? null,
      modifiedAt: ranking?.modifiedAt.toISOString() ?? null,
      modifiedBy: ranking?.modifiedBy ?? '',
      substitutes: order,
    };
  });
  return { plantId, plantName: plant.description, rankings };
}

/** 409 naming who saved the ranking since it was read (R-CONC-1). */
function staleRanking(
  material: string,
  current: { version: number; modifiedBy: string | null; modifiedAt: Date },
): ApiError {
  const who = current.modifiedBy || 'someone else';
  const when = current.modifiedAt.toISOString();
  return new ApiError(
    'conflict',
    `The ranking of ${material} was changed by ${who} at ${when} since you opened it. Reload it to see their order, then make yours again.`,
    {
      code: 'stale_version',
      data: { currentVersion: current.version, modifiedBy: who, modifiedAt: when },
    },
  );
}

/**
 * R-MIX-16: one raw material's order at one plant, replaced by the one sent: 404 for a plant or
 * raw material that is not there, 400 naming a bad entry, 409 when it changed since it was read.
 */
export async function saveRanking(
  db: Db,
  target: { plantId: number; rawMaterialId: number },
  update: RankingUpdate,
  actor: Actor,
): Promise<RawMaterialRanking> {
  const id = await db.transaction(async (tx) => {
    const plant = await concretePlant(tx, target.plantId);
    if (!plant) throw notFound(`Concrete plant ${target.plantId}`);
    const materials = await tx
      .select(materialColumns)
      .from(rawMaterials)
      .where(inArray(rawMaterials.id, [target.rawMaterialId, ...update.order]));
    const byId = new Map(materials.map((material) => [material.rawMaterialId, material]));
    const ranked = byId.get(target.rawMaterialId);
    if (!ranked) throw notFound(`Raw material ${target.rawMaterialId}`);
    const problems = rankingProblems(target.rawMaterialId, update.order);
    update.order.forEach((each, index) => {
      const material = byId.get(each);
      if (!material) {
        problems.push({ field: `order.${index}`, reason: `no raw material has id ${each}` });
      } else if (material.unitOfMeasureId !== ranked.unitOfMeasureId) {
        const unit = isUnitId(ranked.unitOfMeasureId)
          ? unitDisplayName(ranked.unitOfMeasureId).toLowerCase()
          : `unit ${ranked.unitOfMeasureId}`;
        problems.push({
          field: `order.${index}`,
          reason: `must be measured in ${unit}, as ${ranked.description} is`,
        });
      }
    });
    if (problems.length > 0) throw validationError(problems);
    const [current] = await tx
      .select()
      .from(rawMaterialRankings)
      .where(
        and(
          eq(rawMaterialRankings.plantId, target.plantId),
          eq(rawMaterialRankings.rawMaterialId, target.rawMaterialId),
        ),
      )
      .for('update');
    if (current ? current.version !== update.version : update.version !== null) {
      if (current) throw staleRanking(ranked.description, current);
      throw notFound(`The ranking of ${ranked.description} at ${plant.description}`);
    }
    const [saved] = current
      ? await tx
          .update(rawMaterialRankings)
          .set({
            version: sql`${rawMaterialRankings.version} + 1`,
            modifiedAt: actor.now,
            modifiedBy: actor.username,
          })
          .where(eq(rawMaterialRankings.id, current.id))
          .returning()
      : await tx
          .insert(rawMaterialRankings)
          .values({
            plantId: target.plantId,
            rawMaterialId: target.rawMaterialId,
            modifiedAt: actor.now,
            modifiedBy: actor.username,
          })
          // Two first rankings at once: the second waits, then finds the first and is refused.
          .onConflictDoNothing()
          .returning();
    if (!saved) {
      const [winner] = await tx
        .select()
        .from(rawMaterialRankings)
        .where(
          and(
            eq(rawMaterialRankings.plantId, target.plantId),
            eq(rawMaterialRankings.rawMaterialId, target.rawMaterialId),
          ),
        );
      throw staleRanking(ranked.description, winner!);
    }
    await tx
      .delete(rawMaterialRankingSubstitutes)
      .where(eq(rawMaterialRankingSubstitutes.rankingId, saved.id));
    await tx.insert(rawMaterialRankingSubstitutes).values(
      update.order.map((rawMaterialId, index) => ({
        rankingId: saved.id,
        rawMaterialId,
        rank: index + 1,
      })),
    );
    await publish(tx, {
      name: 'resourceChanged_v1',
      data: {
        resource: 'rawMaterialRankings',
        id: saved.id,
        action: current ? 'updated' : 'created',
        version: saved.version,
        by: actor.username,
      },
    });
    return saved.id;
  });
  const rankings = await plantRankings(db, target.plantId);
  return rankings!.rankings.find((ranking) => ranking.id === id)!;
}
