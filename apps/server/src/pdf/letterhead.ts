/**
 * The producer's name and address at the head of every document it prints: tickets, invoices,
 * credit letters and reports.
 */
import { asc, eq } from 'drizzle-orm';
import { postalLines } from '@dispatch/domain/postal-address';
import type { Db } from '../db/client';
import { truckCompanies } from '../db/schema/lookups';
import { systemParameters } from '../db/schema/settings';

export type Letterhead = { name: string; lines: string[] };

/** The producer: the companyName system parameter, and its own truck company's address. */
export async function letterheadOf(db: Db): Promise<Letterhead> {
  const [parameter] = await db
    .select({ value: systemParameters.value })
    .from(systemParameters)
    .where(eq(systemParameters.key, 'companyName'));
  const [own] = await db
    .select()
    .from(truckCompanies)
    .where(eq(truckCompanies.outsideCompanyFlag, false))
    .orderBy(asc(truckCompanies.id))
    .limit(1);
  const name =
    typeof parameter?.value === 'string' && parameter.value.trim() !== ''
      ? parameter.value.trim()
      : (own?.name ?? 'Dispatch');
  const address = own
    ? postalLines([
        own.address1,
        own.address2,
        own.address3,
        own.address4,
        own.address5,
        own.address6,
        own.address7,
      ])
    : [];
  return { name, lines: [...address, ...(own?.phoneNumber ? [own.phoneNumber] : [])] };
}
