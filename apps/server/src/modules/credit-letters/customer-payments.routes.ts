/** A customer's payments: listed, recorded against its invoices, and removed when entered in error. */
import {
  createPaymentBodySchema,
  customerPaymentSchema,
  customerPaymentsQuerySchema,
} from '@dispatch/domain/credit/credit-letter-schemas';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import {
  idParams,
  mayEnterAmounts,
  security,
  shown,
  tags,
  type CreditLetterGuards,
} from './credit-letters-route-helpers';
import { createPayment, deletePayment, listPayments } from './customer-payments.service';

export function registerCustomerPaymentRoutes(
  app: Server,
  deps: ServerDeps,
  { reader, writer, asOf }: CreditLetterGuards,
): void {
  app.get(
    '/api/v1/customer-payments',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: "A customer's payments, newest first, with the invoices each one paid",
        security,
        querystring: customerPaymentsQuerySchema,
        response: { 200: listOf(customerPaymentSchema) },
      },
    },
    async (request) =>
      envelope(shown(request, await listPayments(request.auth!.connection.db, request.query))),
  );

  app.post(
    '/api/v1/customer-payments',
    {
      preValidation: writer,
      schema: {
        tags,
        summary:
          'Record a payment: applied to the invoices named, or to the oldest due first; the rest stays on account',
        security,
        body: createPaymentBodySchema,
        response: { 201: customerPaymentSchema },
      },
    },
    async (request, reply) => {
      mayEnterAmounts(request);
      const auth = request.auth!;
      const payment = await createPayment(auth.connection.db, request.body, {
        userId: auth.userId,
        username: auth.username,
        now: deps.now(),
        asOf: asOf(),
      });
      return reply.status(201).send(payment);
    },
  );

  app.delete(
    '/api/v1/customer-payments/:id',
    {
      preValidation: writer,
      schema: {
        tags,
        summary: 'Remove a payment entered in error, with what it paid',
        security,
        params: idParams,
      },
    },
    async (request, reply) => {
      mayEnterAmounts(request);
      const auth = request.auth!;
      await deletePayment(auth.connection.db, request.params, {
        userId: auth.userId,
        username: auth.username,
        now: deps.now(),
        asOf: asOf(),
      });
      return reply.status(204).send();
    },
  );
}
