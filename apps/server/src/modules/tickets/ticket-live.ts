/**
 * A ticket as ticketUpdate_v1 carries it (R-HUB-2, R-ENTITY-22), and the publishing of that event
 * inside the writer's transaction: dispatch, batching, printing, entry, edits and voids all change
 * tickets.
 */
import type { TicketLiveView } from '@dispatch/domain/tickets/ticket';
import type { Tx } from '../../db/client';
import { tickets } from '../../db/schema/tickets';
import { publish } from '../../dispatch/publish';

/** The columns of a ticket's live view, for the `.returning()` of the write that changes it. */
export const ticketLiveColumns = {
  id: tickets.id,
  statusId: tickets.statusId,
  orderId: tickets.orderId,
  plantId: tickets.plantId,
};

/** Publishes ticketUpdate_v1 for a written ticket; delivered only if the transaction commits. */
export async function publishTicket(tx: Tx, live: TicketLiveView): Promise<void> {
  await publish(tx, { name: 'ticketUpdate_v1', data: live, ids: [live.id] });
}
