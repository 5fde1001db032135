import { describe, expect, it } from 'vitest';
import {
  addMoney,
  invoiceLineAmounts,
  negatedAmounts,
  sumAmounts,
  taxOn,
} from './invoice-arithmetic';

describe('R-INV-4: invoice arithmetic', () => {
  it('prices a line as quantity times price, rounded to the cent half away from zero', () => {
    // 2.5 yd at 101.25 is 253.125: 253.13, not the 253.12 a double gives.
    expect(invoiceLineAmounts({ quantity: 2.5, unitPrice: 101.25, taxable: false }, 8)).toEqual({
      extendedPrice: 253.13,
      taxAmount: 0,
      totalAmount: 253.13,
    });
  });

  it('taxes a taxable line at the schedule rate, rounded per line', () => {
    // 9.5 yd at 128.50 = 1220.75; 7.25 % of it is 88.504375: 88.50.
    expect(invoiceLineAmounts({ quantity: 9.5, unitPrice: 128.5, taxable: true }, 7.25)).toEqual({
      extendedPrice: 1220.75,
      taxAmount: 88.5,
      totalAmount: 1309.25,
    });
    // 1 at 12.30 at 7.5 % is 0.9225: 0.92; at 7.5 % of 12.70, 0.9525: 0.95; half up at 0.005.
    expect(taxOn(12.3, 7.5)).toBe(0.92);
    expect(taxOn(12.7, 7.5)).toBe(0.95);
    expect(taxOn(1, 0.5)).toBe(0.01);
    expect(taxOn(-1, 0.5)).toBe(-0.01);
  });

  it('charges no tax without a rate', () => {
    expect(invoiceLineAmounts({ quantity: 3, unitPrice: 24, taxable: true }, null)).toEqual({
      extendedPrice: 72,
      taxAmount: 0,
      totalAmount: 72,
    });
  });

  it('totals the lines in cents, so the lines add up to the totals', () => {
    const lines = [
      invoiceLineAmounts({ quantity: 10, unitPrice: 128.5, taxable: true }, 7.25),
      invoiceLineAmounts({ quantity: 1, unitPrice: 0.1, taxable: false }, 7.25),
      invoiceLineAmounts({ quantity: 1, unitPrice: 0.2, taxable: true }, 7.25),
    ];
    // 1285.00 (tax 93.16), 0.10, 0.20 (tax 0.01).
    expect(sumAmounts(lines)).toEqual({
      extendedPrice: 1285.3,
      taxAmount: 93.17,
      totalAmount: 1378.47,
    });
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(sumAmounts([])).toEqual({ extendedPrice: 0, taxAmount: 0, totalAmount: 0 });
  });

  it('R-INV-7: a credit negates every amount, and zero stays zero', () => {
    const credited = negatedAmounts({
      extendedPrice: 72,
      taxAmount: 0,
      totalAmount: 72,
      note: 'kept',
    });
    expect(credited).toEqual({ extendedPrice: -72, taxAmount: 0, totalAmount: -72, note: 'kept' });
    expect(Object.is(credited.taxAmount, -0)).toBe(false);
  });
});
