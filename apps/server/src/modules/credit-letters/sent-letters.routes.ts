/** The letters sent: all of them, of one run or of one customer, and one customer's from its screen. */
import {
  customerLettersQuerySchema,
  sentLetterSchema,
  sentLettersQuerySchema,
} from '@dispatch/domain/credit/credit-letter-schemas';
import { authorize } from '../../auth/guard';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import {
  customerMaintenanceForm,
  formLetterForm,
  formLetterMaintenanceForm,
  idParams,
  security,
  shown,
  tags,
  type CreditLetterGuards,
} from './credit-letters-route-helpers';
import { listSentLetters } from './sent-letters.service';

export function registerSentLetterRoutes(
  app: Server,
  deps: ServerDeps,
  { reader }: CreditLetterGuards,
): void {
  app.get(
    '/api/v1/credit-letters/history',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'Letters sent, newest first: of one customer, of one run, or all',
        security,
        querystring: sentLettersQuerySchema,
        response: { 200: listOf(sentLetterSchema) },
      },
    },
    async (request) =>
      envelope(shown(request, await listSentLetters(request.auth!.connection.db, request.query))),
  );

  app.get(
    '/api/v1/customers/:id/credit-letters',
    {
      preValidation: authorize(deps, {
        forms: [formLetterForm, formLetterMaintenanceForm, customerMaintenanceForm],
      }),
      schema: {
        tags,
        summary: 'The letters one customer was sent, newest first',
        security,
        params: idParams,
        querystring: customerLettersQuerySchema,
        response: { 200: listOf(sentLetterSchema) },
      },
    },
    async (request) =>
      envelope(
        shown(
          request,
          await listSentLetters(request.auth!.connection.db, {
            customerId: request.params.id,
            limit: request.query.limit,
          }),
        ),
      ),
  );
}
