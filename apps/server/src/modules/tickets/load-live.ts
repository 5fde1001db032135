/**
 * A load as loadUpdate_v1 carries it (R-HUB-2, R-ENTITY-23), and the publishing of that event
 * inside the writer's transaction: dispatch and ticket voids both move loads. A load is the trip
 * of its ticket (the tickets schema holds both), so its event sits beside the ticket's.
 */
import type { Load } from '@dispatch/domain/dispatch/load';
import type { Tx } from '../../db/client';
import type { loads } from '../../db/schema/tickets';
import { publish } from '../../dispatch/publish';

export type LoadRow = typeof loads.$inferSelect;

export function toLoadView(row: LoadRow): Load {
  return {
    id: row.id,
    driverId: row.driverId,
    loadNumber: row.loadNumber,
    orderId: row.orderId,
    quantity: row.quantity,
    scheduleId: row.scheduleId,
    statusId: row.statusId,
    ticketId: row.ticketId,
    onJobTime: row.onJobTime?.toISOString() ?? null,
    version: row.version,
  };
}

/** Publishes loadUpdate_v1 for a written load; delivered only if the transaction commits. */
export async function publishLoad(tx: Tx, row: LoadRow): Promise<Load> {
  const view = toLoadView(row);
  await publish(tx, { name: 'loadUpdate_v1', data: view, ids: [row.id] });
  return view;
}
