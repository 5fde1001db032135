/**
 * R-INV-3: a ticket on an invoice no longer changes. Every write that would change an invoiced
 * ticket's quantities, prices or who it bills (ticket edits, an order's customer or job) calls
 * this first and is answered 409 naming the ticket and its invoice; crediting the invoice
 * (R-INV-7) releases its tickets. It sits with orders, the lowest of the modules that call it.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { invoicedTicketMessage } from '@dispatch/domain/invoicing/invoice-selection';
import type { Db, Tx } from '../../db/client';
import { invoices } from '../../db/schema/billing';
import { tickets } from '../../db/schema/tickets';
import { ApiError } from '../../http/api-error';

export async function refuseInvoicedTickets(
  tx: Tx | Db,
  which: { ticketIds?: readonly number[]; orderId?: number },
): Promise<void> {
  const conditions: SQL[] = [];
  if (which.ticketIds) {
    if (which.ticketIds.length === 0) return;
    conditions.push(inArray(tickets.id, [...which.ticketIds]));
  }
  if (which.orderId !== undefined) conditions.push(eq(tickets.orderId, which.orderId));
  const [invoiced] = await tx
    .select({
      ticketId: tickets.id,
      ticketNumber: tickets.number,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
    })
    .from(tickets)
    .innerJoin(invoices, eq(invoices.id, tickets.invoiceId))
    .where(and(...conditions))
    .orderBy(tickets.number)
    .limit(1);
  if (invoiced) {
    throw new ApiError(
      'conflict',
      invoicedTicketMessage(invoiced.ticketNumber, invoiced.invoiceNumber),
      { code: 'ticket_invoiced', data: invoiced },
    );
  }
}
