/**
 * R-INV-12, R-ACCT-10: each invoice's terms: the customer's pricing defaults of the invoice's system
 * type in effect on its date (R-PRICE-3's rule), and the terms_discounts row they name. A credit
 * note has none. The invoice PDF, invoice inquiry and the accounting export read terms here.
 */
import { eq, inArray } from 'drizzle-orm';
import type { InvoiceTerms } from '@dispatch/domain/invoicing/invoice-terms';
import { defaultsInEffect } from '@dispatch/domain/pricing/order-pricing';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Db, Tx } from '../../db/client';
import { termsDiscounts } from '../../db/schema/lookups';
import { pricingTables } from '../orders/order-pricing';

export type TermsHead = { id: number; customerId: number; invoiceDate: string; credit: boolean };

/** The terms of each invoice by id; null for a credit note, or a customer without terms then. */
export async function termsOfInvoices(
  db: Db | Tx,
  heads: readonly TermsHead[],
  systemTypeOf: ReadonlyMap<number, SystemTypeId>,
): Promise<Map<number, InvoiceTerms | null>> {
  const terms = new Map<number, InvoiceTerms | null>();
  for (const systemTypeId of [1, 2, 3] as const) {
    const wanted = heads.filter(
      (head) => !head.credit && systemTypeOf.get(head.id) === systemTypeId,
    );
    if (wanted.length === 0) continue;
    const table = pricingTables[systemTypeId];
    const rows = await db
      .select({
        id: table.id,
        customerId: table.customerId,
        startDate: table.startDate,
        terminationDate: table.terminationDate,
        description: termsDiscounts.description,
        netDays: termsDiscounts.netDays,
        discountPercent: termsDiscounts.discountPercent,
        discountDays: termsDiscounts.discountDays,
      })
      .from(table)
      .leftJoin(termsDiscounts, eq(termsDiscounts.id, table.termsDiscountId))
      .where(inArray(table.customerId, [...new Set(wanted.map((head) => head.customerId))]));
    for (const head of wanted) {
      const inEffect = defaultsInEffect(
        rows
          .filter((row) => row.customerId === head.customerId)
          .map((row) => ({ ...row, sequence: row.id })),
        head.invoiceDate,
      );
      terms.set(
        head.id,
        inEffect?.description == null
          ? null
          : {
              description: inEffect.description,
              netDays: inEffect.netDays ?? 0,
              discountPercent: inEffect.discountPercent ?? 0,
              discountDays: inEffect.discountDays ?? 0,
            },
      );
    }
  }
  return terms;
}
