/**
 * A voided ticket (R-INV-5, R-INV-6): one with a void status or a void time. Invoicing skips it,
 * and it does not keep an order from being fully invoiced.
 */
import { sql } from 'drizzle-orm';
import { tickets } from '../../db/schema/tickets';

export const ticketVoided = sql<boolean>`(${tickets.voidStatusId} is not null or ${tickets.voidDateTime} is not null)`;

/** The same rule on a ticket row already read. */
export const isTicketVoided = (ticket: {
  voidStatusId: number | null;
  voidDateTime: Date | null;
}): boolean => ticket.voidStatusId !== null || ticket.voidDateTime !== null;
