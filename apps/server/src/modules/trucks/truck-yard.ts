/**
 * A plant's in-yard sequence: the order in which trucks waiting at the plant take the next load.
 * A truck arriving goes to the end; a truck leaving drops out and the trucks behind it close up.
 */
import { and, asc, eq, gt, isNotNull, max, sql } from 'drizzle-orm';
import type { TruckSequenceEvent } from '@dispatch/domain/trucks/yard-sequence';
import type { Tx } from '../../db/client';
import { trucks } from '../../db/schema/trucks';
import { publish } from '../../dispatch/publish';

/** Advisory-lock class of the yards; the second key is the plant id. */
const yardLockClass = 84_840_101;

/**
 * Serialises changes to the given plants' yards until the transaction ends, so two trucks
 * arriving at once cannot take the same place. Taken in plant order and before any truck row is
 * locked, so two writers never wait on each other in a circle.
 */
export async function lockYards(tx: Tx, plantIds: readonly (number | null)[]): Promise<void> {
  const ids = [...new Set(plantIds.filter((id): id is number => id !== null))].sort(
    (a, b) => a - b,
  );
  for (const id of ids) {
    await tx.execute(sql`select pg_advisory_xact_lock(${yardLockClass}::int, ${id}::int)`);
  }
}

/**
 * Reads a truck's plant and, when the change touches that plant's yard (the truck waits in it or
 * is arriving), locks the yard, in one statement: a status change is the board's hottest write and
 * every round trip counts, and trucks out on the road should not queue behind the yard. Undefined
 * when there is no such truck; a truck with no plant has no yard to lock (the lock function skips
 * a null key).
 */
export async function lockYardOfTruckIfTouched(
  tx: Tx,
  truckId: number,
  arriving: boolean,
): Promise<{ plantId: number | null; yardLocked: boolean } | undefined> {
  const { rows } = await tx.execute<{ plant_id: number | null; yard_locked: boolean }>(
    sql`select plant_id,
               case when in_yard_sequence_num is not null or ${arriving}
                 then pg_advisory_xact_lock(${yardLockClass}::int, plant_id) is not null
                 else false end as yard_locked
          from trucks where id = ${truckId}`,
  );
  const row = rows[0];
  return row && { plantId: row.plant_id, yardLocked: row.yard_locked };
}

/** The place at the end of a plant's yard. */
export async function endOfYard(tx: Tx, plantId: number): Promise<number> {
  const [row] = await tx
    .select({ last: max(trucks.inYardSequenceNum) })
    .from(trucks)
    .where(eq(trucks.plantId, plantId));
  return (row?.last ?? 0) + 1;
}

/** The trucks behind a leaving truck's place move up one. */
export async function closeUpYard(tx: Tx, plantId: number, place: number): Promise<void> {
  await tx
    .update(trucks)
    .set({ inYardSequenceNum: sql`${trucks.inYardSequenceNum} - 1` })
    .where(and(eq(trucks.plantId, plantId), gt(trucks.inYardSequenceNum, place)));
}

/** Publishes truckSequenceUpdate_v1: the plant's yard in its new order. */
export async function publishYard(tx: Tx, plantId: number): Promise<TruckSequenceEvent> {
  const rows = await tx
    .select({
      id: trucks.id,
      inYardSequenceNum: trucks.inYardSequenceNum,
      wasMoved: trucks.wasMoved,
    })
    .from(trucks)
    .where(and(eq(trucks.plantId, plantId), isNotNull(trucks.inYardSequenceNum)))
    .orderBy(asc(trucks.inYardSequenceNum), asc(trucks.id));
  const event: TruckSequenceEvent = {
    plantId,
    trucks: rows.map((row, index) => ({
      id: row.id,
      inYardSequenceNum: row.inYardSequenceNum,
      newRowNum: index + 1,
      wasMoved: row.wasMoved,
      truckSequence: row.inYardSequenceNum,
    })),
  };
  await publish(tx, {
    name: 'truckSequenceUpdate_v1',
    data: event,
    ids: rows.map((row) => row.id),
  });
  return event;
}
