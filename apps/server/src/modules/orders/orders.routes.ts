import { z } from 'zod';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { formatDate } from '@dispatch/domain/validation/dates';
import { authorize, priced } from '../../auth/guard';
import { notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import {
  orderBoardRowSchema,
  orderDetailSchema,
  orderListQuery,
  orderParams,
  orderViewSchema,
} from './orders.schemas';
import { getOrder, listOrderBoard, listOrders } from './orders.service';

const security = [{ bearer: [] }];

/**
 * Order entry (concrete 15000, aggregate 25000, block 35000), Load Scheduling 51001, Pending Orders
 * 51002, the audit forms (13000, 23000, 33000) and the Batch Load Screen 14000.
 */
export const orderForms = [15000, 25000, 35000, 51001, 51002, 13000, 23000, 33000, 14000] as const;

export function registerOrdersRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/orders',
    {
      preHandler: authorize(deps, { forms: orderForms }),
      // The dashboard's hot read: the answer is built to orderViewSchema's type (checked by the
      // compiler and the tests), so it is not re-validated per request, which would cost more
      // than the queries behind it. The schema still documents the route.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['orders'],
        summary:
          "A day's orders (default: today) or a range, with schedules, products and dashboard totals",
        security,
        querystring: orderListQuery,
        response: { 200: z.union([listOf(orderViewSchema), listOf(orderBoardRowSchema)]) },
      },
    },
    async (request, reply) => {
      const { shipDate, shipDateFrom, shipDateTo, view, ...query } = request.query;
      // Without any date the board shows today, as the server's clock reads it.
      const today =
        shipDate ?? (shipDateFrom || shipDateTo ? undefined : formatDate(deps.now(), 'YYYY-MM-DD'));
      const options = {
        ...query,
        shipDateFrom: today ?? shipDateFrom,
        shipDateTo: today ?? shipDateTo,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      };
      const { db } = request.auth!.connection;
      if (view === 'board') {
        // Kept serialised: every dispatcher's screen reads the same answer until a write commits.
        const json = await deps.boardCache.read(
          request.auth!.database,
          JSON.stringify(options),
          async () => {
            const board = await listOrderBoard(db, options);
            return JSON.stringify(envelope(board.rows, board.count));
          },
        );
        // Already JSON: Fastify sends a string with a JSON content type as it is.
        return reply.type('application/json; charset=utf-8').send(json as never);
      }
      const { rows, count } = await listOrders(db, options);
      return envelope(priced(request, rows), count);
    },
  );

  app.get(
    '/api/v1/orders/:id',
    {
      preHandler: authorize(deps, { forms: orderForms }),
      schema: {
        tags: ['orders'],
        summary: 'One order with its schedules, schedule products, loads and ticket ids',
        security,
        params: orderParams,
        response: { 200: orderDetailSchema },
      },
    },
    async (request) => {
      const order = await getOrder(request.auth!.connection.db, {
        id: request.params.id,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
      });
      if (!order) throw notFound(`Order ${request.params.id}`);
      return priced(request, order);
    },
  );
}
