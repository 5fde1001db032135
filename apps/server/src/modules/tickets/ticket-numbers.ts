/**
 * R-QSALE-3: a ticket's number is the plant's next ticket number (concrete_plants or
 * aggregate_pits.next_ticket_number), taken inside the caller's transaction under the plant row's
 * lock: two writers at one plant queue, a rolled-back write gives its number back, so numbers
 * are unique per plant and gapless. Quick sale takes them now; dispatch's ticketing will too.
 * R-TENT-1: block yards number theirs the same way (block_plants.next_ticket_number), so every
 * system type numbers tickets; R-TENT-3: an aggregate pit's bills of lading likewise.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { aggregatePits, blockPlants, concretePlants, plants } from '../../db/schema/plants';
import { ApiError } from '../../http/api-error';

/**
 * Takes the plant's next ticket number and moves the counter on. A plant without its numbering
 * row yet gets one starting at 1, whatever its system type (concrete, aggregate, block).
 */
export async function takeNextTicketNumber(tx: Tx, plantId: number): Promise<number> {
  const [plant] = await tx
    .select({ systemTypeId: plants.systemTypeId, description: plants.description })
    .from(plants)
    .where(eq(plants.id, plantId));
  if (!plant) throw new ApiError('notFound', `Plant ${plantId} was not found.`);
  const tables = { 1: concretePlants, 2: aggregatePits, 3: blockPlants } as const;
  const table = tables[plant.systemTypeId as keyof typeof tables] as
    typeof concretePlants | undefined;
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

/**
 * R-TENT-3: the aggregate pit's next bill-of-lading number, taken as ticket numbers are (row lock
 * to the commit, gapless); a pit without its row yet starts at 1.
 */
export async function takeNextBillOfLadingNumber(tx: Tx, plantId: number): Promise<number> {
  const [row] = await tx
    .insert(aggregatePits)
    .values({ plantId, nextBillOfLadingNumber: 2 })
    .onConflictDoUpdate({
      target: aggregatePits.plantId,
      set: { nextBillOfLadingNumber: sql`${aggregatePits.nextBillOfLadingNumber} + 1` },
    })
    .returning({ taken: sql<number>`${aggregatePits.nextBillOfLadingNumber} - 1` });
  return Number(row!.taken);
}
