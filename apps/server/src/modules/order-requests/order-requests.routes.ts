/**
 * Online order requests (R-OREQ-1..12). External users (R-EXT-1) make, list and withdraw their own
 * requests; dispatchers with the Online Order Requests form list them (a reading level) and accept
 * or reject them (a writing level). Each side is refused the other's routes with 403.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import {
  orderRequestAcceptSchema,
  orderRequestCreateSchema,
  orderRequestListQuerySchema,
  orderRequestRejectSchema,
  orderRequestViewSchema,
  orderRequestWithdrawSchema,
  requestableProductSchema,
  requesterAccountSchema,
} from '@dispatch/domain/orders/order-requests';
import { authorize } from '../../auth/guard';
import { ApiError, notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { idParams } from '../../http/write-fields';
import {
  acceptOrderRequest,
  createOrderRequest,
  getOrderRequest,
  listMyOrderRequests,
  listOrderRequests,
  rejectOrderRequest,
  requestableProducts,
  requesterAccount,
  withdrawOrderRequest,
  type RequestActor,
  type Requester,
} from './order-requests.service';

const security = [{ bearer: [] }];
const tags = ['order requests'];

/** R-OREQ-9: the dispatchers' form, Online Order Requests (51003). */
export const onlineOrderRequestsForm = menuEntryByEnumId('OnlineOrderRequests')!.id;

const productQuery = z.object({
  systemTypeId: z.coerce.number().int().min(1).max(3),
  search: z.string().trim().max(100).optional(),
});

function actorOf(request: FastifyRequest, deps: ServerDeps): RequestActor {
  const auth = request.auth!;
  return { userId: auth.userId, username: auth.username, now: deps.now() };
}

/** R-OREQ-1: only a customer's external user makes requests; staff are refused with 403. */
function requesterOf(request: FastifyRequest, deps: ServerDeps): Requester {
  const customerId = request.auth!.customerId;
  if (customerId === null) {
    throw new ApiError('permission', "Only a customer's external users make order requests.");
  }
  return { ...actorOf(request, deps), customerId };
}

export function registerOrderRequestsRoutes(app: Server, deps: ServerDeps): void {
  const anyUser = authorize(deps);
  const staffReads = authorize(deps, { forms: [onlineOrderRequestsForm] });
  const staffWrites = authorize(deps, { forms: [onlineOrderRequestsForm], write: true });
  const db = (request: FastifyRequest) => request.auth!.connection.db;

  // ---- the external user's side ----

  app.get(
    '/api/v1/order-requests/account',
    {
      preValidation: anyUser,
      schema: {
        tags,
        summary: 'Whether the caller is an external user; if so their customer and jobs',
        security,
        response: { 200: requesterAccountSchema },
      },
    },
    (request) =>
      requesterAccount(db(request), {
        ...actorOf(request, deps),
        customerId: request.auth!.customerId,
      }),
  );

  app.get(
    '/api/v1/order-requests/products',
    {
      preValidation: anyUser,
      schema: {
        tags,
        summary: "An external user's product pick list: active products of a system type",
        security,
        querystring: productQuery,
        response: { 200: listOf(requestableProductSchema) },
      },
    },
    async (request) => {
      requesterOf(request, deps);
      return envelope(await requestableProducts(db(request), request.query));
    },
  );

  app.get(
    '/api/v1/order-requests/mine',
    {
      preValidation: anyUser,
      schema: {
        tags,
        summary: "The external user's own requests, newest first, with their outcome",
        security,
        response: { 200: listOf(orderRequestViewSchema) },
      },
    },
    async (request) => envelope(await listMyOrderRequests(db(request), requesterOf(request, deps))),
  );

  app.post(
    '/api/v1/order-requests',
    {
      preValidation: anyUser,
      schema: {
        tags,
        summary: 'An external user requests an order: job, product, quantity, day, time, notes',
        security,
        body: orderRequestCreateSchema,
        response: { 201: orderRequestViewSchema },
      },
    },
    async (request, reply) => {
      const who = requesterOf(request, deps);
      const created = await createOrderRequest(db(request), request.body, who);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/v1/order-requests/:id/withdraw',
    {
      preValidation: anyUser,
      schema: {
        tags,
        summary: 'The requester withdraws a request still pending (409 once decided)',
        security,
        params: idParams,
        body: orderRequestWithdrawSchema,
        response: { 200: orderRequestViewSchema },
      },
    },
    (request) =>
      withdrawOrderRequest(
        db(request),
        request.params.id,
        request.body.version,
        requesterOf(request, deps),
      ),
  );

  // ---- the dispatchers' side ----

  app.get(
    '/api/v1/order-requests',
    {
      preValidation: staffReads,
      schema: {
        tags,
        summary: 'Order requests, pending first; by status, requested day and customer',
        security,
        querystring: orderRequestListQuerySchema,
        response: { 200: listOf(orderRequestViewSchema) },
      },
    },
    async (request) => envelope(await listOrderRequests(db(request), request.query)),
  );

  app.get(
    '/api/v1/order-requests/:id',
    {
      preValidation: staffReads,
      schema: {
        tags,
        summary: 'One order request (order entry pre-fills a new order from it)',
        security,
        params: idParams,
        response: { 200: orderRequestViewSchema },
      },
    },
    async (request) => {
      const found = await getOrderRequest(db(request), request.params.id);
      if (!found) throw notFound(`Order request ${request.params.id}`);
      return found;
    },
  );

  app.post(
    '/api/v1/order-requests/:id/reject',
    {
      preValidation: staffWrites,
      schema: {
        tags,
        summary: 'Reject a pending request with a reason the requester reads',
        security,
        params: idParams,
        body: orderRequestRejectSchema,
        response: { 200: orderRequestViewSchema },
      },
    },
    (request) =>
      rejectOrderRequest(db(request), request.params.id, request.body, actorOf(request, deps)),
  );

  app.post(
    '/api/v1/order-requests/:id/accept',
    {
      preValidation: staffWrites,
      schema: {
        tags,
        summary: 'Accept a pending request, linking the order saved from it (same customer, job)',
        security,
        params: idParams,
        body: orderRequestAcceptSchema,
        response: { 200: orderRequestViewSchema },
      },
    },
    (request) =>
      acceptOrderRequest(db(request), request.params.id, request.body, actorOf(request, deps)),
  );
}
