/** Who may read tickets: the forms that show them, and a ticket as its reader may see it. */
import type { FastifyRequest } from 'fastify';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { priced } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import type { TicketView } from '@dispatch/domain/tickets/ticket-view';
import { getTicket } from './tickets.service';

/**
 * Ticketing (aggregate 22000, block 32000, concrete 12000), Edit Tickets 51201, Batch Edit Tickets
 * 51202, Ticket Inquiry 51305, Load Scheduling 51001 and the Batch Load Screen 14000.
 */
export const ticketForms = [22000, 32000, 12000, 51201, 51202, 51305, 51001, 14000] as const;

/** A ticket as the caller may see it (prices hidden from levels that hide them), else 404. */
export async function ticketAnswer(request: FastifyRequest, id: number): Promise<TicketView> {
  const ticket = await getTicket(request.auth!.connection.db, {
    id,
    allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
  });
  if (!ticket) throw notFound(`Ticket ${id}`);
  return priced(request, ticket);
}
