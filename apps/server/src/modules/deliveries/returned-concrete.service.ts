/**
 * R-DELIV-6: a driver or dispatcher records concrete that came back on a load (returned or
 * unused). It is kept on the ticket's load line (the first, R-INQ-3's line that stands for the
 * load) and lowers what the ticket, its load, its schedule and its order delivered; the change is
 * in the ticket's history with its reason, and the boards hear of it. A void or invoiced ticket
 * is refused, as any ticket edit (R-TEDIT-3, R-INV-3).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { returnedQuantityProblem } from '@dispatch/domain/delivery/delivery-state';
import type { TicketReturned } from '@dispatch/domain/delivery/delivery-requests';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { recordAudit } from '../../audit/audit-trail';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { publish } from '../../dispatch/publish';
import { notFound, validationError } from '../../http/api-error';
import { translatingDatabaseErrors } from '../../http/database-errors';
import { refuseInvoicedTickets } from '../orders/ticket-invoice-guard';
import { refuseStale, refuseVoided } from '../tickets/ticket-refusals';
import { publishTicket } from '../tickets/ticket-live';
import { settleOrderDeliveries } from './delivery-settlement.service';

export type ReturnedConcrete = TicketReturned & {
  ticketId: number;
  allowedSystemTypeIds: readonly SystemTypeId[];
  username: string;
  now: Date;
};

export async function recordReturnedConcrete(db: Db, change: ReturnedConcrete): Promise<void> {
  const { ticketId, now, username } = change;
  await translatingDatabaseErrors(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({ ticket: tickets, systemTypeId: orders.systemTypeId })
        .from(tickets)
        .innerJoin(orders, eq(orders.id, tickets.orderId))
        .where(eq(tickets.id, ticketId))
        .for('update', { of: tickets });
      if (!row || !change.allowedSystemTypeIds.some((type) => type === row.systemTypeId)) {
        throw notFound(`Ticket ${ticketId}`);
      }
      const { ticket } = row;
      refuseVoided(ticket);
      refuseStale(ticket, change.version);
      await refuseInvoicedTickets(tx, { ticketIds: [ticketId] });
      const [line] = await tx
        .select()
        .from(ticketProducts)
        .where(eq(ticketProducts.ticketId, ticketId))
        .orderBy(asc(ticketProducts.id))
        .limit(1);
      if (!line) {
        throw validationError([
          { field: 'returnedQuantity', reason: `ticket ${ticket.number} has no product line` },
        ]);
      }
      const problem = returnedQuantityProblem(change.returnedQuantity, line.quantity);
      if (problem) throw validationError([{ field: 'returnedQuantity', reason: problem }]);

      await tx
        .update(ticketProducts)
        .set({
          unusedQuantity: change.returnedQuantity,
          version: sql`${ticketProducts.version} + 1`,
          modifiedAt: now,
          modifiedBy: username,
        })
        .where(eq(ticketProducts.id, line.id));
      await tx
        .update(tickets)
        .set({ version: sql`${tickets.version} + 1`, modifiedAt: now, modifiedBy: username })
        .where(eq(tickets.id, ticketId));
      await settleOrderDeliveries(tx, {
        orderId: ticket.orderId,
        ticketIds: [ticketId],
        username,
        now,
      });
      await recordAudit(tx, {
        username,
        at: now,
        resource: 'tickets',
        recordId: ticketId,
        action: 'returned',
        before: { number: ticket.number, unusedQuantity: line.unusedQuantity },
        after: {
          number: ticket.number,
          unusedQuantity: change.returnedQuantity,
          reason: change.reason,
        },
      });
      await publishTicket(tx, {
        id: ticketId,
        statusId: ticket.statusId,
        orderId: ticket.orderId,
        plantId: ticket.plantId,
      });
      await publish(tx, {
        name: 'ticketModifiedNotification_v1',
        data: { ticketId, modifiedBy: username },
        ids: [ticketId],
      });
    }),
  );
}
