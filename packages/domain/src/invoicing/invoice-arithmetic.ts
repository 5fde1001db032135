/**
 * R-INV-4: the money of an invoice. A line is quantity times unit price rounded to the cent half
 * away from zero (R-PRICE-7's rule); its tax is that amount times the order's tax rate, rounded to
 * the cent once per line, so the printed lines add up to the printed totals; the totals are the
 * sums of the lines. A credit note is the same lines with every amount negated (R-INV-7).
 */
import { lineAmount } from '../pricing/order-pricing';
import { divideRoundingHalfAwayFromZero, fromCents, toCents } from '../pricing/price-escalation';

/** Tax rates are percents with four decimals (tax_levels.tax_rate, numeric(9, 4)). */
const rateScale = 10_000;

export type InvoiceLineInput = {
  readonly quantity: number;
  readonly unitPrice: number;
  readonly taxable: boolean;
};

export type InvoiceAmounts = {
  /** Quantity times unit price, or the sum of the lines' on a whole invoice. */
  readonly extendedPrice: number;
  readonly taxAmount: number;
  /** extendedPrice plus taxAmount. */
  readonly totalAmount: number;
};

/** `amount` (money) times `ratePercent`, in cents, rounded half away from zero. */
export function taxOn(amount: number, ratePercent: number | null): number {
  const rate = BigInt(Math.round((ratePercent ?? 0) * rateScale));
  const cents = BigInt(toCents(amount));
  return fromCents(Number(divideRoundingHalfAwayFromZero(cents * rate, BigInt(100 * rateScale))));
}

/** One line's amounts: a line not taxable, or without a tax rate, carries no tax. */
export function invoiceLineAmounts(
  line: InvoiceLineInput,
  ratePercent: number | null,
): InvoiceAmounts {
  const extendedPrice = lineAmount({ quantity: line.quantity, price: line.unitPrice });
  const taxAmount = line.taxable ? taxOn(extendedPrice, ratePercent) : 0;
  return { extendedPrice, taxAmount, totalAmount: addMoney(extendedPrice, taxAmount) };
}

/** Money added in whole cents, so 0.1 + 0.2 is 0.3. */
export function addMoney(...amounts: readonly number[]): number {
  return fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0));
}

/** The totals of lines (or of invoices): each amount summed in cents. */
export function sumAmounts(lines: readonly InvoiceAmounts[]): InvoiceAmounts {
  return {
    extendedPrice: addMoney(...lines.map((line) => line.extendedPrice)),
    taxAmount: addMoney(...lines.map((line) => line.taxAmount)),
    totalAmount: addMoney(...lines.map((line) => line.totalAmount)),
  };
}

/** R-INV-7: a credit note's amounts: the credited ones negated (never -0). */
export function negatedAmounts<T extends InvoiceAmounts>(amounts: T): T {
  const negate = (value: number) => (value === 0 ? 0 : -value);
  return {
    ...amounts,
    extendedPrice: negate(amounts.extendedPrice),
    taxAmount: negate(amounts.taxAmount),
    totalAmount: negate(amounts.totalAmount),
  };
}
