/**
 * R-TRACK-16: an external user's orders (their customer's, for the jobs they act for) and the pour
 * page of each, through a link of their own. Staff follow orders from order entry instead: these
 * routes refuse them with 403, as the external user's other routes do (R-OREQ-1).
 */
import type { FastifyRequest } from 'fastify';
import { customerOrderSchema } from '@dispatch/domain/tracking/customer-orders';
import { trackingLinkSchema } from '@dispatch/domain/tracking/tracking-link';
import { authorize } from '../../auth/guard';
import { ApiError, notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { idParams } from '../../http/write-fields';
import { customerOrders, followedOrder, type Follower } from './customer-orders.service';
import { pourUrlOf } from './pour-url';
import { makeFollowerTrackingLink } from './tracking-links.service';

const security = [{ bearer: [] }];
const tags = ['order tracking'];

function followerOf(request: FastifyRequest): Follower {
  const { customerId, userId } = request.auth!;
  if (customerId === null) {
    throw new ApiError('permission', "Only a customer's external users follow their orders here.");
  }
  return { userId, customerId };
}

export function registerCustomerOrdersRoutes(app: Server, deps: ServerDeps): void {
  const anyUser = authorize(deps);

  app.get(
    '/api/v1/customer-orders',
    {
      preValidation: anyUser,
      schema: {
        tags,
        summary:
          "An external user's orders, from yesterday to a month ahead, for the jobs they act for, without prices",
        security,
        response: { 200: listOf(customerOrderSchema) },
      },
    },
    async (request) =>
      envelope(await customerOrders(request.auth!.connection.db, followerOf(request), deps.now())),
  );

  app.post(
    '/api/v1/customer-orders/:id/tracking-link',
    {
      preValidation: anyUser,
      schema: {
        tags,
        summary:
          "The external user's own link to one of their orders' pour page (the link dispatch sent stays as it is)",
        security,
        params: idParams,
        response: { 201: trackingLinkSchema },
      },
    },
    async (request, reply) => {
      const who = followerOf(request);
      const { db } = request.auth!.connection;
      const order = await followedOrder(db, who, request.params.id, deps.now());
      // Another customer's order, or one out of reach, is not there as far as this user can tell.
      if (!order) throw notFound(`Order ${request.params.id}`);
      const link = await makeFollowerTrackingLink(db, {
        orderId: order.id,
        shipDate: order.shipDate,
        userId: who.userId,
        username: request.auth!.username,
        database: request.auth!.database,
        now: deps.now(),
      });
      void reply.status(201);
      return { url: pourUrlOf(request, link.token), expiresAt: link.expiresAt.toISOString() };
    },
  );
}
