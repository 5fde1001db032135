import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineTotals, type ExportInvoice } from './export-invoices';
import { accounts, creditNote, invoice, line, returnInvoice } from './export-fixtures';
import { cents, readIif } from './export-file-readers';
import { iifSplitColumns, iifTransactionColumns, writeIif } from './iif-writer';

describe('R-ACCT-2a: QuickBooks Desktop IIF', () => {
  it('starts with the !TRNS, !SPL and !ENDTRNS headers and writes one block per invoice, tab-separated', () => {
    const text = writeIif([invoice(), creditNote()], accounts);
    const rows = text.split('\r\n');
    expect(rows[0]).toBe(['!TRNS', ...iifTransactionColumns].join('\t'));
    expect(rows[1]).toBe(['!SPL', ...iifSplitColumns].join('\t'));
    expect(rows[2]).toBe('!ENDTRNS');
    expect(rows.map((row) => row.split('\t')[0])).toEqual([
      '!TRNS',
      '!SPL',
      '!ENDTRNS',
      'TRNS',
      'SPL',
      'SPL',
      'SPL',
      'ENDTRNS',
      'TRNS',
      'SPL',
      'SPL',
      'SPL',
      'ENDTRNS',
      '',
    ]);
    const file = readIif(text);
    expect(file.trnsHeader).toContain('TRNSTYPE');
    expect(file.splHeader).toEqual([...iifSplitColumns]);
  });

  it('writes an invoice to receivables, its lines to income accounts and its tax to the payable account (R-ACCT-10)', () => {
    const [transaction] = readIif(writeIif([invoice()], accounts)).transactions;
    expect(transaction!.trns).toMatchObject({
      TRNSTYPE: 'INVOICE',
      DATE: '03/09/2026',
      ACCNT: 'Accounts Receivable',
      NAME: 'Acme Builders',
      AMOUNT: '1324.25',
      DOCNUM: '1042',
      ADDR1: 'Accounts payable',
      ADDR3: 'Columbus OH 43215',
      ADDR4: '',
      DUEDATE: '04/08/2026',
      TERMS: '2% 10, net 30',
      CLEAR: 'N',
    });
    expect(transaction!.splits).toEqual([
      expect.objectContaining({
        TRNSTYPE: 'INVOICE',
        ACCNT: 'Concrete Sales',
        AMOUNT: '-1220.75',
        QNTY: '-9.5',
        PRICE: '128.50',
        INVITEM: '3000',
        MEMO: 'Ticket 5501 · 3000 PSI',
        TAXABLE: 'Y',
      }),
      expect.objectContaining({
        ACCNT: 'Fees and Surcharges',
        AMOUNT: '-15.00',
        QNTY: '-1',
        INVITEM: 'ENV',
        TAXABLE: 'N',
      }),
      expect.objectContaining({
        ACCNT: 'Sales Tax Payable',
        AMOUNT: '-88.50',
        INVITEM: 'Ohio Sales Tax',
        EXTRA: 'AUTOSTAX',
      }),
    ]);
  });

  it('writes a credit note as a CREDIT MEMO with every sign turned over', () => {
    const [transaction] = readIif(writeIif([creditNote()], accounts)).transactions;
    expect(transaction!.trns).toMatchObject({
      TRNSTYPE: 'CREDIT MEMO',
      DATE: '03/10/2026',
      AMOUNT: '-1324.25',
      DOCNUM: '1043',
      MEMO: 'Credit for invoice 1042: Priced at the wrong rate',
      DUEDATE: '03/10/2026',
      TERMS: '',
    });
    expect(transaction!.splits.map((split) => [split.AMOUNT, split.QNTY])).toEqual([
      ['1220.75', '9.5'],
      ['15.00', '1'],
      ['88.50', ''],
    ]);
    expect(transaction!.splits.every((split) => split.TRNSTYPE === 'CREDIT MEMO')).toBe(true);
  });

  it('keeps a zero tax line, a returned line and QuickBooks-safe names', () => {
    const [transaction] = readIif(writeIif([returnInvoice()], accounts)).transactions;
    // A colon would name a job of the customer; a semicolon ends QuickBooks' reading.
    expect(transaction!.trns.NAME).toBe("Zephyr- Paving, 'North'");
    expect(transaction!.trns.DUEDATE).toBe('03/09/2026');
    expect(transaction!.splits.map((split) => split.AMOUNT)).toEqual(['-540.00', '48.00', '0.00']);
    expect(transaction!.splits[1]).toMatchObject({ QNTY: '20', ACCNT: 'Block Sales' });
  });

  it('balances every transaction, whatever the lines (R-ACCT-10)', () => {
    const amount = fc.integer({ min: -500_000, max: 5_000_000 }).map((value) => value / 100);
    const lines = fc.array(
      fc.record({ amount, taxAmount: fc.integer({ min: 0, max: 50_000 }).map((v) => v / 100) }),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(lines, fc.boolean(), (made, credit) => {
        const built = made.map((each, index) =>
          line({ ticketNumber: index + 1, amount: each.amount, taxAmount: each.taxAmount }),
        );
        const totals = lineTotals({ lines: built });
        const one: ExportInvoice = invoice({
          kind: credit ? 'credit' : 'invoice',
          creditsInvoiceNumber: credit ? 1 : null,
          lines: built,
          subtotal: totals.subtotal,
          taxAmount: totals.taxAmount,
          total: totals.total,
        });
        const [transaction] = readIif(writeIif([one], accounts)).transactions;
        expect(cents(transaction!.trns.AMOUNT!)).toBe(Math.round(totals.total * 100));
      }),
    );
  });
});
