/**
 * Credit letters (R-CREDIT-1..R-CREDIT-20): the form letter screen's customers by credit condition,
 * their accounts and payments, producing letters as a background job and the letters sent; the
 * template editor's preview. Letter templates themselves are a resource (letter-templates-binding).
 * Reading needs the form (Form Letters, or Form Letter Maintenance for the preview); producing and
 * payments a level that writes; amounts leave only for levels that show prices (R-PERM-6).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createPaymentBodySchema,
  creditCandidatesQuerySchema,
  creditCandidatesSchema,
  customerAccountSchema,
  customerLettersQuerySchema,
  customerPaymentSchema,
  customerPaymentsQuerySchema,
  letterPdfPreviewQuerySchema,
  letterPreviewBodySchema,
  letterPreviewSchema,
  letterRunBodySchema,
  letterRunSchema,
  sentLetterSchema,
  sentLettersQuerySchema,
  withoutAmounts,
} from '@dispatch/domain/credit/credit-letter-schemas';
import { MergeFieldError } from '@dispatch/domain/credit/letter-render';
import { mergeFieldProblems } from '@dispatch/domain/credit/merge-fields';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { formatDate } from '@dispatch/domain/validation/dates';
import { authorize } from '../../auth/guard';
import { ApiError, notFound, validationError } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { letterheadOf } from '../../pdf/letterhead';
import { readAccounts, readCreditCustomers } from './credit-accounts.service';
import { listCreditCandidates } from './credit-candidates.service';
import { creditLettersJob, readTemplate, senderNameOf } from './credit-letters-job';
import { readCustomerAccount } from './customer-account.service';
import { createPayment, deletePayment, listPayments } from './customer-payments.service';
import { composeLetter, renderLettersPdf } from './letter-document';
import { listSentLetters } from './sent-letters.service';

const security = [{ bearer: [] }];
const tags = ['credit-letters'];

/** The forms, looked up by name (R-MENU-7). */
export const formLetterForm = menuEntryByEnumId('FormLetter')!.id;
export const formLetterMaintenanceForm = menuEntryByEnumId('FormLetterMaintenance')!.id;
const customerMaintenanceForm = menuEntryByEnumId('CustomerMaintenance')!.id;

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** R-CREDIT-17: amounts leave only for levels that show prices. */
function shown<T>(request: FastifyRequest, value: T): T {
  return request.permission.flags.hidePrice ? withoutAmounts(value) : value;
}

/** R-CREDIT-5: payments are money typed in: levels that hide or only read prices may not. */
function mayEnterAmounts(request: FastifyRequest): void {
  const { flags } = request.permission;
  if (flags.hidePrice || flags.disablePrice) {
    throw new ApiError('permission', 'Recording payments needs a level that may change prices.');
  }
}

