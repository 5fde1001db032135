import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { formatDate } from '@dispatch/domain/validation/dates';
import { authorize, priced } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import type { FastifyRequest } from 'fastify';
import { ticketViewSchema, type TicketView } from '@dispatch/domain/tickets/ticket-view';
import { ticketListQuery, ticketParams } from './tickets.schemas';
import { getTicket, listTickets, startOfBusinessDay } from './tickets.service';

const security = [{ bearer: [] }];

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

export function registerTicketsRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/tickets',
    {
      preHandler: authorize(deps, { forms: ticketForms }),
      schema: {
        tags: ['tickets'],
        summary: "A day's tickets (default: today, newest first) or a range, with their products",
        security,
        querystring: ticketListQuery,
        response: { 200: listOf(ticketViewSchema) },
      },
    },
    async (request) => {
      const { date, dateFrom, dateTo, order, ...query } = request.query;
      // Without dates the screens show today; an order's tickets are wanted whatever their day.
      const day =
        date ??
        (dateFrom || dateTo || query.orderId !== undefined
          ? undefined
          : formatDate(deps.now(), 'YYYY-MM-DD'));
      const first = day ?? dateFrom;
      const last = day ?? dateTo;
      const sortsByTime = query.sort === undefined || query.sort === 'ticketDateTime';
      const { rows, count } = await listTickets(request.auth!.connection.db, {
        ...query,
        order: order ?? (sortsByTime ? 'desc' : 'asc'),
        from: first === undefined ? undefined : startOfBusinessDay(first),
        until: last === undefined ? undefined : startOfBusinessDay(last, 1),
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      return envelope(priced(request, rows), count);
    },
  );

  app.get(
    '/api/v1/tickets/:id',
    {
      preHandler: authorize(deps, { forms: ticketForms }),
      schema: {
        tags: ['tickets'],
        summary: 'One ticket with its products',
        security,
        params: ticketParams,
        response: { 200: ticketViewSchema },
      },
    },
    async (request) => ticketAnswer(request, request.params.id),
  );
}
