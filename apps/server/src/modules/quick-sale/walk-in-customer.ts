/**
 * R-QSALE-2: a walk-in customer has no account: the sale goes on the walk-in cash account (the
 * first active cash-only customer whose name says "walk-in", as the demo's "Cash Sales - Walk-in"),
 * under the name the cashier types. A database without one gets one on its first walk-in sale.
 */
import { and, asc, eq, ilike } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { creditStatuses } from '../../db/schema/lookups';
import { customers } from '../../db/schema/customers';
import { creditStatusIds } from '../../db/reference-ids';

export const walkInAccount = { number: 'WALKIN', name: 'Cash Sales - Walk-in' } as const;

/** The walk-in cash account's id, if the database has one. */
export async function findWalkInCustomer(tx: Tx | Db): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.cashOnlyFlag, true),
        eq(customers.inactiveFlag, false),
        ilike(customers.name, '%walk-in%'),
      ),
    )
    .orderBy(asc(customers.id))
    .limit(1);
  return row?.id;
}

/** The walk-in cash account, made (cash only, COD) when the database has none yet. */
export async function walkInCustomer(tx: Tx, username: string): Promise<number> {
  const found = await findWalkInCustomer(tx);
  if (found !== undefined) return found;
  const [cod] = await tx
    .select({ id: creditStatuses.id })
    .from(creditStatuses)
    .where(eq(creditStatuses.id, creditStatusIds.codOnly));
  await tx
    .insert(customers)
    .values({
      number: walkInAccount.number,
      name: walkInAccount.name,
      cashOnlyFlag: true,
      creditStatusId: cod?.id ?? null,
      modifiedBy: username,
    })
    .onConflictDoNothing();
  const made = await findWalkInCustomer(tx);
  if (made === undefined) {
    // WALKIN is taken by an account that is not a walk-in account: use it no further.
    throw new Error('The walk-in cash account could not be made: customer number WALKIN is taken.');
  }
  return made;
}
