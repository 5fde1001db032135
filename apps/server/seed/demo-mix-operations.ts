/**
 * The demo's raw material rankings (R-MIX-15, R-MIX-20): each concrete plant's order of
 * substitutes for its cement, fly ash (Riverside: slag), sand and stone, so the ranking screen
 * opens on a plant that has made its choices.
 */
import { inArray } from 'drizzle-orm';
import { systemTypeIds } from '@dispatch/domain/system-types';
import {
  rawMaterialRankings,
  rawMaterialRankingSubstitutes,
} from '../src/db/schema/mix-operations';
import { rawMaterials } from '../src/db/schema/products';
import type { DemoPlant } from './demo-plants';
import { insertAll, insertReturningIds, type SeedDb } from '../src/db/bulk-insert';

/** Per raw material, its substitutes in order (the raw material itself first unless said). */
const rankings: readonly (readonly string[])[] = [
  ['CEM', 'CEM3', 'SLAG'],
  ['FLYASH', 'SLAG'],
  ['SAND', 'MSAND'],
  ['STONE57', 'STONE8'],
];

export async function seedMixOperations(db: SeedDb, plants: readonly DemoPlant[]): Promise<void> {
  const codes = [...new Set(rankings.flat())];
  const rows = await db
    .select({ id: rawMaterials.id, code: rawMaterials.code })
    .from(rawMaterials)
    .where(inArray(rawMaterials.code, codes));
  const idOf = new Map(rows.map((row) => [row.code, row.id]));
  const concrete = plants.filter((plant) => plant.systemTypeId === systemTypeIds.concrete);
  const planned = concrete.flatMap((plant) =>
    rankings.map((order) => {
      // Riverside's mixes call for slag: it ranks slag, with fly ash behind it.
      const slag = plant.description.startsWith('Riverside') && order[0] === 'FLYASH';
      const ranked = slag ? [...order].reverse() : order;
      return { plant, order: ranked, ranks: ranked[0]! };
    }),
  );
  const ids = await insertReturningIds(
    db,
    rawMaterialRankings,
    planned.map(({ plant, ranks }) => ({
      plantId: plant.id,
      rawMaterialId: idOf.get(ranks)!,
      modifiedBy: 'dispatcher',
    })),
  );
  await insertAll(
    db,
    rawMaterialRankingSubstitutes,
    planned.flatMap(({ order }, index) =>
      order.map((code, rank) => ({
        rankingId: ids[index]!,
        rawMaterialId: idOf.get(code)!,
        rank: rank + 1,
      })),
    ),
  );
}
