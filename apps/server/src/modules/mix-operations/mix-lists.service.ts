/**
 * What the mix operation screens read (R-MIX-1, R-MIX-2, R-MIX-8): the concrete plants, raw
 * materials and units to choose from, the mixes a selection matches (the list searched as the
 * clerk types, and the global change's preview, share `mixConditions`), and one mix in full.
 */
import { and, asc, eq, exists, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { MixChoices, MixListRow } from '@dispatch/domain/mixes/mix-lists';
import type { MixSelection } from '@dispatch/domain/mixes/mix-design-change';
import type { MixDetail, RecipeLine } from '@dispatch/domain/mixes/mix-recipe';
import { systemTypeIds } from '@dispatch/domain/system-types';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';
import type { Db, Tx } from '../../db/client';
import { totalMatches } from '../../db/paging';
import { unitsOfMeasure } from '../../db/schema/lookups';
import { plants } from '../../db/schema/plants';
import {
  concreteMixes,
  concreteMixRawMaterials,
  products,
  rawMaterials,
} from '../../db/schema/products';
import { likePattern } from '../../http/list-query';
import { readHistory } from './mix-history';

type Reader = Db | Tx;

/** R-MIX-19: the concrete plants, every raw material, every unit. */
export async function mixChoices(db: Reader): Promise<MixChoices> {
  const [plantRows, materialRows, unitRows] = await Promise.all([
    db
      .select({ id: plants.id, description: plants.description })
      .from(plants)
      .where(and(eq(plants.systemTypeId, systemTypeIds.concrete), eq(plants.inactiveFlag, false)))
      .orderBy(asc(plants.description), asc(plants.id)),
    db
      .select({
        id: rawMaterials.id,
        code: rawMaterials.code,
        description: rawMaterials.description,
        unitOfMeasureId: rawMaterials.unitOfMeasureId,
        inactive: rawMaterials.inactiveFlag,
      })
      .from(rawMaterials)
      .orderBy(asc(rawMaterials.code), asc(rawMaterials.id)),
    db
      .select({ id: unitsOfMeasure.id, name: unitsOfMeasure.imperialDescription })
      .from(unitsOfMeasure)
      .where(eq(unitsOfMeasure.inactiveFlag, false))
      .orderBy(asc(unitsOfMeasure.id)),
  ]);
  return {
    plants: plantRows,
    rawMaterials: materialRows,
    units: unitRows.map((unit) => ({
      id: unit.id,
      name: unit.name,
      abbreviation: isUnitId(unit.id) ? unitAbbreviation(unit.id) : unit.name,
    })),
  };
}

const usesRawMaterial = (rawMaterialId: number) =>
  exists(
    sql`(select 1 from ${concreteMixRawMaterials} where ${concreteMixRawMaterials.concreteMixId} = ${concreteMixes.id} and ${concreteMixRawMaterials.rawMaterialId} = ${rawMaterialId})`,
  );

/**
 * R-MIX-8: the mixes a selection names, at concrete plants only. `alsoUsing` narrows to mixes
 * that call for that raw material too (the one a global change acts on).
 */
export function mixConditions(selection: MixSelection, alsoUsing?: number): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(plants.systemTypeId, systemTypeIds.concrete)];
  if (!selection.includeInactive) conditions.push(eq(concreteMixes.inactiveFlag, false));
  if (selection.plantIds.length)
    conditions.push(inArray(concreteMixes.plantId, selection.plantIds));
  if (selection.mixIds.length) conditions.push(inArray(concreteMixes.id, selection.mixIds));
  if (selection.strengthMin !== null) {
    conditions.push(gte(concreteMixes.strength, selection.strengthMin));
  }
  if (selection.strengthMax !== null) {
    conditions.push(lte(concreteMixes.strength, selection.strengthMax));
  }
  if (selection.search) {
    const pattern = likePattern(selection.search);
    conditions.push(
      or(
        ilike(concreteMixes.description, pattern),
        ilike(products.number, pattern),
        ilike(products.description, pattern),
      ),
    );
  }
  if (selection.usingRawMaterialId !== null) {
    conditions.push(usesRawMaterial(selection.usingRawMaterialId));
  }
  if (alsoUsing !== undefined) conditions.push(usesRawMaterial(alsoUsing));
  return and(...conditions);
}

