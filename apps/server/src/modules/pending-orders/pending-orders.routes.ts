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
import type { z } from 'zod';
import { authorize, priced } from '../../auth/guard';
import type { Db } from '../../db/client';
import type { Server, ServerDeps } from '../../http/server';
import type { OrderWriter } from '../orders/order-writer';
import { orderDetailSchema, type OrderDetailView } from '@dispatch/domain/orders/order-views';
import { orderParams } from '../orders/orders.schemas';
import { orderEntryForms, orderForms, writerOf } from '../orders/order-access';
import { callInOrder, cancelPendingOrder, releaseOrder } from './pending-order-actions.service';
import { listPendingOrders } from './pending-orders-list.service';
import { pendingListQuery } from './pending-orders.schemas';

const security = [{ bearer: [] }];
const tags = ['pending orders'];

export function registerPendingOrdersRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/pending-orders',
    {
      preValidation: authorize(deps, { forms: orderForms }),
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

  /** One action on a pending order: its body, then the order as it now is (prices as allowed). */
  const action = <Body extends z.ZodType<{ version: number }>>(
    name: 'release' | 'call-in' | 'cancel',
    summary: string,
    body: Body,
    act: (
      db: Db,
      id: number,
      body: z.output<Body>,
      writer: OrderWriter,
    ) => Promise<OrderDetailView>,
  ) =>
    app.post(
      `/api/v1/orders/:id/${name}`,
      {
        preValidation: authorize(deps, entryAccess),
        schema: {
          tags,
          summary,
          security,
          params: orderParams,
          body,
          response: { 200: orderDetailSchema },
        },
      },
      async (request) => {
        const order = await act(
          request.auth!.connection.db,
          request.params.id,
          // The provider cannot resolve a generic schema; Fastify has validated the body against `body`.
          request.body as z.output<Body>,
          writerOf(request, deps),
        );
        return priced(request, order);
      },
    );

  action(
    'release',
    "Release an order on hold: to be shipped, once the customer's credit status no longer holds orders (else 409)",
    releaseBodySchema,
    (db, id, body, writer) => releaseOrder(db, id, body.version, writer),
  );
  action(
    'call-in',
    'Call in a will-call order: to be shipped, its first load due at the time given on its ship date, its loads projected again',
    callInBodySchema,
    callInOrder,
  );
  action(
    'cancel',
    'Cancel a pending order with a reason: status M (cancelled), its loads not yet ticketed cancelled',
    cancelBodySchema,
    cancelPendingOrder,
  );
}
