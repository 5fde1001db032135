/**
 * R-QSALE-3: a ticket's number is the plant's next ticket number (concrete_plants or
 * aggregate_pits.next_ticket_number), taken inside the caller's transaction under the plant row's
 * lock: two writers at one plant queue, a rolled-back write gives its number back, so numbers
 * are unique per plant and gapless. Quick sale takes them now; dispatch's ticketing will too.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { aggregatePits, concretePlants, plants } from '../../db/schema/plants';
import { ApiError } from '../../http/api-error';

/**
 * Takes the plant's next ticket number and moves the counter on. A plant without its numbering
 * row yet gets one starting at 1. Block plants have no ticket numbering (409).
 */
export async function takeNextTicketNumber(tx: Tx, plantId: number): Promise<number> {
  const [plant] = await tx
    .select({ systemTypeId: plants.systemTypeId, description: plants.description })
    .from(plants)
    .where(eq(plants.id, plantId));
  if (!plant) throw new ApiError('notFound', `Plant ${plantId} was not found.`);
  const table =
    plant.systemTypeId === 1 ? concretePlants : plant.systemTypeId === 2 ? aggregatePits : null;
  if (!table) {
    throw new ApiError('conflict', `Plant ${plant.description} does not number tickets.`, {
      code: 'no_ticket_numbering',
    });
  }
  // The upsert's update takes the row lock until the transaction ends; the returned number is
  // the one before the increment.
  const [row] = await tx
    .insert(table)
    .values({ plantId, nextTicketNumber: 2 })
    .onConflictDoUpdate({
      target: table.plantId,
      set: { nextTicketNumber: sql`${table.nextTicketNumber} + 1` },
    })
    .returning({ taken: sql<number>`${table.nextTicketNumber} - 1` });
  return Number(row!.taken);
}
