/**
 * Pending orders (R-PEND-1..7): the list the Pending Orders screen (51002) reads, and the three
 * actions on an order, written as order entry writes (R-ORD-11: the order entry form of the
 * order's system type at a level that writes).
 */
import {
  callInBodySchema,
  cancelBodySchema,
  pendingListSchema,
  releaseBodySchema,
} from '@dispatch/domain/orders/pending-orders';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { authorize, priced } from '../../auth/guard';
import type { Server, ServerDeps } from '../../http/server';
import { orderDetailSchema, orderParams } from '../orders/orders.schemas';
import { orderEntryForms, orderForms, writerOf } from '../orders/orders.routes';
import { callInOrder, cancelPendingOrder, releaseOrder } from './pending-order-actions.service';
import { listPendingOrders } from './pending-orders-list.service';
import { pendingListQuery } from './pending-orders.schemas';

const security = [{ bearer: [] }];
const tags = ['pending orders'];

export function registerPendingOrdersRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/pending-orders',
    {
      preHandler: authorize(deps, { forms: orderForms }),
      schema: {
        tags,
        summary:
          'Orders on hold and will call, and online requests not yet answered, with why they wait and the credit status',
        security,
        querystring: pendingListQuery,
        response: { 200: pendingListSchema },
      },
    },
    async (request) => {
      const answer = await listPendingOrders(request.auth!.connection.db, {
        ...request.query,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      return { error: false as const, ...answer };
    },
  );

  // The preHandler admits callers of any order entry form; the service checks the form of the
  // order's own system type (writerOf), as order entry's writes do.
  const entryAccess = { forms: orderEntryForms, write: true, checksPrices: true } as const;
  const answer = { 200: orderDetailSchema };

  app.post(
    '/api/v1/orders/:id/release',
    {
      preHandler: authorize(deps, entryAccess),
      schema: {
        tags,
        summary:
          "Release an order on hold: to be shipped, once the customer's credit status no longer holds orders (else 409)",
        security,
        params: orderParams,
        body: releaseBodySchema,
        response: answer,
      },
    },
    async (request) => {
      const order = await releaseOrder(
        request.auth!.connection.db,
        request.params.id,
        request.body.version,
        writerOf(request, deps),
      );
      return priced(request, order);
    },
  );

  app.post(
    '/api/v1/orders/:id/call-in',
    {
      preHandler: authorize(deps, entryAccess),
      schema: {
        tags,
        summary:
          'Call in a will-call order: to be shipped, its first load due at the time given on its ship date, its loads projected again',
        security,
        params: orderParams,
        body: callInBodySchema,
        response: answer,
      },
    },
    async (request) => {
      const order = await callInOrder(
        request.auth!.connection.db,
        request.params.id,
        request.body,
        writerOf(request, deps),
      );
      return priced(request, order);
    },
  );

  app.post(
    '/api/v1/orders/:id/cancel',
    {
      preHandler: authorize(deps, entryAccess),
      schema: {
        tags,
        summary:
          'Cancel a pending order with a reason: status M (cancelled), its loads not yet ticketed cancelled',
        security,
        params: orderParams,
        body: cancelBodySchema,
        response: answer,
      },
    },
    async (request) => {
      const order = await cancelPendingOrder(
        request.auth!.connection.db,
        request.params.id,
        request.body,
        writerOf(request, deps),
      );
      return priced(request, order);
    },
  );
}
