/**
 * R-DISP-7, R-DISP-8: voiding a ticket. The ticket keeps its number (numbers stay gapless, R-QSALE-3)
 * and gets the void status, time, user and reason (R-TEDIT-9); the reason also goes to the audit
 * trail with the change. Its load goes back to scheduled without it, what it delivered comes out
 * of its load, schedule and order (R-DELIV-4, R-DELIV-7), and a truck still working it lets it go. An invoiced ticket is refused (R-INV-3). ticketUpdate_v1,
 * ticketModifiedNotification_v1 and loadUpdate_v1 go out in the same transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { recordAudit } from '../../audit/audit-trail';
import type { Db, Tx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { loads, tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { ticketStatusIds } from '../../db/reference-ids';
import { publish } from '../../dispatch/publish';
import { ApiError, notFound } from '../../http/api-error';
import { translatingDatabaseErrors } from '../../http/database-errors';
import { settleOrderDeliveries } from '../deliveries/delivery-settlement.service';
import { refuseInvoicedTickets } from '../orders/ticket-invoice-guard';
import { publishTicket } from '../tickets/ticket-live';
import { isTicketVoided } from '../tickets/ticket-void';

export type TicketVoid = {
  id: number;
  version: number;
  voidStatusId: number;
  reason: string;
  allowedSystemTypeIds: readonly SystemTypeId[];
  username: string;
  now: Date;
};

async function voidIn(tx: Tx, change: TicketVoid): Promise<void> {
  const { id, now, username } = change;
  const [row] = await tx
    .select({ ticket: tickets, systemTypeId: orders.systemTypeId })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.id, id))
    .for('update', { of: tickets });
  if (!row || !change.allowedSystemTypeIds.some((type) => type === row.systemTypeId)) {
    throw notFound(`Ticket ${id}`);
  }
  const { ticket } = row;
  if (isTicketVoided(ticket)) {
    throw new ApiError('conflict', `Ticket ${ticket.number} is already void.`, {
      code: 'ticket_void',
    });
  }
  if (change.version !== ticket.version) {
    throw new ApiError(
      'conflict',
      `Ticket ${ticket.number} was changed by someone else since you opened it. Reload it and try again.`,
      { code: 'stale_version', data: { currentVersion: ticket.version } },
    );
  }
  await refuseInvoicedTickets(tx, { ticketIds: [id] });

  await tx
    .update(tickets)
    .set({
      statusId: ticketStatusIds.voided,
      voidStatusId: change.voidStatusId,
      voidDateTime: now,
      voidUserName: username,
      // R-TEDIT-9: the reason stays on the ticket, shown and printed with its void status.
      voidReason: change.reason,
      version: sql`${tickets.version} + 1`,
      modifiedAt: now,
      modifiedBy: username,
    })
    .where(eq(tickets.id, id));

  const [load] = await tx.select().from(loads).where(eq(loads.ticketId, id));
  // R-DELIV-4, R-DELIV-7: its load goes back to scheduled, and what it delivered comes out of
  // the load, the schedule and the order.
  await settleOrderDeliveries(tx, { orderId: ticket.orderId, ticketIds: [id], username, now });
  const [loadAfter] = load ? await tx.select().from(loads).where(eq(loads.id, load.id)) : [];

  // A truck still working the ticket lets it go: its next status stamps no void ticket.
  await tx.update(trucks).set({ currentTicketId: null }).where(eq(trucks.currentTicketId, id));

  await recordAudit(tx, {
    username,
    at: now,
    resource: 'tickets',
    recordId: id,
    action: 'void',
    before: {
      number: ticket.number,
      statusId: ticket.statusId,
      voidStatusId: null,
      load: load ? { id: load.id, statusId: load.statusId, ticketId: load.ticketId } : null,
    },
    after: {
      number: ticket.number,
      statusId: ticketStatusIds.voided,
      voidStatusId: change.voidStatusId,
      reason: change.reason,
      load: loadAfter
        ? { id: loadAfter.id, statusId: loadAfter.statusId, ticketId: loadAfter.ticketId }
        : null,
    },
  });
  await publishTicket(tx, {
    id,
    statusId: ticketStatusIds.voided,
    orderId: ticket.orderId,
    plantId: ticket.plantId,
  });
  await publish(tx, {
    name: 'ticketModifiedNotification_v1',
    data: { ticketId: id, modifiedBy: username },
    ids: [id],
  });
}

export async function voidTicket(db: Db, change: TicketVoid): Promise<void> {
  await translatingDatabaseErrors(() => db.transaction((tx) => voidIn(tx, change)));
}
