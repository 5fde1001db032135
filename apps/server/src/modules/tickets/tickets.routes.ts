import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { authorize, priced } from '../../auth/guard';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { ticketViewSchema } from '@dispatch/domain/tickets/ticket-view';
import { ticketListQuery, ticketParams } from './tickets.schemas';
import { listTickets, startOfBusinessDay } from './tickets.service';
import { ticketAnswer, ticketForms } from './ticket-access';

const security = [{ bearer: [] }];

export function registerTicketsRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/tickets',
    {
      preValidation: authorize(deps, { forms: ticketForms }),
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
      preValidation: authorize(deps, { forms: ticketForms }),
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
