/**
 * R-TRACK-1..5 (issue 27): the order's tracking link, for those who may write the order, and the
 * pour page's data, for anyone who holds a link. The page's data answers without an account, so
 * it is rate-limited per address, and every way a token can fail (unknown, replaced, revoked,
 * expired, another database's) answers the same 404 after the same one lookup.
 */
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pourPagePath,
  pourPageSchema,
  trackingLinkSchema,
} from '@dispatch/domain/tracking/tracking-link';
import { authorize } from '../../auth/guard';
import { databaseOfToken } from '../../auth/session-store';
import { ApiError, notFound } from '../../http/api-error';
import { idParams } from '../../http/write-fields';
import type { Server, ServerDeps } from '../../http/server';
import { orderEntryForms, writerOf } from '../orders/order-access';
import { streamPourPage } from './pour-page-live';
import { pourPage } from './pour-page.service';
import { makeTrackingLink, orderOfToken, revokeTrackingLink } from './tracking-links.service';

const security = [{ bearer: [] }];
const tags = ['order tracking'];

/** R-TRACK-5: a page opened on site asks a few times a minute; a guesser gets no further. */
export const pourPageRateLimit = { max: 60, timeWindow: '1 minute' } as const;

const tokenParams = z.object({ token: z.string().min(1).max(200) });

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
        url: `${request.protocol}://${request.host}${pourPagePath}/${encodeURIComponent(link.token)}`,
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

  // Its own scope, so the rate limit applies to these routes only.
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new ApiError('rateLimited', `Too many requests: try again in ${context.after}.`),
    });
    scope.get(
      '/api/v1/pour/:token',
      {
        config: { rateLimit: pourPageRateLimit },
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
      '/api/v1/pour/:token/live',
      {
        config: { rateLimit: pourPageRateLimit },
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
