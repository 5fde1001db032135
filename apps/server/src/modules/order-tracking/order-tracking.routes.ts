/**
 * R-TRACK-1..5 (issue 27): the order's tracking link, for those who may write the order, and the
 * pour page's data, for anyone who holds a link. The page's data answers without an account, so
 * it is rate-limited per address, and every way a token can fail (unknown, replaced, revoked,
 * expired, another database's) answers the same 404 after the same one lookup.
 */
import { z } from 'zod';
import {
  pourRequestCreateSchema,
  pourRequestViewOf,
  pourRequestViewSchema,
} from '@dispatch/domain/tracking/pour-requests';
import { pourPageSchema, trackingLinkSchema } from '@dispatch/domain/tracking/tracking-link';
import { authorize } from '../../auth/guard';
import { databaseOfToken } from '../../auth/session-store';
import { notFound } from '../../http/api-error';
import { idParams } from '../../http/write-fields';
import type { Server, ServerDeps } from '../../http/server';
import { createPourRequest } from '../order-requests/pour-requests.service';
import { orderEntryForms, writerOf } from '../orders/order-access';
import { streamPourPage } from './pour-page-live';
import { systemTypes } from '@dispatch/domain/system-types';
import { letterheadOf } from '../../pdf/letterhead';
import { renderTicketPdf } from '../tickets/ticket-pdf';
import { ticketPrintOf } from '../tickets/ticket-print.service';
import { deliveredTicketOf, pourPage } from './pour-page.service';
import { pourUrlOf } from './pour-url';
import { inPublicScope, publicRoute } from './public-scope';
import { makeTrackingLink, orderOfToken, revokeTrackingLink } from './tracking-links.service';

const security = [{ bearer: [] }];
const tags = ['order tracking'];

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const ticketParams = tokenParams.extend({ number: z.coerce.number().int().positive() });
const everySystemType = systemTypes.map((type) => type.id);

export function registerOrderTrackingRoutes(app: Server, deps: ServerDeps): void {
  // A live page's stream never ends by itself; closing the server ends them.
  const liveStreams = new Set<() => void>();
  app.addHook('onClose', (_instance, done) => {
    for (const end of [...liveStreams]) end();
    done();
  });
  /** R-TRACK-3: the order a token opens, with its database, or the one 404. */
  const openedBy = async (token: string) => {
    // Database names are no secret (the login lists them); the token's own part is.
    const database = databaseOfToken(token);
    const known = database ? await deps.tenancy.find(database) : undefined;
    if (!known) throw notFound('The tracking link');
    const { db } = await deps.tenancy.open(known.databaseName);
    const orderId = await orderOfToken(db, token, deps.now());
    if (orderId === null) throw notFound('The tracking link');
    return { db, orderId, database: known.databaseName };
  };

  const entryAccess = { forms: orderEntryForms, write: true } as const;

  app.post(
    '/api/v1/orders/:id/tracking-link',
    {
      preValidation: authorize(deps, entryAccess),
      schema: {
        tags,
        summary:
          "Makes the order's tracking link for the contractor (replacing the one it had), valid until the end of the day after the ship date",
        security,
        params: idParams,
        response: { 201: trackingLinkSchema },
      },
    },
    async (request, reply) => {
      const link = await makeTrackingLink(request.auth!.connection.db, {
        orderId: request.params.id,
        database: request.auth!.database,
        writer: writerOf(request, deps),
      });
      void reply.status(201);
      return {
        url: pourUrlOf(request, link.token),
        expiresAt: link.expiresAt.toISOString(),
      };
    },
  );

  app.delete(
    '/api/v1/orders/:id/tracking-link',
    {
      preValidation: authorize(deps, entryAccess),
      schema: {
        tags,
        summary: "Revokes the order's tracking link: it opens nothing any more",
        security,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeTrackingLink(request.auth!.connection.db, {
        orderId: request.params.id,
        writer: writerOf(request, deps),
      });
      return reply.status(204).send(null);
    },
  );

  inPublicScope(app, (scope) => {
    scope.get(
      '/api/v1/pour/:token',
      {
        ...publicRoute,
        schema: {
          tags,
          summary:
            "The contractor's pour page: the order's job, product, quantities and loads, without prices, for whoever holds its link",
          params: tokenParams,
          response: { 200: pourPageSchema },
        },
      },
      async (request) => {
        const { db, orderId } = await openedBy(request.params.token);
        return pourPage(db, orderId);
      },
    );
    scope.get(
      '/api/v1/pour/:token/tickets/:number/ticket.pdf',
      {
        ...publicRoute,
        schema: {
          tags,
          summary:
            "A delivered load's signed e-ticket as a PDF, without prices, for whoever holds the order's link",
          params: ticketParams,
        },
      },
      async (request, reply) => {
        const { db, orderId } = await openedBy(request.params.token);
        const ticketId = await deliveredTicketOf(db, orderId, request.params.number);
        const ticket =
          ticketId === null
            ? undefined
            : await ticketPrintOf(db, { id: ticketId, allowedSystemTypeIds: everySystemType });
        if (!ticket) throw notFound(`Ticket ${request.params.number}`);
        // The page shows no prices or amounts, so neither does its ticket (R-TRACK-5).
        const pdf = await renderTicketPdf(ticket, await letterheadOf(db), { hidePrices: true });
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="ticket-${ticket.number}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
    scope.post(
      '/api/v1/pour/:token/requests',
      {
        ...publicRoute,
        schema: {
          tags,
          summary:
            'The contractor asks dispatch from the pour page: hold the next load, add a load, or call the site back; it arrives as an online order request with the order attached (asking again what still waits answers the same request)',
          params: tokenParams,
          body: pourRequestCreateSchema,
          response: { 201: pourRequestViewSchema },
        },
      },
      async (request, reply) => {
        const { db, orderId } = await openedBy(request.params.token);
        const made = await createPourRequest(db, orderId, request.body, deps.now());
        void reply.status(201);
        return pourRequestViewOf(made)!;
      },
    );
    scope.get(
      '/api/v1/pour/:token/live',
      {
        ...publicRoute,
        schema: {
          tags,
          summary:
            "The pour page kept live: a server-sent-event stream of the page's data, sent again whenever it changes, for this order only",
          params: tokenParams,
        },
      },
      async (request, reply) => {
        const { token } = request.params;
        const { db, orderId, database } = await openedBy(token);
        reply.hijack();
        await streamPourPage({
          db,
          database,
          token,
          orderId,
          changeFeed: deps.changeFeed,
          now: deps.now,
          response: reply.raw,
          open: liveStreams,
        });
      },
    );
  });
}