function rendering<T>(render: () => T): T {
  try {
    return render();
  } catch (error) {
    if (error instanceof MergeFieldError) throw validationError([...error.problems]);
    throw error;
  }
}

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
export function registerCreditLettersRoutes(app: Server, deps: ServerDeps): void {
  deps.jobs.register(creditLettersJob);
  const reader = authorize(deps, { forms: [formLetterForm] });
  const writer = authorize(deps, { forms: [formLetterForm], write: true });
  const previewer = authorize(deps, { forms: [formLetterMaintenanceForm, formLetterForm] });
  const asOf = () => formatDate(deps.now(), 'YYYY-MM-DD');

  app.get(
    '/api/v1/credit-letters/candidates',
    {
      preHandler: reader,
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
      preHandler: reader,
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

  app.post(
    '/api/v1/credit-letters/preview',
    {
      preHandler: previewer,
      schema: {
        tags,
        summary:
          "A template's text rendered for one customer, as the letters will read (400 naming an unknown merge field)",
        security,
        body: letterPreviewBodySchema,
        response: { 200: letterPreviewSchema },
      },
    },
    async (request) => {
      const { db } = request.auth!.connection;
      const body = request.body;
      const problems = [
        ...mergeFieldProblems('subject', body.subject),
        ...mergeFieldProblems('body', body.body),
      ];
      if (problems.length > 0) throw validationError(problems);
      const today = asOf();
      const [customer] = await readCreditCustomers(db, { ids: [body.customerId], asOf: today });
      if (!customer) throw validationError([{ field: 'customerId', reason: 'is not a customer' }]);
      const [account] = await readAccounts(db, [customer], today);
      const hideAmounts = request.permission.flags.hidePrice;
      const letterhead = await letterheadOf(db);
      const senderName = await senderNameOf(db, request.auth!.userId, request.auth!.username);
      const letter = rendering(() =>
        composeLetter(body, account!, { letterhead, senderName, today, hideAmounts }),
      );
      return {
        subject: letter.rendered.subject,
        body: letter.rendered.body,
        customerName: customer.customerName,
        letterDate: letter.letterDate,
        address: letter.address,
        customerNumber: customer.customerNumber,
        letterhead,
        senderName,
        amountsHidden: hideAmounts,
      };
    },
  );

  app.get(
    '/api/v1/credit-letters/templates/:id/preview.pdf',
    {
      preHandler: previewer,
      schema: {
        tags,
        summary: "A saved template's letter to one customer, as the PDF the letters job makes",
        security,
        params: idParams,
        querystring: letterPdfPreviewQuerySchema,
      },
    },
    async (request, reply) => {
      const { db } = request.auth!.connection;
      const template = await readTemplate(db, request.params.id);
      if (!template) throw notFound(`Letter template ${request.params.id}`);
      const today = asOf();
      const customers = await readCreditCustomers(db, {
        ids: [request.query.customerId],
        asOf: today,
      });
      if (customers.length === 0) {
        throw validationError([{ field: 'customerId', reason: 'is not a customer' }]);
      }
      const [account] = await readAccounts(db, customers, today);
      const letterhead = await letterheadOf(db);
      const senderName = await senderNameOf(db, request.auth!.userId, request.auth!.username);
      const letter = rendering(() =>
        composeLetter(template, account!, {
          letterhead,
          senderName,
          today,
          hideAmounts: request.permission.flags.hidePrice,
        }),
      );
      const pdf = await renderLettersPdf([letter], {
        letterhead,
        senderName,
        title: template.name,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="letter-${template.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/v1/credit-letters/runs',
    {
      preHandler: writer,
      schema: {
        tags,
        summary:
          'Produce a letter for each chosen customer as one PDF, in the background; each customer is recorded as sent when it completes',
        security,
        body: letterRunBodySchema,
        response: { 202: letterRunSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { db } = auth.connection;
      const { templateId, customerIds } = request.body;
      const template = await readTemplate(db, templateId);
      if (!template || template.inactiveFlag) {
        throw validationError([
          { field: 'templateId', reason: 'is not an active letter template' },
        ]);
      }
      const problems = [
        ...mergeFieldProblems('subject', template.subject),
        ...mergeFieldProblems('body', template.body),
      ];
      if (problems.length > 0) {
        throw validationError(
          problems.map((problem) => ({
            field: 'templateId',
            reason: `the template's ${problem.field} ${problem.reason}`,
          })),
        );
      }
      const found = new Set(
        (await readCreditCustomers(db, { ids: customerIds, asOf: asOf() })).map(
          (customer) => customer.customerId,
        ),
      );
      const unknown = customerIds.findIndex((customerId) => !found.has(customerId));
      if (unknown >= 0) {
        throw validationError([{ field: `customerIds.${unknown}`, reason: 'is not a customer' }]);
      }
      const count = customerIds.length;
      const job = await deps.jobs.enqueue(auth.database, {
        kind: 'creditLetters',
        title: `${template.name}: ${count} ${count === 1 ? 'customer' : 'customers'}`,
        params: {
          templateId,
          customerIds,
          hideAmounts: request.permission.flags.hidePrice,
        },
        requestedByUserId: auth.userId,
        requestedBy: auth.username,
      });
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/api/v1/credit-letters/history',
    {
      preHandler: reader,
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
      preHandler: authorize(deps, {
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

  app.get(
    '/api/v1/customer-payments',
    {
      preHandler: reader,
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
      preHandler: writer,
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
      preHandler: writer,
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
