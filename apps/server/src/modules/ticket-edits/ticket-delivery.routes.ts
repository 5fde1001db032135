/**
 * R-ETICKET-1..8: the signed e-ticket's routes. Any signed-in user reaches them; who may act for
 * the ticket is the service's question (the truck's driver, its dispatchers, or the ticket writers
 * for a ticket without a truck), as it depends on the ticket.
 */
import {
  photoMaxBytes,
  signatureMaxBytes,
  ticketDeliverySchema,
  ticketDeliveryViewSchema,
} from '@dispatch/domain/tickets/ticket-delivery';
import { authorize } from '../../auth/guard';
import type { Server, ServerDeps } from '../../http/server';
import { idParams } from '../../http/write-fields';
import { signTicketDelivery, ticketDeliveryOf } from './ticket-delivery.service';

const security = [{ bearer: [] }];

/**
 * The server's 1 MB body limit is below a photo and a signature at their caps as base64 (4/3 of
 * their bytes); the schema then refuses what is over either cap with a 400 naming it.
 */
const deliveryBodyLimit = Math.ceil(((photoMaxBytes + signatureMaxBytes) * 4) / 3) + 64 * 1024;

export function registerTicketDeliveryRoutes(app: Server, deps: ServerDeps): void {
  app.post(
    '/api/v1/tickets/:id/delivery',
    {
      bodyLimit: deliveryBodyLimit,
      preValidation: authorize(deps, {}),
      schema: {
        tags: ['tickets'],
        summary:
          "Records the receiver's signed delivery (ASTM C94); a correction replaces it. 409 when stale (R-ETICKET-1..7)",
        security,
        params: idParams,
        body: ticketDeliverySchema,
        response: { 200: ticketDeliveryViewSchema },
      },
    },
    (request) =>
      signTicketDelivery(request.auth!.connection.db, {
        auth: request.auth!,
        now: deps.now(),
        id: request.params.id,
        delivery: request.body,
      }),
  );

  app.get(
    '/api/v1/tickets/:id/delivery',
    {
      preValidation: authorize(deps, {}),
      schema: {
        tags: ['tickets'],
        summary: "The receiver's signed delivery of a ticket; 404 until signed (R-ETICKET-6)",
        security,
        params: idParams,
        response: { 200: ticketDeliveryViewSchema },
      },
    },
    (request) =>
      ticketDeliveryOf(request.auth!.connection.db, { auth: request.auth!, id: request.params.id }),
  );
}
