/** Producing letters: one PDF for the chosen customers, made by a background job. */
import {
  letterRunBodySchema,
  letterRunSchema,
} from '@dispatch/domain/credit/credit-letter-schemas';
import { mergeFieldProblems } from '@dispatch/domain/credit/merge-fields';
import { validationError } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';
import { jobLanguageOf } from '../../jobs/job-language';
import { readCreditCustomers } from './credit-accounts.service';
import { readTemplate } from './credit-letters-job';
import { creditLettersTexts } from './credit-letters-texts';
import { security, tags, type CreditLetterGuards } from './credit-letters-route-helpers';

export function registerLetterRunRoutes(
  app: Server,
  deps: ServerDeps,
  { writer, asOf }: CreditLetterGuards,
): void {
  app.post(
    '/api/v1/credit-letters/runs',
    {
      preValidation: writer,
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
      const language = await jobLanguageOf(db, auth.userId);
      const job = await deps.jobs.enqueue(auth.database, {
        kind: 'creditLetters',
        title: creditLettersTexts[language].title(template.name, customerIds.length),
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
}
