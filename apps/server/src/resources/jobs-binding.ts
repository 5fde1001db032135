/**
 * Where jobs live (R-RES-1), and the job rules that need the database (R-VALID-11): with the
 * system parameter requireJobAddresses357 on, address lines 3, 5 and 7 are required (R-VALID-11).
 * A job that points at a quote carries the quote's number and description (printed on tickets).
 */
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import { jobAddressRequiredReason, requiredJobAddressLines } from '@dispatch/domain/resources/jobs';
import type { Tx } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { quotes } from '../db/schema/quotes';
import { systemParameters } from '../db/schema/settings';
import type { ResourceBinding } from './resource-binding';

export const requireJobAddressesKey = 'requireJobAddresses357';

/** The parameter as stored (jsonb true or false); missing or anything else is off. */
export async function jobAddressesRequired(tx: Tx): Promise<boolean> {
  const [row] = await tx
    .select({ value: systemParameters.value })
    .from(systemParameters)
    .where(eq(systemParameters.key, requireJobAddressesKey));
  return z.boolean().catch(false).parse(row?.value);
}

async function requiredAddresses(tx: Tx, record: Record<string, unknown>) {
  if (!(await jobAddressesRequired(tx))) return [];
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
