/**
 * R-BATCH-6: what a ticket's batch weighed, as its print, its record in ticket inquiry and the
 * batch load screen show it.
 */
import { asc, eq } from 'drizzle-orm';
import type { BatchState, TicketBatch } from '@dispatch/domain/batching/batch-queue';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';
import type { Db, Tx } from '../../db/client';
import { loadBatches, ticketBatchWeights } from '../../db/schema/batching';
import { orders } from '../../db/schema/orders';
import { rawMaterials } from '../../db/schema/products';
import { tickets } from '../../db/schema/tickets';
import { notFound } from '../../http/api-error';

export const unitText = (unit: number | null) =>
  unit !== null && isUnitId(unit) ? unitAbbreviation(unit) : null;
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The weights stored on a ticket once its batch was sent: targets, then what was batched. */
export function storedWeightsOf(db: Db | Tx, ticketId: number) {
  return db
    .select({
      rawMaterialId: ticketBatchWeights.rawMaterialId,
      code: rawMaterials.code,
      description: rawMaterials.description,
      unitOfMeasureId: ticketBatchWeights.unitOfMeasureId,
      target: ticketBatchWeights.targetQuantity,
      batched: ticketBatchWeights.batchedQuantity,
    })
    .from(ticketBatchWeights)
    .innerJoin(rawMaterials, eq(rawMaterials.id, ticketBatchWeights.rawMaterialId))
    .where(eq(ticketBatchWeights.ticketId, ticketId))
    .orderBy(asc(ticketBatchWeights.sequence), asc(rawMaterials.code));
}

/** R-BATCH-6: a ticket's batch: its state, batch time and the weights per raw material. */
export async function ticketBatch(
  db: Db,
  ticketId: number,
  allowedSystemTypeIds: readonly SystemTypeId[],
): Promise<TicketBatch> {
  const [ticket] = await db
    .select({
      ticketId: tickets.id,
      ticketNumber: tickets.number,
      batchDateTime: tickets.batchDateTime,
      systemTypeId: orders.systemTypeId,
      state: loadBatches.state,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(loadBatches, eq(loadBatches.ticketId, tickets.id))
    .where(eq(tickets.id, ticketId));
  if (!ticket || !allowedSystemTypeIds.some((id) => id === ticket.systemTypeId)) {
    throw notFound(`Ticket ${ticketId}`);
  }
  const weights = await storedWeightsOf(db, ticketId);
  return {
    ticketId: ticket.ticketId,
    ticketNumber: ticket.ticketNumber,
    batchDateTime: iso(ticket.batchDateTime),
    state: (ticket.state ?? 'queued') as BatchState,
    weights: weights.map(({ unitOfMeasureId, ...line }) => ({
      ...line,
      unit: unitText(unitOfMeasureId),
    })),
  };
}