const mixColumns = {
  id: concreteMixes.id,
  description: concreteMixes.description,
  productId: concreteMixes.productId,
  productNumber: products.number,
  plantId: concreteMixes.plantId,
  plantName: plants.description,
  strength: concreteMixes.strength,
  slump: concreteMixes.slump,
  waterToCementRatio: concreteMixes.waterToCementRatio,
  inactiveFlag: concreteMixes.inactiveFlag,
  version: concreteMixes.version,
  lineCount:
    sql<number>`(select count(*) from ${concreteMixRawMaterials} where ${concreteMixRawMaterials.concreteMixId} = ${concreteMixes.id})`.mapWith(
      Number,
    ),
};

/** The mixes in the order every screen lists them: by plant, then description. */
export const mixOrder = [
  asc(plants.description),
  asc(concreteMixes.description),
  asc(concreteMixes.id),
];

/** R-MIX-1: a page of the mixes a selection matches, with the count of all of them. */
export async function listMixes(
  db: Reader,
  selection: MixSelection,
  page: { offset: number; limit: number },
): Promise<{ rows: MixListRow[]; count: number }> {
  const rows = await db
    .select({ ...mixColumns, total: totalMatches() })
    .from(concreteMixes)
    .innerJoin(products, eq(products.id, concreteMixes.productId))
    .innerJoin(plants, eq(plants.id, concreteMixes.plantId))
    .where(mixConditions(selection))
    .orderBy(...mixOrder)
    .offset(page.offset)
    .limit(page.limit);
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    count: rows[0]?.total ?? 0,
  };
}

/** A concrete mix's recipe, each raw material named. */
export async function recipeLines(db: Reader, mixId: number): Promise<RecipeLine[]> {
  return db
    .select({
      rawMaterialId: concreteMixRawMaterials.rawMaterialId,
      code: rawMaterials.code,
      description: rawMaterials.description,
      quantity: concreteMixRawMaterials.quantity,
      unitOfMeasureId: concreteMixRawMaterials.unitOfMeasureId,
      rawMaterialUnitId: rawMaterials.unitOfMeasureId,
      sequence: concreteMixRawMaterials.sequence,
    })
    .from(concreteMixRawMaterials)
    .innerJoin(rawMaterials, eq(rawMaterials.id, concreteMixRawMaterials.rawMaterialId))
    .where(eq(concreteMixRawMaterials.concreteMixId, mixId))
    .orderBy(asc(concreteMixRawMaterials.sequence), asc(concreteMixRawMaterials.rawMaterialId));
}

/** R-MIX-2: a concrete mix with its design, recipe, version and history; undefined if none. */
export async function mixDetail(db: Reader, mixId: number): Promise<MixDetail | undefined> {
  const [mix] = await db
    .select({
      mix: concreteMixes,
      productNumber: products.number,
      productDescription: products.description,
      plantName: plants.description,
    })
    .from(concreteMixes)
    .innerJoin(products, eq(products.id, concreteMixes.productId))
    .innerJoin(plants, eq(plants.id, concreteMixes.plantId))
    .where(and(eq(concreteMixes.id, mixId), eq(plants.systemTypeId, systemTypeIds.concrete)));
  if (!mix) return undefined;
  const [lines, history] = await Promise.all([recipeLines(db, mixId), readHistory(db, mixId)]);
  const { modifiedAt, modifiedBy, ...design } = mix.mix;
  return {
    ...design,
    aggregateSize: design.aggregateSize ?? '',
    cementType: design.cementType ?? '',
    productNumber: mix.productNumber,
    productDescription: mix.productDescription,
    plantName: mix.plantName,
    modifiedAt: modifiedAt.toISOString(),
    modifiedBy: modifiedBy ?? '',
    lines,
    history,
  };
}
