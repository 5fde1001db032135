/**
 * Price escalation routes (R-ESC-1..R-ESC-9): administrators only, each answering a refusal that
 * names the screen it serves (Product Price Escalation or Quote Price Escalation), and the price
 * in effect on a date for anyone who prices orders (R-ESC-8).
 */
import { z } from 'zod';
import {
  escalationKinds,
  escalationPreviewSchema,
  escalationRequestSchema,
  escalationRowSchema,
  escalationSchema,
  type EscalationKind,
} from '@dispatch/domain/pricing/price-escalation';
import { calendarDaySchema } from '@dispatch/domain/dates/calendar-day';
import { formIdOf } from '@dispatch/domain/resources/define';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, authorize, priced } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { idParams, recordId } from '../../http/write-fields';
import { getProduct } from '../products/products.service';
import { productForms } from '../products/products.routes';
import {
  applyEscalation,
  escalationRows,
  listEscalations,
  planEscalation,
  readEscalation,
  reverseEscalation,
} from './price-escalation.service';
import { productPriceOn } from './price-in-effect.service';

const security = [{ bearer: [] }];
const base = '/api/v1/admin/price-escalations';
const tags = ['administration'];

/** The screen each kind of escalation is made on: the refusal names it (R-ESC-9). */
export const escalationForms: Readonly<Record<EscalationKind, number>> = {
  product: formIdOf('ProductPriceEscalation'),
  quote: formIdOf('QuotePriceEscalation'),
};

function adminOf(deps: ServerDeps, kind: EscalationKind) {
  return authorize(deps, { admin: true, forms: [escalationForms[kind]] });
}

/** For routes whose kind is in the body or the query: authorised on that kind's screen. */
function adminByKind(deps: ServerDeps, kindOf: (request: FastifyRequest) => EscalationKind) {
  const guards = {
    product: adminOf(deps, 'product'),
    quote: adminOf(deps, 'quote'),
  };
  return (request: FastifyRequest, reply: FastifyReply) => guards[kindOf(request)](request, reply);
}

const historyQuery = z.object({
  kind: z.enum(escalationKinds, { error: 'must be product or quote' }),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const priceQuery = z.object({
  date: calendarDaySchema,
  plantId: recordId.optional(),
});

const priceAnswer = z.object({
  productId: z.int(),
  plantId: z.int().nullable(),
  date: z.string(),
  /** Absent for callers whose level hides prices. */
  price: z.number().nullable().optional(),
  effectiveDate: z.string().nullable(),
  escalationId: z.int().nullable(),
  source: z.enum(['plant', 'product', 'list']),
});

const escalationDetail = escalationSchema.extend({ rows: z.array(escalationRowSchema) });

export function registerPriceEscalationRoutes(app: Server, deps: ServerDeps): void {
  // Signed in, checked before the request is read (401 before 400); the screen whose level
  // applies, named in a refusal (R-ESC-9), depends on the validated kind or the stored one.
  const signedIn = authorize(deps);
  app.post(
    `${base}/preview`,
    {
      preValidation: signedIn,
      preHandler: adminByKind(deps, (request) => (request.body as { kind: EscalationKind }).kind),
      schema: {
        tags,
        summary:
          'Every price the escalation would change, before and after, with counts and totals (R-ESC-3)',
        security,
        body: escalationRequestSchema,
        response: { 200: escalationPreviewSchema },
      },
    },
    async (request) => planEscalation(request.auth!.connection.db, request.body),
  );

  app.post(
    base,
    {
      preValidation: signedIn,
      preHandler: adminByKind(deps, (request) => (request.body as { kind: EscalationKind }).kind),
      schema: {
        tags,
        summary:
          'Applies the escalation in one transaction: the dated prices, the escalation and its rows, an audit row (R-ESC-5)',
        security,
        body: escalationRequestSchema,
        response: { 201: escalationSchema },
      },
    },
    async (request, reply) => {
      const escalation = await applyEscalation(request.auth!.connection.db, request.body, {
        username: request.auth!.username,
        now: deps.now(),
      });
      return reply.status(201).send(escalation);
    },
  );

  app.get(
    base,
    {
      preValidation: signedIn,
      preHandler: adminByKind(deps, (request) => (request.query as { kind: EscalationKind }).kind),
      schema: {
        tags,
        summary: 'The escalations of one kind, newest first (R-ESC-6)',
        security,
        querystring: historyQuery,
        response: { 200: listOf(escalationSchema) },
      },
    },
    async (request) => {
      const { rows, count } = await listEscalations(request.auth!.connection.db, request.query);
      return envelope(rows, count);
    },
  );

  /** The escalation's own screen, known only once it is read: its kind names the refusal. */
  const adminOfStored = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = await authenticate(request, deps);
    const id = (request.params as { id: number }).id;
    const stored = await readEscalation(auth.connection.db, id);
    return adminOf(deps, stored?.kind ?? 'product')(request, reply);
  };

  app.get(
    `${base}/:id`,
    {
      preValidation: signedIn,
      preHandler: adminOfStored,
      schema: {
        tags,
        summary: 'One escalation with every price it changed, before and after',
        security,
        params: idParams,
        response: { 200: escalationDetail },
      },
    },
    async (request) => {
      const db = request.auth!.connection.db;
      const escalation = await readEscalation(db, request.params.id);
      if (!escalation) throw notFound(`Price escalation ${request.params.id}`);
      return { ...escalation, rows: await escalationRows(db, escalation.id) };
    },
  );

  app.post(
    `${base}/:id/reverse`,
    {
      preValidation: signedIn,
      preHandler: adminOfStored,
      schema: {
        tags,
        summary:
          'Reverses an applied escalation: every price it changed is back as it was (R-ESC-7); 409 when already reversed',
        security,
        params: idParams,
        response: { 200: escalationSchema },
      },
    },
    async (request) =>
      reverseEscalation(request.auth!.connection.db, request.params.id, {
        username: request.auth!.username,
        now: deps.now(),
      }),
  );

  app.get(
    '/api/v1/products/:id/price',
    {
      // Administrators check prices too, whatever their form levels.
      preValidation: authorize(deps, { forms: productForms, orSysadmin: true }),
      schema: {
        tags: ['products'],
        summary:
          "The product's price in effect on a date, at a plant or for every plant: the plant's own, else the product's dated price, else its list price (R-ESC-8)",
        security,
        params: idParams,
        querystring: priceQuery,
        response: { 200: priceAnswer },
      },
    },
    async (request) => {
      const db = request.auth!.connection.db;
      const product = await getProduct(db, {
        id: request.params.id,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      if (!product) throw notFound(`Product ${request.params.id}`);
      const plantId = request.query.plantId ?? null;
      const found = (await productPriceOn(db, {
        productId: product.id,
        plantId,
        date: request.query.date,
      }))!;
      return priced(request, {
        productId: product.id,
        plantId,
        date: request.query.date,
        ...found,
      });
    },
  );
}
