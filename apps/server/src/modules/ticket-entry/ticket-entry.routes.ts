/**
 * Ticket entry (`/ticketing/aggregate-ticket-entry`, `/ticketing/block-ticket-entry`,
 * R-TENT-1..9): `POST /api/v1/tickets` writes a ticket for an existing order, and
 * `GET /api/v1/tickets/entry-choices` gives the screen the plant's open orders and trucks. Each
 * call is checked against the ticketing form of its own system type (R-TENT-2).
 */
import type { FastifyRequest } from 'fastify';
import {
  ticketEntryChoicesSchema,
  ticketEntryFormId,
  ticketEntrySchema,
  ticketEntrySystemTypeIds,
  ticketEntryAnswerSchema,
  type TicketEntrySystemTypeId,
} from '@dispatch/domain/dispatch/ticket-entry';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { authorize, priced, systemTypeFormAccess } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';
import { plantPrintsWhenSent } from '../tickets/print-ticket';
import { printWhenSentOf } from '../tickets/print-when-sent';
import { ticketEntryChoicesQuery } from './ticket-entry.schemas';
import { createTicket, ticketEntryChoices as readChoices } from './ticket-entry.service';

const security = [{ bearer: [] }];
const ticketEntryForms = ticketEntrySystemTypeIds.map((id) => ticketEntryFormId(id));

/**
 * R-TENT-2: the caller's flags on the ticketing form of the system type: its group and a level
 * that may see it, else 403 naming the form; `write` refuses read-only levels.
 */
function ticketEntryAccess(
  request: FastifyRequest,
  systemTypeId: TicketEntrySystemTypeId,
  write: boolean,
): PermissionFlags {
  return systemTypeFormAccess(request, systemTypeId, ticketEntryFormId(systemTypeId), write);
}

export function registerTicketEntryRoutes(app: Server, deps: ServerDeps): void {
  const printing = printWhenSentOf(app, deps);
  app.get(
    '/api/v1/tickets/entry-choices',
    {
      preValidation: authorize(deps, { forms: ticketEntryForms }),
      schema: {
        tags: ['tickets'],
        summary:
          "Ticket entry at a plant: its scale and next bill of lading, today's open orders, the trucks",
        security,
        querystring: ticketEntryChoicesQuery,
        response: { 200: ticketEntryChoicesSchema },
      },
    },
    async (request) => {
      const { systemTypeId, plantId } = request.query;
      ticketEntryAccess(request, systemTypeId, false);
      const choices = await readChoices(request.auth!.connection.db, {
        systemTypeId,
        plantId,
        day: formatDate(deps.now(), 'YYYY-MM-DD'),
        now: deps.now(),
      });
      if (!choices) throw notFound(`Plant ${plantId}`);
      return priced(request, choices);
    },
  );

  app.post(
    '/api/v1/tickets',
    {
      // The form is known once the body says its system type; authorize checks the caller first.
      preValidation: authorize(deps, { forms: ticketEntryForms, write: true }),
      schema: {
        tags: ['tickets'],
        summary:
          "Writes an aggregate (weighed) or block (counted) ticket for an order: the plant's next number, the pit's next bill of lading; then prints it on the plant's print queue when the plant prints tickets by themselves (printing: true)",
        security,
        body: ticketEntrySchema,
        response: { 201: ticketEntryAnswerSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const flags = ticketEntryAccess(request, body.systemTypeId, true);
      const auth = request.auth!;
      const ticket = await createTicket(auth.connection.db, body, {
        username: auth.username,
        now: deps.now(),
        mayPrice: flags.full && !flags.disablePrice && !flags.hidePrice,
      });
      // R-PRINT-10: save and print at the scale prints as a dispatch does, after the commit.
      const printsAtPlant = await plantPrintsWhenSent(auth.connection.db, ticket.plantId);
      if (printsAtPlant) printing.afterCommit(auth, ticket.id);
      reply.code(201);
      return priced(request, { ...ticket, printing: printsAtPlant });
    },
  );
}
