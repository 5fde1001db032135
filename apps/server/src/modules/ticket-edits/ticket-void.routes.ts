import { z } from 'zod';
import { formIdOf } from '@dispatch/domain/resources/define';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { ticketViewSchema } from '@dispatch/domain/tickets/ticket-view';
import { authorize } from '../../auth/guard';
import type { Server, ServerDeps } from '../../http/server';
import { idParams, versionField } from '../../http/write-fields';
import { ticketAnswer } from '../tickets/ticket-access';
import { voidTicket } from './ticket-void.service';

/** R-DISP-7: Edit Tickets, the ticket entry forms and the Load Scheduling board void tickets. */
export const ticketVoidFormIds = [
  formIdOf('EditTickets'),
  formIdOf('ConcreteTicketEntry'),
  formIdOf('AggregateTicketEntry'),
  formIdOf('BlockTicketEntry'),
  formIdOf('LoadScheduling'),
] as const;

export const ticketVoidBody = z.object({
  version: versionField,
  voidStatusId: z.int().min(1).max(2_147_483_647),
  reason: z.string().trim().min(1, { error: 'is required' }).max(500),
});

export function registerTicketVoidRoutes(app: Server, deps: ServerDeps): void {
  app.post(
    '/api/v1/tickets/:id/void',
    {
      preValidation: authorize(deps, { forms: ticketVoidFormIds, write: true }),
      schema: {
        tags: ['tickets'],
        summary:
          'Voids a ticket: it keeps its number; its load, unless delivered, goes back to scheduled',
        security: [{ bearer: [] }],
        params: idParams,
        body: ticketVoidBody,
        response: { 200: ticketViewSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const allowedSystemTypeIds = allowedSystemTypes(auth.groupIds);
      await voidTicket(auth.connection.db, {
        id: request.params.id,
        ...request.body,
        allowedSystemTypeIds,
        username: auth.username,
        now: deps.now(),
      });
      return ticketAnswer(request, request.params.id);
    },
  );
}
