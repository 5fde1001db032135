/**
 * The credit letters job (R-CREDIT-12..R-CREDIT-14): one template, the chosen customers, one PDF
 * with a letter per customer, and a row per customer saying the letter was sent, written with the
 * job's completion so the letters are recorded if and only if they were made.
 */
import { eq } from 'drizzle-orm';
import {
  letterJobParamsSchema,
  type LetterJobParams,
} from '@dispatch/domain/credit/credit-letter-schemas';
import { formatDate } from '@dispatch/domain/dates/date-format';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/auth';
import { letterTemplates } from '../../db/schema/credit-letters';
import { publish } from '../../dispatch/publish';
import type { JobHandler } from '../../jobs/job-handler';
import { letterheadOf } from '../../pdf/letterhead';
import { readAccounts, readCreditCustomers } from './credit-accounts.service';
import {
  composeLetter,
  renderLettersPdf,
  type ComposedLetter,
  type LetterTemplateRow,
} from './letter-document';
import { creditLettersTexts } from './credit-letters-texts';
import { recordSentLetters } from './sent-letters.service';

export async function readTemplate(db: Db, id: number) {
  const [template] = await db.select().from(letterTemplates).where(eq(letterTemplates.id, id));
  return template;
}

/** Who signs the letters: the full name of the user who asked for them, else their login. */
export async function senderNameOf(
  db: Db,
  userId: number | null,
  username: string,
): Promise<string> {
  if (userId === null) return username;
  const [profile] = await db
    .select({ fullName: userProfiles.fullName })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return profile?.fullName?.trim() || username;
}

export const creditLettersJob: JobHandler<LetterJobParams> = {
  kind: 'creditLetters',
  params: letterJobParamsSchema,
  retryLimit: 2,
  expireInSeconds: 600,
  async run(context, params) {
    const { db } = context;
    const texts = creditLettersTexts[context.job.language];
    const today = formatDate(context.now(), 'YYYY-MM-DD');
    await context.progress(2, texts.reading);
    const template = await readTemplate(db, params.templateId);
    if (!template) throw new Error(texts.templateGone(params.templateId));
    if (template.inactiveFlag) throw new Error(texts.templateInactive(template.name));
    const letterhead = await letterheadOf(db);
    const senderName = await senderNameOf(
      db,
      context.job.requestedByUserId,
      context.job.requestedBy,
    );
    const accounts = await readAccounts(
      db,
      await readCreditCustomers(db, { ids: params.customerIds, asOf: today }),
      today,
    );
    if (accounts.length === 0) throw new Error(texts.noCustomers);

    const letters: ComposedLetter[] = [];
    for (const [index, account] of accounts.entries()) {
      letters.push(
        composeLetter(template, account, {
          letterhead,
          senderName,
          today,
          hideAmounts: params.hideAmounts,
        }),
      );
      if (index % 20 === 0) {
        await context.progress(
          5 + (index / accounts.length) * 55,
          texts.writing(index + 1, accounts.length),
        );
      }
    }
    await context.progress(65, texts.pdf);
    const pdf = await renderLettersPdf(letters, {
      letterhead,
      senderName,
      title: `${template.name} · ${today}`,
    });
    const row: LetterTemplateRow = template;
    const missing = params.customerIds.length - letters.length;
    const at = context.now();
    return {
      message: texts.made(letters.length, template.name, missing),
      files: [
        {
          name: `credit-letters-${today}.pdf`,
          contentType: 'application/pdf',
          content: pdf,
        },
      ],
      result: {
        letters: letters.length,
        templateId: template.id,
        templateName: template.name,
        customerIds: letters.map((letter) => letter.customerId),
      },
      async commit(tx, job) {
        await recordSentLetters(tx, letters, {
          template: row,
          today,
          at,
          userId: context.job.requestedByUserId,
          username: context.job.requestedBy,
          jobId: job.id,
        });
        // Every credit screen refreshes its "last letter" column (R-CREDIT-15).
        await publish(tx, {
          name: 'resourceChanged_v1',
          data: {
            resource: 'customerLetters',
            id: job.id,
            action: 'created',
            version: null,
            by: job.requestedBy,
          },
        });
      },
    };
  },
};
