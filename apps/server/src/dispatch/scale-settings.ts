/** R-SCALE-1: a pit's scale settings as its plant record holds them, read in one place. */
import { eq } from 'drizzle-orm';
import type { ScaleSettings } from '@dispatch/domain/plants/scale';
import type { Db, Tx } from '../db/client';
import { plants } from '../db/schema/plants';

/** The plant's scale settings, or null when the plant is gone. */
export async function scaleSettingsOf(db: Db | Tx, plantId: number): Promise<ScaleSettings | null> {
  const [row] = await db
    .select({
      scaleProtocol: plants.scaleProtocol,
      scaleAddress: plants.scaleAddress,
      scaleCapacity: plants.scaleCapacity,
      scaleDivision: plants.scaleDivision,
      scaleUnit: plants.scaleUnit,
    })
    .from(plants)
    .where(eq(plants.id, plantId));
  return row ?? null;
}
