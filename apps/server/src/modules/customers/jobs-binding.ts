/**
 * Where jobs live (R-RES-1), and the job rules that need the database (R-VALID-11): with the
 * system parameter requireJobAddresses357 on, address lines 3, 5 and 7 are required (R-VALID-11),
 * read through the system parameter catalogue (R-PARAM-9).
 * A job that points at a quote carries the quote's number and description (printed on tickets).
 */
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { jobAddressRequiredReason, requiredJobAddressLines } from '@dispatch/domain/resources/jobs';
import type { Tx } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import { quotes } from '../../db/schema/quotes';
import { readSystemParameter } from '../settings/system-parameters.service';
import type { ResourceBinding } from '../../resources/resource-binding';

async function requiredAddresses(tx: Tx, record: Record<string, unknown>) {
  if (!(await readSystemParameter(tx, 'requireJobAddresses357'))) return [];
  return requiredJobAddressLines
    .filter((line) => {
      const value = record[line];
      return typeof value !== 'string' || value.trim() === '';
    })
    .map((field) => ({ field, reason: jobAddressRequiredReason }));
}

/**
 * quoteNumber and quoteDescription follow the job's quote: when the job points at a quote whose
 * number it does not carry yet (a new job, or the quote changed), both are copied from it. A job
 * without a quote keeps what order entry or an import typed there.
 */
async function followQuote(tx: Tx, id: number, action: string): Promise<void> {
  if (action !== 'created' && action !== 'updated') return;
  const [quote] = await tx
    .select({ number: quotes.number, description: quotes.description })
    .from(jobs)
    .innerJoin(quotes, eq(quotes.id, jobs.quoteId))
    .where(eq(jobs.id, id));
  if (!quote) return;
  await tx
    .update(jobs)
    .set({ quoteNumber: quote.number, quoteDescription: quote.description })
    .where(and(eq(jobs.id, id), or(isNull(jobs.quoteNumber), ne(jobs.quoteNumber, quote.number))));
}

export const jobBinding: ResourceBinding = {
  table: jobs,
  modifiedAtKey: 'modifiedDateTime',
  check: requiredAddresses,
  afterWrite: followQuote,
};
