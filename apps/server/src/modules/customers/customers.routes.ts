/**
 * What is special about customers beyond the resource engine, which serves /api/v1/customers
 * (R-RES-3): a customer's pricing defaults are per system type (R-ENTITY-11..12), and a caller
 * works only with the system types of their groups (R-SYS-4).
 *
 * - Answers carry the pricing collections of the caller's system types only; the others are
 *   answered empty, as the classic getCustomer did.
 * - A write may send those collections back empty (what it read): they are left as they are. A
 *   write that sends rows for a system type the caller lacks is refused (403).
 * - Prices (R-PERM-6) are the engine's: a level that hides prices (2, 4) sends pricing rows
 *   without them and their stored prices are kept; sent prices are compared with stored ones.
 *
 * These are hooks on the engine's customer routes, added as the engine registers them, so they
 * must be registered before registerResourceRoutes (app.ts).
 */
import type {
  FastifyRequest,
  preHandlerHookHandler,
  preSerializationHookHandler,
  RouteOptions,
} from 'fastify';
import { customerPricingCollections, customerResource } from '@dispatch/domain/resources/customers';
import { allowedSystemTypes, systemTypes } from '@dispatch/domain/system-types';
import { ApiError } from '../../http/api-error';
import type { Server } from '../../http/server';

type Body = Record<string, unknown>;

const base = `/api/v1/${customerResource.path}`;
const collections = Object.entries(customerPricingCollections);

function isObject(value: unknown): value is Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function lackedCollections(request: FastifyRequest): string[] {
  const allowed = new Set<number>(allowedSystemTypes(request.auth?.groupIds ?? []));
  return collections.filter(([, typeId]) => !allowed.has(typeId)).map(([key]) => key);
}

/** Before the body is parsed (authorize has run): what this caller may not send at all. */
function refuseWhatIsNotYours(request: FastifyRequest): void {
  const body = request.body;
  if (!isObject(body)) return;
  for (const key of lackedCollections(request)) {
    const rows = body[key];
    if (Array.isArray(rows) && rows.length > 0) {
      const type = systemTypes.find((candidate) => candidate.key === key)!;
      throw new ApiError(
        'permission',
        `You do not work with ${type.name.toLowerCase()}: its pricing defaults are not yours to change.`,
        { data: [{ field: key, reason: 'is not one of your system types' }] },
      );
    }
    // Sent back empty, as it was answered: left unchanged.
    delete body[key];
  }
}

/** The pricing collections of system types the caller lacks are answered empty. */
function answerOwnSystemTypes(request: FastifyRequest, payload: unknown): unknown {
  if (!isObject(payload)) return payload;
  const lacked = lackedCollections(request).filter((key) => Array.isArray(payload[key]));
  if (lacked.length === 0) return payload;
  return { ...payload, ...Object.fromEntries(lacked.map((key) => [key, []])) };
}

/** A request hook from a function that throws to refuse. */
function requestHook(check: (request: FastifyRequest) => void): preHandlerHookHandler {
  return (request, _reply, done) => {
    try {
      check(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  };
}

const answerHook: preSerializationHookHandler<unknown> = (request, _reply, payload, done) => {
  done(null, answerOwnSystemTypes(request, payload));
};

/** The route's own hooks of a kind (none, one or several) with one more after them. */
function withHook(existing: unknown, hook: unknown): never {
  const before: unknown[] =
    existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  return [...before, hook] as never;
}

export function registerCustomersRoutes(app: Server): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url !== base && route.url !== `${base}/:id`) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const writes = methods.some((method) => method === 'POST' || method === 'PUT');
    if (writes) {
      route.preValidation = withHook(route.preValidation, requestHook(refuseWhatIsNotYours));
    }
    if (route.url === `${base}/:id` || writes) {
      route.preSerialization = withHook(route.preSerialization, answerHook);
    }
  });
}
