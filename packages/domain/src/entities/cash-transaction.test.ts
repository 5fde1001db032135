import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cashTransactionInputSchema,
  cashTransactionSchema,
  creditCardNumberSchema,
  toCashTransactionRecord,
} from './cash-transaction';
import { luhnValid } from '../payments/card-number';

const payment = {
  orderId: 77,
  creditCardFlag: true,
  creditCardAmount: 125.5,
  creditCardNumber: '4111 1111 1111 1111',
  creditCardSecurityValue: '123',
  creditCardExpirationDate: '09/27',
};

describe('R-ENTITY-10: cash transaction', () => {
  it('has the cash, check and card amounts and flags, defaulting to none', () => {
    expect(cashTransactionSchema.parse({ orderId: 1 })).toMatchObject({
      cashAmount: 0,
      cashFlag: false,
      checkAmount: 0,
      checkFlag: false,
      creditCardAmount: 0,
      creditCardFlag: false,
      creditCardLast4: null,
      creditCardExpirationDate: null,
    });
  });

  it('accepts the clear card data on input only', () => {
    const input = cashTransactionInputSchema.parse(payment);
    expect(input.creditCardNumber).toBe('4111111111111111');
    expect(input.creditCardSecurityValue).toBe('123');
  });

  it('never stores the card number or security value', () => {
    const record = toCashTransactionRecord(cashTransactionInputSchema.parse(payment));
    expect(record.creditCardLast4).toBe('1111');
    expect(record).not.toHaveProperty('creditCardNumber');
    expect(record).not.toHaveProperty('creditCardSecurityValue');
    expect(JSON.stringify(record)).not.toContain('4111111111111111');
    const parsed = cashTransactionSchema.parse({ ...payment });
    expect(parsed).not.toHaveProperty('creditCardNumber');
    expect(parsed).not.toHaveProperty('creditCardSecurityValue');
  });

  it('stores no last four when no card was given', () => {
    const record = toCashTransactionRecord(
      cashTransactionInputSchema.parse({ orderId: 2, cashFlag: true, cashAmount: 20 }),
    );
    expect(record.creditCardLast4).toBeNull();
  });

  it('rejects mistyped card numbers, security values and expiry dates', () => {
    for (const bad of [
      { creditCardNumber: '4111 1111 1111 1112' },
      { creditCardNumber: '4111' },
      { creditCardNumber: '4111-1111-1111-111a' },
      { creditCardSecurityValue: '12' },
      { creditCardSecurityValue: '12345' },
      { creditCardExpirationDate: '13/27' },
      { creditCardExpirationDate: '9/27' },
      { cashAmount: -1 },
    ]) {
      expect(cashTransactionInputSchema.safeParse({ ...payment, ...bad }).success).toBe(false);
    }
    expect(
      cashTransactionInputSchema.safeParse({ ...payment, creditCardExpirationDate: '09/2027' })
        .success,
    ).toBe(true);
  });

  it('accepts a number exactly when its Luhn checksum holds', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,18}$/), (body) => {
        const withCheck = [...'0123456789'].map((digit) => `${body}${digit}`);
        const passing = withCheck.filter(luhnValid);
        expect(passing).toHaveLength(1);
        expect(creditCardNumberSchema.safeParse(passing[0]).success).toBe(true);
      }),
    );
  });
});
