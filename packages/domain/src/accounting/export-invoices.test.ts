import { describe, expect, it } from 'vitest';
import {
  addDays,
  dueDateOf,
  exportProblems,
  imbalanceCents,
  postingsOf,
  termsDiscountOf,
} from './export-invoices';
import { accounts, creditNote, invoice, line, returnInvoice } from './export-fixtures';

describe('R-ACCT-9: a line without an account fails the export, naming the product', () => {
  it('finds nothing wrong with invoices whose lines all have accounts and add up', () => {
    expect(exportProblems([invoice(), creditNote(), returnInvoice()])).toEqual([]);
  });

  it('names the product once per invoice, and a line with no product by its description', () => {
    const broken = invoice({
      lines: [
        line({ incomeAccount: null }),
        line({ incomeAccount: '  ' }),
        line({ productNumber: null, description: 'Misc charge', incomeAccount: null }),
      ],
      subtotal: 3662.25,
      taxAmount: 265.5,
      total: 3927.75,
    });
    expect(exportProblems([broken])).toEqual([
      {
        invoiceNumber: 1042,
        productNumber: '3000',
        reason:
          'Invoice 1042: product 3000 (3000 PSI) has no GL account: give its GL category one, or the product a GL category that has one.',
      },
      {
        invoiceNumber: 1042,
        productNumber: null,
        reason: 'Invoice 1042: the line "Misc charge" has no product, so no income account.',
      },
    ]);
  });

  it('refuses an invoice whose lines do not add up to its totals (R-ACCT-10)', () => {
    expect(exportProblems([{ ...creditNote(), total: -1000 }])).toEqual([
      {
        invoiceNumber: 1043,
        productNumber: null,
        reason: 'Credit note 1043: its lines add up to -1324.25, not its total -1000.00.',
      },
    ]);
  });
});

describe('R-ACCT-10: the journal entry of an invoice', () => {
  it('debits receivables and credits income and tax, balancing to zero', () => {
    const postings = postingsOf(invoice(), accounts);
    expect(postings).toEqual([
      {
        account: 'Accounts Receivable',
        amount: 1324.25,
        description: 'Invoice 1042 · Acme Builders',
      },
      { account: 'Concrete Sales', amount: -1220.75, description: 'Ticket 5501 · 3000 PSI' },
      {
        account: 'Fees and Surcharges',
        amount: -15,
        description: 'Ticket 5501 · Environmental fee',
      },
      {
        account: 'Sales Tax Payable',
        amount: -88.5,
        description: 'Sales tax · Invoice 1042 · Acme Builders',
      },
    ]);
    expect(imbalanceCents(postings)).toBe(0);
    expect(imbalanceCents(postingsOf(creditNote(), accounts))).toBe(0);
    expect(imbalanceCents([{ amount: 0.1 }, { amount: 0.2 }, { amount: -0.3 }])).toBe(0);
    expect(imbalanceCents([{ amount: 1 }])).toBe(100);
  });

  it('describes a line without a ticket and a credit note without its invoice', () => {
    const loose = invoice({
      kind: 'credit',
      creditsInvoiceNumber: null,
      lines: [line({ ticketNumber: null, incomeAccount: null })],
    });
    const [receivable, income] = postingsOf(loose, accounts);
    expect(receivable!.description).toBe('Credit note 1042 · Acme Builders');
    expect(income).toMatchObject({ account: '', description: '3000 PSI' });
  });
});

describe('R-ACCT-10: terms', () => {
  it('dates payment the terms’ net days after the invoice, the invoice date without terms', () => {
    expect(dueDateOf(invoice())).toBe('2026-04-08');
    expect(dueDateOf(creditNote())).toBe('2026-03-10');
    expect(addDays('2026-12-25', 10)).toBe('2027-01-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('offers the early-payment discount of the terms, none without one or on a credit', () => {
    expect(termsDiscountOf(invoice())).toEqual({ amount: 26.49, date: '2026-03-19' });
    expect(termsDiscountOf(creditNote())).toBeNull();
    expect(
      termsDiscountOf(
        invoice({
          terms: { description: 'Net 30', netDays: 30, discountPercent: 0, discountDays: 0 },
        }),
      ),
    ).toBeNull();
    expect(termsDiscountOf({ ...invoice(), total: -5 })).toBeNull();
  });
});
