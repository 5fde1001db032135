/**
 * Test helper: a concrete plant that batches through its panel, for the batching suites: its two
 * alleys and the dispatch world's mix given a recipe of raw materials there.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { concretePlants } from '../src/db/schema/plants';
import { concreteMixRawMaterials, concreteMixes, rawMaterials } from '../src/db/schema/products';
import type { DispatchWorld } from './dispatch-fixtures';

export type RecipeLine = { code: string; description: string; unit: number; perYard: number };

/** Gives the world's concrete plant two alleys and its mix this recipe; answers the materials' ids. */
export async function addBatchRecipe(
  db: Db,
  world: DispatchWorld,
  recipe: readonly RecipeLine[],
): Promise<number[]> {
  await db.insert(concretePlants).values({ plantId: world.plants.concrete, numberOfAlleys: 2 });
  const materials = await db
    .insert(rawMaterials)
    .values(
      recipe.map(({ code, description, unit }) => ({ code, description, unitOfMeasureId: unit })),
    )
    .returning({ id: rawMaterials.id });
  const [mix] = await db
    .select({ id: concreteMixes.id })
    .from(concreteMixes)
    .where(eq(concreteMixes.productId, world.products.mix));
  await db.insert(concreteMixRawMaterials).values(
    recipe.map((line, index) => ({
      concreteMixId: mix!.id,
      rawMaterialId: materials[index]!.id,
      sequence: index,
      quantity: line.perYard,
    })),
  );
  return materials.map((material) => material.id);
}
