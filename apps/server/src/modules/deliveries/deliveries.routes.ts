/**
 * R-DELIV-6, R-DELIV-9: the delivery actions a dispatcher takes by hand. Everything else about a
 * delivery follows from truck statuses, voids and edits (delivery-settlement.service.ts).
 */
import { formIdOf } from '@dispatch/domain/resources/define';
import {
  orderReopenSchema,
  ticketReturnedSchema,
} from '@dispatch/domain/delivery/delivery-requests';
import { orderDetailSchema } from '@dispatch/domain/orders/order-views';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { ticketViewSchema } from '@dispatch/domain/tickets/ticket-view';
import { authorize, priced } from '../../auth/guard';
import type { Server, ServerDeps } from '../../http/server';
import { idParams } from '../../http/write-fields';
import { orderEntryForms, writerOf } from '../orders/order-access';
import { ticketAnswer } from '../tickets/ticket-access';
import { reopenOrder } from './order-reopen.service';
import { recordReturnedConcrete } from './returned-concrete.service';

/** Returned concrete is recorded from the board's truck menu or in Edit Tickets. */
const returnedForms = [formIdOf('LoadScheduling'), formIdOf('EditTickets')] as const;

const security = [{ bearer: [] }];

export function registerDeliveriesRoutes(app: Server, deps: ServerDeps): void {
  app.put(
    '/api/v1/tickets/:id/returned',
    {
      preValidation: authorize(deps, { forms: returnedForms, write: true }),
      schema: {
        tags: ['tickets'],
        summary:
          'Records concrete that came back on a load: it lowers what the ticket, its load and its order delivered',
        security,
        params: idParams,
        body: ticketReturnedSchema,
        response: { 200: ticketViewSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const allowedSystemTypeIds = allowedSystemTypes(auth.groupIds);
      await recordReturnedConcrete(auth.connection.db, {
        ...request.body,
        ticketId: request.params.id,
        allowedSystemTypeIds,
        username: auth.username,
        now: deps.now(),
      });
      return ticketAnswer(request, request.params.id);
    },
  );

  app.post(
    '/api/v1/orders/:id/reopen',
    {
      preValidation: authorize(deps, { forms: orderEntryForms, write: true, checksPrices: true }),
      schema: {
        tags: ['orders'],
        summary: 'Reopens a complete order with a reason: it ships again',
        security,
        params: idParams,
        body: orderReopenSchema,
        response: { 200: orderDetailSchema },
      },
    },
    async (request) => {
      const order = await reopenOrder(
        request.auth!.connection.db,
        request.params.id,
        request.body,
        writerOf(request, deps),
      );
      return priced(request, order);
    },
  );
}
