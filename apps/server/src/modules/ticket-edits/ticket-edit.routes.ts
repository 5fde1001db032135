/**
 * R-TEDIT-1..9: the routes of Edit Tickets (51201), Batch Edit Tickets (51202) and Edit Ticket
 * Times (51008). Reading needs any of the three; each write needs write level on its own form.
 */
import { formIdOf } from '@dispatch/domain/resources/define';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import {
  ticketBatchEditSchema,
  ticketBatchOutcomeSchema,
  ticketEditDetailSchema,
  ticketEditRowSchema,
  ticketEditSchema,
  ticketSearchQuerySchema,
  ticketTimesEditSchema,
} from '@dispatch/domain/tickets/ticket-edits';
import type { FastifyRequest } from 'fastify';
import { authorize, priced } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { idParams } from '../../http/write-fields';
import {
  batchEditTickets,
  editTicket,
  editTicketTimes,
  searchTickets,
  ticketEditDetail,
} from './ticket-edit.service';

const security = [{ bearer: [] }];

export const editTicketsFormId = formIdOf('EditTickets');
export const batchEditTicketsFormId = formIdOf('BatchEditTickets');
export const editTicketTimesFormId = formIdOf('EditTicketTimes');
const readForms = [editTicketsFormId, batchEditTicketsFormId, editTicketTimesFormId] as const;

function detailOf(request: FastifyRequest, id: number) {
  const auth = request.auth!;
  return ticketEditDetail(auth.connection.db, {
    id,
    allowedSystemTypeIds: allowedSystemTypes(auth.groupIds),
    hidePrices: request.permission.flags.hidePrice,
  }).then((detail) => {
    if (!detail) throw notFound(`Ticket ${id}`);
    return priced(request, detail);
  });
}

const writerOf = (request: FastifyRequest, deps: ServerDeps) => ({
  username: request.auth!.username,
  now: deps.now(),
  allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
});

export function registerTicketEditRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/tickets/search',
    {
      preValidation: authorize(deps, { forms: readForms }),
      schema: {
        tags: ['tickets'],
        summary: 'Tickets to edit, by number, days, order, customer, truck and plant (R-TEDIT-3)',
        security,
        querystring: ticketSearchQuerySchema,
        response: { 200: listOf(ticketEditRowSchema) },
      },
    },
    async (request) => {
      const { rows, count } = await searchTickets(request.auth!.connection.db, {
        ...request.query,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      return envelope(priced(request, rows), count);
    },
  );

  app.get(
    '/api/v1/tickets/:id/detail',
    {
      preValidation: authorize(deps, { forms: readForms }),
      schema: {
        tags: ['tickets'],
        summary: 'A ticket for editing: its lines, version and change history (R-TEDIT-3)',
        security,
        params: idParams,
        response: { 200: ticketEditDetailSchema },
      },
    },
    (request) => detailOf(request, request.params.id),
  );

  app.put(
    '/api/v1/tickets/:id',
    {
      preValidation: authorize(deps, { forms: [editTicketsFormId], write: true }),
      schema: {
        tags: ['tickets'],
        summary:
          'Edits a ticket with a reason; 409 when stale, void or invoiced (R-TEDIT-2, R-TEDIT-4)',
        security,
        params: idParams,
        body: ticketEditSchema,
        response: { 200: ticketEditDetailSchema },
      },
    },
    async (request) => {
      await editTicket(request.auth!.connection.db, {
        ...writerOf(request, deps),
        id: request.params.id,
        edit: request.body,
      });
      return detailOf(request, request.params.id);
    },
  );

  app.post(
    '/api/v1/tickets/batch-edit',
    {
      preValidation: authorize(deps, { forms: [batchEditTicketsFormId], write: true }),
      schema: {
        tags: ['tickets'],
        summary:
          'Previews or applies changes to many tickets, all or nothing (R-TEDIT-5, R-TEDIT-6)',
        security,
        body: ticketBatchEditSchema,
        response: { 200: ticketBatchOutcomeSchema },
      },
    },
    async (request) => {
      const outcome = await batchEditTickets(request.auth!.connection.db, {
        ...writerOf(request, deps),
        batch: request.body,
      });
      return priced(request, outcome);
    },
  );

  app.put(
    '/api/v1/tickets/:id/times',
    {
      preValidation: authorize(deps, {
        forms: [editTicketTimesFormId, editTicketsFormId],
        write: true,
      }),
      schema: {
        tags: ['tickets'],
        summary: "Edits a ticket's loop times, refused out of order (R-TEDIT-7)",
        security,
        params: idParams,
        body: ticketTimesEditSchema,
        response: { 200: ticketEditDetailSchema },
      },
    },
    async (request) => {
      await editTicketTimes(request.auth!.connection.db, {
        ...writerOf(request, deps),
        id: request.params.id,
        edit: request.body,
      });
      return detailOf(request, request.params.id);
    },
  );
}
