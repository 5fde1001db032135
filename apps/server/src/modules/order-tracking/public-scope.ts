/**
 * R-TRACK-5: what a link opens without an account (the pour page, its data, its tickets and
 * requests, and the notices' confirm and change pages) is rate-limited per client address, in a
 * scope of its own so no other route is. A guesser gets no further than a phone on site asks.
 */
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/api-error';
import type { Server } from '../../http/server';

/** A page opened on site asks a few times a minute. */
export const pourPageRateLimit = { max: 60, timeWindow: '1 minute' } as const;

/** The route option that limits one route as the pour page's are. */
export const publicRoute = { config: { rateLimit: pourPageRateLimit } } as const;

/** Registers `routes` in a scope whose routes take `publicRoute`'s limit. */
export function inPublicScope(app: Server, routes: (scope: Server) => void): void {
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new ApiError('rateLimited', `Too many requests: try again in ${context.after}.`),
    });
    routes(scope);
  });
}
