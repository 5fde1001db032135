import { describe, expect, it } from 'vitest';
import { changeDue, paymentSchema, paymentSplitProblems, type Payment } from './payment-split';

const today = new Date(2026, 2, 10);
const card = (amount: number, overrides: Partial<Payment> = {}): Payment =>
  paymentSchema.parse({
    method: 'card',
    amount,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/29',
    securityValue: '123',
    billingZip: '30301',
    ...overrides,
  });

describe('payment split (R-QSALE-4)', () => {
  it('accepts one payment of the whole total, or a split that adds up to the cent', () => {
    expect(paymentSplitProblems([card(107.5)], 107.5, today)).toEqual([]);
    const split = [
      paymentSchema.parse({ method: 'cash', amount: 7.5, amountTendered: 10 }),
      paymentSchema.parse({ method: 'check', amount: 50, checkNumber: '1042' }),
      card(50),
    ];
    expect(paymentSplitProblems(split, 107.5, today)).toEqual([]);
    // 0.1 + 0.2 is 0.30000000000000004 in binary: cents decide, not doubles.
    const cents = [
      paymentSchema.parse({ method: 'cash', amount: 0.1 }),
      paymentSchema.parse({ method: 'cash', amount: 0.2 }),
    ];
    expect(paymentSplitProblems(cents, 0.3, today)).toEqual([]);
  });

  it('names each problem’s field', () => {
    const payments = [
      paymentSchema.parse({ method: 'check', amount: 0 }),
      paymentSchema.parse({ method: 'cash', amount: 20, amountTendered: 10 }),
      card(5, { cardNumber: '4242424242424241', expiry: '01/20', securityValue: '1' }),
      card(5, { billingZip: '!!' }),
    ];
    expect(paymentSplitProblems(payments, 100, today)).toEqual([
      { field: 'payments.0.amount', reason: 'must be more than 0' },
      { field: 'payments.0.checkNumber', reason: 'is required for a check' },
      { field: 'payments.1.amountTendered', reason: 'must be at least the cash amount' },
      {
        field: 'payments.2.cardNumber',
        reason: 'is not a valid card number (check the digits)',
      },
      { field: 'payments.2.expiry', reason: 'has expired' },
      { field: 'payments.2.securityValue', reason: 'must be 3 digits' },
      { field: 'payments.3.billingZip', reason: 'must be a postal code' },
      { field: 'payments', reason: 'one card at most per sale' },
      { field: 'payments', reason: 'must add up to the total 100.00 (they add up to 30.00)' },
    ]);
    expect(paymentSplitProblems([], 10, today)).toEqual([
      { field: 'payments', reason: 'a sale needs a payment (cash, check or card)' },
    ]);
  });

  it('gives the change due on cash tendered', () => {
    expect(changeDue({ amount: 87.35, amountTendered: 100 })).toBe(12.65);
    expect(changeDue({ amount: 87.35, amountTendered: null })).toBe(0);
    expect(changeDue({ amount: 87.35, amountTendered: 50 })).toBe(0);
  });

  it('refuses a method it does not know', () => {
    expect(paymentSchema.safeParse({ method: 'bitcoin', amount: 1 }).success).toBe(false);
  });
});
