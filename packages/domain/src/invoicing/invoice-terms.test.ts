import { describe, expect, it } from 'vitest';
import {
  dueOnReceipt,
  earlyPaymentDiscount,
  invoiceDueDate,
  termsName,
  type InvoiceTerms,
} from './invoice-terms';

const terms = (
  description: string,
  netDays: number,
  discountPercent = 0,
  discountDays = 0,
): InvoiceTerms => ({ description, netDays, discountPercent, discountDays });

/** The terms the reference data ships (terms_discounts). */
const net30 = terms('Net 30', 30);
const twoTenNet30 = terms('2% 10, net 30', 30, 2, 10);
const oneTenNet30 = terms('1% 10, net 30', 30, 1, 10);
const net15 = terms('Net 15', 15);
const onReceipt = terms('Due on receipt', 0);

describe('R-INV-12: the day an invoice falls due', () => {
  it.each([
    // An invoice of 10 March 2026 under each of the reference terms.
    ['net 30', net30, '2026-03-10', '2026-04-09'],
    ['2% 10, net 30', twoTenNet30, '2026-03-10', '2026-04-09'],
    ['net 15', net15, '2026-03-10', '2026-03-25'],
    ['due on receipt', onReceipt, '2026-03-10', '2026-03-10'],
    ['no terms at all: due on receipt', null, '2026-03-10', '2026-03-10'],
    // Across a month's end, a year's end and a leap day.
    ['net 30 from the last of January', net30, '2026-01-31', '2026-03-02'],
    ['net 15 across the new year', net15, '2026-12-20', '2027-01-04'],
    ['net 15 through February of a leap year', net15, '2028-02-20', '2028-03-06'],
    ['net 30 through February of a common year', net30, '2027-02-01', '2027-03-03'],
  ] as const)('%s', (_name, terms, invoiceDate, due) => {
    expect(invoiceDueDate(invoiceDate, terms)).toBe(due);
  });

  it('never falls due before the invoice date', () => {
    expect(invoiceDueDate('2026-03-10', { netDays: -5 })).toBe('2026-03-10');
  });
});

describe('R-INV-12: the early-payment discount', () => {
  it('takes the percent off the total when paid within the discount days', () => {
    // 2 % of 1,324.50 is 26.49, by 20 March.
    expect(earlyPaymentDiscount('2026-03-10', twoTenNet30, 1324.5)).toEqual({
      amount: 26.49,
      date: '2026-03-20',
    });
    // 1 % of 286.48 is 2.8648: 2.86.
    expect(earlyPaymentDiscount('2026-03-10', oneTenNet30, 286.48)).toEqual({
      amount: 2.86,
      date: '2026-03-20',
    });
    // 2 % of 0.25 is half a cent: rounded away from zero, as tax is.
    expect(earlyPaymentDiscount('2026-03-10', twoTenNet30, 0.25)?.amount).toBe(0.01);
  });

  it('offers none under terms without one, without terms, or on nothing owed', () => {
    expect(earlyPaymentDiscount('2026-03-10', net30, 500)).toBeNull();
    expect(earlyPaymentDiscount('2026-03-10', onReceipt, 500)).toBeNull();
    expect(earlyPaymentDiscount('2026-03-10', null, 500)).toBeNull();
    expect(earlyPaymentDiscount('2026-03-10', twoTenNet30, 0)).toBeNull();
    expect(earlyPaymentDiscount('2026-03-10', twoTenNet30, -286.48)).toBeNull();
  });
});

describe('R-INV-12: the terms as the invoice names them', () => {
  it('names the terms, or due on receipt without any', () => {
    expect(termsName(twoTenNet30)).toBe('2% 10, net 30');
    expect(termsName(null)).toBe(dueOnReceipt);
    expect(termsName({ ...net30, description: '  ' })).toBe('Due on receipt');
  });
});
