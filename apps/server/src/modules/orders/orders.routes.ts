import { z } from 'zod';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import {
  orderBoardRowSchema,
  orderDetailSchema,
  orderHistoryEntrySchema,
  orderViewSchema,
} from '@dispatch/domain/orders/order-views';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { authorize, priced } from '../../auth/guard';
import { cachedJson, sendCachedJson } from '../../http/cached-json';
import { notFound } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { copyOrder } from './order-copy';
import { createOrder } from './order-create';
import { deleteOrder } from './order-delete';
import { orderHistory } from './order-history';
import { updateOrder } from './order-update';
import { orderEntryForms, orderForms, writerOf } from './order-access';
import {
  orderCopyBody,
  orderCreateBody,
  orderDeleteQuery,
  orderListQuery,
  orderParams,
  orderUpdateBody,
} from './orders.schemas';
import { getOrder, listOrderBoard, listOrders } from './orders.service';

const security = [{ bearer: [] }];

export function registerOrdersRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/orders',
    {
      preValidation: authorize(deps, { forms: orderForms }),
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
        const answer = await deps.boardCache.read(
          request.auth!.database,
          JSON.stringify(options),
          async () => {
            const board = await listOrderBoard(db, options);
            return cachedJson(JSON.stringify(envelope(board.rows, board.count)));
          },
        );
        return sendCachedJson(request, reply, answer);
      }
      // The full view is kept serialised too, once per price visibility (R-PERM-6): the same day
      // is read by every screen that lists orders, and only a committed write changes it.
      const hidePrice = request.permission.flags.hidePrice;
      const answer = await deps.boardCache.read(
        request.auth!.database,
        JSON.stringify({ view: 'full', hidePrice, options }),
        async () => {
          const { rows, count } = await listOrders(db, options);
          return cachedJson(JSON.stringify(envelope(priced(request, rows), count)));
        },
      );
      return sendCachedJson(request, reply, answer);
    },
  );

  app.get(
    '/api/v1/orders/:id',
    {
      preValidation: authorize(deps, { forms: orderForms }),
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

  // Order entry (R-ORD-1..12). The preHandler admits callers of any order entry form; the service
  // then checks the form of the order's own system type (writerOf) and prices (R-ORD-10).
  const entryAccess = { forms: orderEntryForms, write: true, checksPrices: true } as const;

  app.post(
    '/api/v1/orders',
    {
      preValidation: authorize(deps, entryAccess),
      schema: {
        tags: ['orders'],
        summary: 'Enter an order with its schedules and their products; its loads are projected',
        security,
        body: orderCreateBody,
        response: { 201: orderDetailSchema },
      },
    },
    async (request, reply) => {
      const order = await createOrder(
        request.auth!.connection.db,
        request.body,
        writerOf(request, deps),
      );
      return reply.status(201).send(priced(request, order));
    },
  );

  app.put(
    '/api/v1/orders/:id',
    {
      preValidation: authorize(deps, entryAccess),
      schema: {
        tags: ['orders'],
        summary: 'Change an order as a whole, with the version it was read at (409 when stale)',
        security,
        params: orderParams,
        body: orderUpdateBody,
        response: { 200: orderDetailSchema },
      },
    },
    async (request) => {
      const order = await updateOrder(
        request.auth!.connection.db,
        request.params.id,
        request.body,
        writerOf(request, deps),
      );
      return priced(request, order);
    },
  );

  app.delete(
    '/api/v1/orders/:id',
    {
      preValidation: authorize(deps, entryAccess),
      schema: {
        tags: ['orders'],
        summary: 'Delete an order: its status becomes D (deleted) and orderDelete_v1 is sent',
        security,
        params: orderParams,
        querystring: orderDeleteQuery,
        response: { 200: orderDetailSchema },
      },
    },
    async (request) => {
      const order = await deleteOrder(
        request.auth!.connection.db,
        request.params.id,
        request.query.version,
        writerOf(request, deps),
      );
      return priced(request, order);
    },
  );

  app.post(
    '/api/v1/orders/:id/copy',
    {
      preValidation: authorize(deps, entryAccess),
      schema: {
        tags: ['orders'],
        summary:
          'Copy an order to another ship date (will call stays will call, else to be shipped)',
        security,
        params: orderParams,
        body: orderCopyBody,
        response: { 201: orderDetailSchema },
      },
    },
    async (request, reply) => {
      const order = await copyOrder(
        request.auth!.connection.db,
        request.params.id,
        request.body.shipDate,
        writerOf(request, deps),
      );
      return reply.status(201).send(priced(request, order));
    },
  );

  app.get(
    '/api/v1/orders/:id/history',
    {
      preValidation: authorize(deps, { forms: orderForms }),
      schema: {
        tags: ['orders'],
        summary: "An order's changes, newest first, field by field: before, after, who and when",
        security,
        params: orderParams,
        response: { 200: listOf(orderHistoryEntrySchema) },
      },
    },
    async (request) => {
      const history = await orderHistory(request.auth!.connection.db, {
        id: request.params.id,
        allowedSystemTypeIds: allowedSystemTypes(request.auth!.groupIds),
        hidePrices: request.permission.flags.hidePrice,
      });
      if (!history) throw notFound(`Order ${request.params.id}`);
      return envelope(history);
    },
  );
}
