/**
 * R-CREDIT-11: the customers a letter could go to, chosen by credit condition: over their credit
 * limit, past due by N days or more, in one of the chosen credit statuses, matching a search. Each
 * condition given narrows the list; with none of the first three, every customer who owes money.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  CreditCandidate,
  CreditCandidates,
} from '@dispatch/domain/credit/credit-letter-schemas';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { creditStatuses } from '../../db/schema/lookups';
import {
  customerSearch,
  readAccounts,
  readCreditCustomers,
  readOpenInvoices,
  readUnapplied,
  type CreditAccount,
} from './credit-accounts.service';

export type CandidateFilters = {
  overLimit?: boolean | undefined;
  minDaysPastDue?: number | undefined;
  creditStatusIds?: number[] | undefined;
  search?: string | undefined;
  limit: number;
};

function byUrgency(a: CreditAccount, b: CreditAccount): number {
  return (
    b.daysPastDue - a.daysPastDue ||
    b.pastDueAmount - a.pastDueAmount ||
    b.balance - a.balance ||
    a.customerName.localeCompare(b.customerName)
  );
}

export function candidateOf(account: CreditAccount): CreditCandidate {
  return {
    customerId: account.customerId,
    customerNumber: account.customerNumber,
    customerName: account.customerName,
    contactName: account.contactName,
    creditStatusId: account.creditStatusId,
    creditStatus: account.creditStatus,
    terms: account.terms,
    balance: account.balance,
    pastDueAmount: account.pastDueAmount,
    daysPastDue: account.daysPastDue,
    creditLimit: account.creditLimit,
    overLimitAmount: account.overLimitAmount,
    overLimit: account.overLimit,
    lastLetter: account.lastLetter,
  };
}

export async function listCreditCandidates(
  db: Db,
  filters: CandidateFilters,
  asOf: string,
): Promise<CreditCandidates> {
  const byAmount = filters.overLimit === true || filters.minDaysPastDue !== undefined;
  const byStatus = filters.creditStatusIds !== undefined && filters.creditStatusIds.length > 0;
  const invoices = await readOpenInvoices(db);
  const unapplied = await readUnapplied(db);
  const owing = [
    ...new Set([...invoices.map((invoice) => invoice.customerId), ...unapplied.keys()]),
  ];
  const statusCondition = byStatus
    ? inArray(customers.creditStatusId, filters.creditStatusIds!)
    : undefined;
  // A status alone lists the status's active customers, owing or not; otherwise only those whose
  // account has money open (a deactivated customer who still owes is written to as well).
  const customerList = await readCreditCustomers(db, {
    asOf,
    ...(byStatus && !byAmount ? {} : { ids: owing }),
    where: and(
      statusCondition,
      customerSearch(filters.search),
      byStatus && !byAmount ? eq(customers.inactiveFlag, false) : undefined,
    ),
  });
  const accounts = await readAccounts(db, customerList, asOf, { invoices, unapplied });
  const chosen = accounts
    .filter((account) => (filters.overLimit === true ? account.overLimit : true))
    .filter((account) =>
      filters.minDaysPastDue !== undefined ? account.daysPastDue >= filters.minDaysPastDue : true,
    )
    .filter((account) => (byAmount || byStatus ? true : account.balance > 0))
    .sort(byUrgency);
  const statuses = await db
    .select({ id: creditStatuses.id, name: creditStatuses.description })
    .from(creditStatuses)
    .where(eq(creditStatuses.inactiveFlag, false))
    .orderBy(asc(creditStatuses.id));
  return {
    asOf,
    count: chosen.length,
    truncated: chosen.length > filters.limit,
    data: chosen.slice(0, filters.limit).map(candidateOf),
    creditStatuses: statuses,
  };
}
