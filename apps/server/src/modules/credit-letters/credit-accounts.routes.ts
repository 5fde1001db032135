/** The form letter screen's customers by credit condition, and one customer's account. */
import {
  creditCandidatesQuerySchema,
  creditCandidatesSchema,
  customerAccountSchema,
} from '@dispatch/domain/credit/credit-letter-schemas';
import { notFound } from '../../http/api-error';
import type { Server } from '../../http/server';
import { listCreditCandidates } from './credit-candidates.service';
import {
  idParams,
  security,
  shown,
  tags,
  type CreditLetterGuards,
} from './credit-letters-route-helpers';
import { readCustomerAccount } from './customer-account.service';

export function registerCreditAccountRoutes(
  app: Server,
  { reader, asOf }: CreditLetterGuards,
): void {
  app.get(
    '/api/v1/credit-letters/candidates',
    {
      preValidation: reader,
      schema: {
        tags,
        summary:
          'Customers by credit condition (over limit, past due by N days, credit status, search) with balance, past due, days and limit',
        security,
        querystring: creditCandidatesQuerySchema,
        response: { 200: creditCandidatesSchema },
      },
    },
    async (request) =>
      shown(
        request,
        await listCreditCandidates(request.auth!.connection.db, request.query, asOf()),
      ),
  );

  app.get(
    '/api/v1/credit-letters/accounts/:id',
    {
      preValidation: reader,
      schema: {
        tags,
        summary:
          "A customer's account: balance, past due, aging, open invoices, payments and letters sent",
        security,
        params: idParams,
        response: { 200: customerAccountSchema },
      },
    },
    async (request) => {
      const account = await readCustomerAccount(
        request.auth!.connection.db,
        request.params.id,
        asOf(),
      );
      if (!account) throw notFound(`Customer ${request.params.id}`);
      return shown(request, account);
    },
  );
}
