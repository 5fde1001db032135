/**
 * R-INV-12: an invoice's terms and the day its payment falls due. The terms are the terms_discounts
 * row the customer's pricing defaults of the invoice's system type name on its date (R-ACCT-10's
 * rule): payment is due `netDays` after the invoice date, and paying within `discountDays` earns
 * `discountPercent` off. The invoice PDF, invoice inquiry, the accounting export (R-ACCT-10) and
 * the credit letters' aging (R-CREDIT-2) all date payment with these two functions.
 */
import { z } from 'zod';
import { addDays } from '../report-schedules/zoned-time';
import { taxOn } from './invoice-arithmetic';

export const invoiceTermsSchema = z.object({
  /** The terms' name as the producer wrote it: "2% 10, net 30". */
  description: z.string(),
  netDays: z.number(),
  discountPercent: z.number(),
  discountDays: z.number(),
});
export type InvoiceTerms = Readonly<z.infer<typeof invoiceTermsSchema>>;

/** What the invoice says when the customer has no terms: payment on the invoice's own date. */
export const dueOnReceipt = 'Due on receipt';

/**
 * The day payment is due: the invoice date plus the terms' net days; without terms (or with none
 * of net days) the invoice date itself.
 */
export function invoiceDueDate(
  invoiceDate: string,
  terms: Pick<InvoiceTerms, 'netDays'> | null,
): string {
  return addDays(invoiceDate, Math.max(0, terms?.netDays ?? 0));
}

/**
 * The early-payment discount the terms offer on `total` ("2% 10, net 30": 2 % off when paid within
 * 10 days): its amount (the total times the percent, to the cent half away from zero, as tax is)
 * and the last day it may be taken. None without a discount, or on nothing owed (a credit note).
 */
export function earlyPaymentDiscount(
  invoiceDate: string,
  terms: InvoiceTerms | null,
  total: number,
): { amount: number; date: string } | null {
  if (!terms || terms.discountPercent <= 0 || total <= 0) return null;
  return {
    amount: taxOn(total, terms.discountPercent),
    date: addDays(invoiceDate, Math.max(0, terms.discountDays)),
  };
}

/** The terms as the invoice names them. */
export function termsName(terms: InvoiceTerms | null): string {
  return terms?.description.trim() || dueOnReceipt;
}
