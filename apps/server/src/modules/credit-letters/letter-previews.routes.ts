/**
 * The template editor's previews: the text being edited rendered for one customer, and a saved
 * template's letter as the PDF the letters job makes.
 */
import {
  letterPdfPreviewQuerySchema,
  letterPreviewBodySchema,
  letterPreviewSchema,
} from '@dispatch/domain/credit/credit-letter-schemas';
import { mergeFieldProblems } from '@dispatch/domain/credit/merge-fields';
import { notFound, validationError } from '../../http/api-error';
import type { Server } from '../../http/server';
import { letterheadOf } from '../../pdf/letterhead';
import { readAccounts, readCreditCustomers } from './credit-accounts.service';
import { readTemplate, senderNameOf } from './credit-letters-job';
import {
  idParams,
  rendering,
  security,
  tags,
  type CreditLetterGuards,
} from './credit-letters-route-helpers';
import { composeLetter, renderLettersPdf } from './letter-document';

export function registerLetterPreviewRoutes(
  app: Server,
  { previewer, asOf }: CreditLetterGuards,
): void {
  app.post(
    '/api/v1/credit-letters/preview',
    {
      preValidation: previewer,
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
      preValidation: previewer,
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
}
