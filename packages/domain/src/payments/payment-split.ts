/**
 * R-QSALE-4..6: how a quick sale is paid: cash, check or card, alone or split. The amounts add
 * up to the sale's total to the cent; a check needs its number; one card at most (a cash
 * transaction holds one); cash may be tendered above its amount, and the difference is the change.
 * The same schema and checks run in the till and on the server, with the same messages.
 */
import { z } from 'zod';
import {
  cardBrandOf,
  cardExpiryProblem,
  cardNumberProblem,
  normaliseCardNumber,
  securityValueProblem,
} from './card-number';
import { fromCents, toCents } from '../pricing/price-escalation';

export const paymentMethods = ['cash', 'check', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

const money = z.number({ error: 'must be an amount' }).finite();
const typed = (max: number) => z.string().trim().max(max).default('');

export const cashPaymentSchema = z.object({
  method: z.literal('cash'),
  amount: money,
  /** What the customer handed over; the change is what it exceeds the amount by. */
  amountTendered: money.nullable().default(null),
});

export const checkPaymentSchema = z.object({
  method: z.literal('check'),
  amount: money,
  checkNumber: typed(30),
});

/**
 * A card as typed. The number and security value go to the payment provider and nowhere else:
 * never stored, never logged (R-QSALE-6).
 */
export const cardPaymentSchema = z.object({
  method: z.literal('card'),
  amount: money,
  cardNumber: z.string().max(40).default(''),
  /** MM/YY. */
  expiry: typed(7),
  securityValue: z.string().max(4, 'must be 3 or 4 digits').default(''),
  billingZip: typed(10),
});

export const paymentSchema = z.discriminatedUnion(
  'method',
  [cashPaymentSchema, checkPaymentSchema, cardPaymentSchema],
  { error: 'must be a payment by cash, check or card' },
);
export type Payment = z.infer<typeof paymentSchema>;
export type CashPayment = z.infer<typeof cashPaymentSchema>;
export type CheckPayment = z.infer<typeof checkPaymentSchema>;
export type CardPayment = z.infer<typeof cardPaymentSchema>;

export type PaymentProblem = { readonly field: string; readonly reason: string };

/** The change due on cash: what was tendered above the amount, never below zero. */
export function changeDue(payment: Pick<CashPayment, 'amount' | 'amountTendered'>): number {
  if (payment.amountTendered === null) return 0;
  return fromCents(Math.max(0, toCents(payment.amountTendered) - toCents(payment.amount)));
}

/** The card checks that need no provider: number, expiry, security value. */
export function cardProblems(card: CardPayment, today: Date, path: string): PaymentProblem[] {
  const problems: PaymentProblem[] = [];
  const number = cardNumberProblem(card.cardNumber);
  if (number) problems.push({ field: `${path}.cardNumber`, reason: number });
  const expiry = cardExpiryProblem(card.expiry, today);
  if (expiry) problems.push({ field: `${path}.expiry`, reason: expiry });
  const brand = cardBrandOf(normaliseCardNumber(card.cardNumber));
  const security = securityValueProblem(card.securityValue, brand);
  if (security) problems.push({ field: `${path}.securityValue`, reason: security });
  if (card.billingZip !== '' && !/^[A-Za-z0-9 -]{3,10}$/.test(card.billingZip)) {
    problems.push({ field: `${path}.billingZip`, reason: 'must be a postal code' });
  }
  return problems;
}

/**
 * Everything wrong with how a sale of `total` is paid, each problem naming its field
 * (`payments.1.checkNumber`), the split's own under `payments`.
 */
export function paymentSplitProblems(
  payments: readonly Payment[],
  total: number,
  today: Date,
): PaymentProblem[] {
  const problems: PaymentProblem[] = [];
  if (payments.length === 0) {
    return [{ field: 'payments', reason: 'a sale needs a payment (cash, check or card)' }];
  }
  payments.forEach((payment, index) => {
    const path = `payments.${index}`;
    if (toCents(payment.amount) <= 0) {
      problems.push({ field: `${path}.amount`, reason: 'must be more than 0' });
    }
    if (payment.method === 'cash' && payment.amountTendered !== null) {
      if (toCents(payment.amountTendered) < toCents(payment.amount)) {
        problems.push({
          field: `${path}.amountTendered`,
          reason: 'must be at least the cash amount',
        });
      }
    }
    if (payment.method === 'check' && payment.checkNumber === '') {
      problems.push({ field: `${path}.checkNumber`, reason: 'is required for a check' });
    }
    if (payment.method === 'card') problems.push(...cardProblems(payment, today, path));
  });
  if (payments.filter((payment) => payment.method === 'card').length > 1) {
    problems.push({ field: 'payments', reason: 'one card at most per sale' });
  }
  const paid = payments.reduce((sum, payment) => sum + toCents(payment.amount), 0);
  if (paid !== toCents(total)) {
    const show = (cents: number) => (cents / 100).toFixed(2);
    problems.push({
      field: 'payments',
      reason: `must add up to the total ${show(toCents(total))} (they add up to ${show(paid)})`,
    });
  }
  return problems;
}
