/**
 * R-BOARD-10..13: a dispatcher reorders a plant's yard. Under the yard's lock the list must name
 * exactly the trucks now waiting there: a truck that left or arrived meanwhile makes it stale (409
 * naming the truck), a repeated or unknown id is the caller's mistake (400 naming truckIds). The
 * trucks take places 1..n, those that changed place are marked moved (re-sequencing leaves them
 * alone), and truckSequenceUpdate_v1 goes out in the same transaction.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TruckSequenceEvent } from '@dispatch/domain/trucks/yard-sequence';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Db } from '../../db/client';
import { plants } from '../../db/schema/plants';
import { trucks } from '../../db/schema/trucks';
import { ApiError, notFound, validationError } from '../../http/api-error';
import { translatingDatabaseErrors } from '../../http/database-errors';
import { lockYards, publishYard } from '../trucks/truck-yard';

export type YardReorder = {
  plantId: number;
  truckIds: readonly number[];
  allowedSystemTypeIds: readonly SystemTypeId[];
  username: string;
  now: Date;
};

/** R-BOARD-11: the same truck twice is a mistake in the list, not a change in the yard. */
function refuseRepeats(truckIds: readonly number[]): void {
  const seen = new Set<number>();
  const repeated = truckIds.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  if (repeated.length > 0) {
    throw validationError([
      {
        field: 'truckIds',
        reason: `names truck id ${[...new Set(repeated)].join(', ')} more than once`,
      },
    ]);
  }
}

const list = (names: string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;

export async function reorderYard(db: Db, reorder: YardReorder): Promise<TruckSequenceEvent> {
  refuseRepeats(reorder.truckIds);
  return translatingDatabaseErrors(() =>
    db.transaction(async (tx) => {
      const [plant] = await tx
        .select({
          id: plants.id,
          description: plants.description,
          systemTypeId: plants.systemTypeId,
        })
        .from(plants)
        .where(eq(plants.id, reorder.plantId));
      if (!plant || !reorder.allowedSystemTypeIds.some((id) => id === plant.systemTypeId)) {
        throw notFound(`Plant ${reorder.plantId}`);
      }
      const known = await tx
        .select({ id: trucks.id })
        .from(trucks)
        .where(inArray(trucks.id, [...reorder.truckIds]));
      const unknown = reorder.truckIds.filter((id) => !known.some((truck) => truck.id === id));
      if (unknown.length > 0) {
        throw validationError([
          {
            field: 'truckIds',
            reason: `refers to trucks that do not exist: ${unknown.join(', ')}`,
          },
        ]);
      }

      await lockYards(tx, [plant.id]);
      const yard = await tx
        .select({
          id: trucks.id,
          number: trucks.identificationNumber,
          place: trucks.inYardSequenceNum,
        })
        .from(trucks)
        .where(and(eq(trucks.plantId, plant.id), isNotNull(trucks.inYardSequenceNum)))
        .orderBy(trucks.inYardSequenceNum, trucks.id);
      const inYard = new Set(yard.map((truck) => truck.id));
      const listed = new Set(reorder.truckIds);
      const left = reorder.truckIds.filter((id) => !inYard.has(id));
      const arrived = yard.filter((truck) => !listed.has(truck.id));
      if (left.length > 0 || arrived.length > 0) {
        const names = await tx
          .select({ id: trucks.id, number: trucks.identificationNumber })
          .from(trucks)
          .where(inArray(trucks.id, left.length > 0 ? left : [0]));
        const gone = left.map((id) => names.find((truck) => truck.id === id)?.number ?? String(id));
        const reasons = [
          ...(gone.length > 0
            ? [`truck ${list(gone)} ${gone.length === 1 ? 'is' : 'are'} no longer in it`]
            : []),
          ...(arrived.length > 0
            ? [
                `truck ${list(arrived.map((truck) => truck.number))} ${arrived.length === 1 ? 'has' : 'have'} arrived`,
              ]
            : []),
        ];
        throw new ApiError(
          'conflict',
          `The yard at ${plant.description} changed meanwhile: ${reasons.join(' and ')}. Reload the board and try again.`,
          {
            code: 'stale_yard',
            data: { left, arrived: arrived.map((truck) => truck.id) },
          },
        );
      }

      // R-BOARD-12: places 1..n; a truck whose place changed is marked moved.
      const oldPlace = new Map(yard.map((truck, index) => [truck.id, index + 1]));
      const rows = reorder.truckIds.map(
        (id, index) =>
          sql`(${id}::int, ${index + 1}::int, ${oldPlace.get(id) !== index + 1}::boolean)`,
      );
      await tx.execute(sql`
        update trucks set in_yard_sequence_num = v.place,
               was_moved = trucks.was_moved or v.moved,
               modified_at = ${reorder.now}, modified_by = ${reorder.username}
          from (values ${sql.join(rows, sql`, `)}) as v(id, place, moved)
         where trucks.id = v.id`);
      return publishYard(tx, plant.id);
    }),
  );
}
