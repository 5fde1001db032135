import { describe, expect, it } from 'vitest';
import {
  accountSummary,
  addDays,
  applicationProblems,
  applyOldestFirst,
  daysBetween,
  dueDateOf,
  openAmountOf,
  openInvoiceOf,
  type InvoiceFacts,
} from './receivables';

const invoice = (
  overrides: Partial<InvoiceFacts> & Pick<InvoiceFacts, 'invoiceId'>,
): InvoiceFacts => ({
  number: 1000 + overrides.invoiceId,
  invoiceDate: '2026-01-10',
  total: 1000,
  credited: 0,
  paid: 0,
  netDays: 30,
  ...overrides,
});

describe('R-CREDIT-2: calendar days', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('counts whole days between two dates, whatever the clocks change', () => {
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    // US daylight saving starts 2026-03-08: still whole days.
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-03-09', '2026-03-07')).toBe(-2);
  });

  it('refuses what is not a date', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(/not a date/);
    expect(() => daysBetween('03/01/2026', '2026-03-02')).toThrow(/not a date/);
  });

  it('falls due the terms net days after the invoice date; no terms is due on receipt', () => {
    expect(dueDateOf('2026-01-10', 30)).toBe('2026-02-09');
    expect(dueDateOf('2026-01-10', 0)).toBe('2026-01-10');
    expect(dueDateOf('2026-01-10', -5)).toBe('2026-01-10');
  });
});

describe('R-CREDIT-1: open amount per invoice', () => {
  it('is the total less credit notes less payments applied, to the cent', () => {
    expect(openAmountOf({ total: 1000.1, credited: 0, paid: 0.2 })).toBe(999.9);
    expect(openAmountOf({ total: 0.3, credited: -0.1, paid: 0.2 })).toBe(0);
    expect(openAmountOf({ total: 500, credited: -500, paid: 0 })).toBe(0);
  });

  it('is past due from the day after the due date while money is open', () => {
    const due = invoice({ invoiceId: 1 });
    expect(openInvoiceOf(due, '2026-02-09')).toMatchObject({
      dueDate: '2026-02-09',
      daysPastDue: 0,
    });
    expect(openInvoiceOf(due, '2026-02-10').daysPastDue).toBe(1);
    expect(openInvoiceOf(due, '2026-03-11').daysPastDue).toBe(30);
    expect(openInvoiceOf({ ...due, paid: 1000 }, '2026-03-11')).toMatchObject({
      openAmount: 0,
      daysPastDue: 0,
    });
  });
});

describe('R-CREDIT-3: account summary', () => {
  const asOf = '2026-03-11';
  const invoices = [
    // 60 days past due, partly paid.
    invoice({ invoiceId: 1, invoiceDate: '2025-12-11', total: 2000, paid: 500 }),
    // 15 days past due.
    invoice({ invoiceId: 2, invoiceDate: '2026-01-25', total: 1200.5 }),
    // Current.
    invoice({ invoiceId: 3, invoiceDate: '2026-03-01', total: 800 }),
    // Credited in full: closed.
    invoice({ invoiceId: 4, invoiceDate: '2025-11-01', total: 300, credited: -300 }),
    // 95 days past due.
    invoice({ invoiceId: 5, invoiceDate: '2025-11-06', total: 100 }),
  ];

  it('sums the balance, the past due, the oldest days past due and the aging', () => {
    const summary = accountSummary({ invoices, unapplied: 250, creditLimit: 3000 }, asOf);
    expect(summary.balance).toBe(1500 + 1200.5 + 800 + 100 - 250);
    expect(summary.pastDueAmount).toBe(1500 + 1200.5 + 100);
    expect(summary.daysPastDue).toBe(95);
    expect(summary.aging).toEqual({
      current: 800,
      days1To30: 1200.5,
      days31To60: 1500,
      days61To90: 0,
      over90: 100,
    });
    expect(summary.openInvoices.map((each) => each.invoiceId)).toEqual([5, 1, 2, 3]);
    expect(summary.overLimitAmount).toBe(350.5);
    expect(summary.overLimit).toBe(true);
    expect(summary.unapplied).toBe(250);
  });

  it('is within the limit, or without one, when not above it', () => {
    expect(accountSummary({ invoices, unapplied: 0, creditLimit: 10_000 }, asOf)).toMatchObject({
      overLimitAmount: 0,
      overLimit: false,
    });
    expect(accountSummary({ invoices, unapplied: 0, creditLimit: null }, asOf)).toMatchObject({
      overLimitAmount: 0,
      overLimit: false,
      creditLimit: null,
    });
  });

  it('owes nothing and is not past due without open invoices; money on account is a credit', () => {
    const summary = accountSummary({ invoices: [], unapplied: 75, creditLimit: 0 }, asOf);
    expect(summary).toMatchObject({
      balance: -75,
      pastDueAmount: 0,
      daysPastDue: 0,
      overLimit: false,
      openInvoices: [],
    });
  });

  it('keeps an overpaid invoice open (negative) in the balance, never in the past due', () => {
    const overpaid = invoice({ invoiceId: 9, total: 100, credited: -100, paid: 40 });
    const summary = accountSummary({ invoices: [overpaid], unapplied: 0, creditLimit: null }, asOf);
    expect(summary.balance).toBe(-40);
    expect(summary.pastDueAmount).toBe(0);
    expect(summary.daysPastDue).toBe(0);
  });
});

describe('R-CREDIT-5: applying a payment', () => {
  const asOf = '2026-03-11';
  const open = [
    openInvoiceOf(invoice({ invoiceId: 2, invoiceDate: '2026-02-01', total: 300 }), asOf),
    openInvoiceOf(invoice({ invoiceId: 1, invoiceDate: '2026-01-01', total: 200, paid: 50 }), asOf),
    openInvoiceOf(
      invoice({ invoiceId: 3, invoiceDate: '2026-02-01', total: 100, paid: 100 }),
      asOf,
    ),
  ];

  it('pays the oldest due first and leaves the rest on account', () => {
    expect(applyOldestFirst(open, 400)).toEqual([
      { invoiceId: 1, amount: 150 },
      { invoiceId: 2, amount: 250 },
    ]);
    expect(applyOldestFirst(open, 1000)).toEqual([
      { invoiceId: 1, amount: 150 },
      { invoiceId: 2, amount: 300 },
    ]);
    expect(applyOldestFirst(open, 0)).toEqual([]);
  });

  it('accepts applications within what is open and within the payment', () => {
    expect(applicationProblems(open, 200, [{ invoiceId: 1, amount: 150 }])).toEqual([]);
  });

  it('names each application that is not allowed', () => {
    expect(
      applicationProblems(open, 100, [
        { invoiceId: 1, amount: 160 },
        { invoiceId: 3, amount: 10 },
        { invoiceId: 99, amount: 10 },
        { invoiceId: 1, amount: 1 },
      ]),
    ).toEqual([
      { field: 'applications.0.amount', reason: 'is more than the 150.00 open on invoice 1001' },
      { field: 'applications.1.invoiceId', reason: 'is not an open invoice of this customer' },
      { field: 'applications.2.invoiceId', reason: 'is not an open invoice of this customer' },
      { field: 'applications.3.invoiceId', reason: 'names an invoice already listed' },
      { field: 'applications', reason: 'apply 181.00, more than the payment of 100.00' },
    ]);
  });
});
