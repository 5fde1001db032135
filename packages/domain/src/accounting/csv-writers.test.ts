import { describe, expect, it } from 'vitest';
import {
  generalLedgerColumns,
  quickBooksOnlineColumns,
  sage50Columns,
  writeGeneralLedgerCsv,
  writeQuickBooksOnlineCsv,
  writeSage50Csv,
} from './csv-writers';
import { accounts, creditNote, invoice, returnInvoice } from './export-fixtures';
import { cents, readCsv, readCsvRecords } from './export-file-readers';

describe('R-ACCT-2b: QuickBooks Online invoice CSV', () => {
  it('writes one row per line under the column names QuickBooks Online maps', () => {
    const text = writeQuickBooksOnlineCsv([invoice(), creditNote()]);
    expect(readCsv(text)[0]).toEqual([...quickBooksOnlineColumns]);
    const rows = readCsvRecords(text);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      InvoiceNo: '1042',
      Customer: 'Acme Builders',
      InvoiceDate: '03/09/2026',
      DueDate: '04/08/2026',
      Terms: '2% 10, net 30',
      Memo: '',
      'Item(Product/Service)': '3000',
      ItemDescription: 'Ticket 5501 · 3000 PSI',
      ItemQuantity: '9.5',
      ItemRate: '128.50',
      ItemAmount: '1220.75',
      ItemTaxCode: 'TAX',
      ItemTaxAmount: '88.50',
      'Service Date': '03/09/2026',
    });
    expect(rows[1]).toMatchObject({ ItemTaxCode: 'NON', ItemTaxAmount: '0.00' });
    // A credit note: negative amounts and a memo naming what it credits.
    expect(rows[2]).toMatchObject({
      InvoiceNo: '1043',
      ItemQuantity: '-9.5',
      ItemAmount: '-1220.75',
      Memo: 'Credit note for invoice 1042: Priced at the wrong rate',
    });
  });

  it('quotes names with commas and quotes so the row keeps its fields', () => {
    const text = writeQuickBooksOnlineCsv([invoice({ customerName: 'Smith, "Jr." & Sons' })]);
    expect(text).toContain('"Smith, ""Jr."" & Sons"');
    expect(readCsvRecords(text)[0]!.Customer).toBe('Smith, "Jr." & Sons');
  });
});

describe('R-ACCT-2c: Sage 50 sales journal CSV', () => {
  it('writes a row per distribution: the tax as distribution 0, receivable positive, distributions negative', () => {
    const text = writeSage50Csv([invoice()], accounts);
    expect(readCsv(text)[0]).toEqual([...sage50Columns]);
    const rows = readCsvRecords(text);
    expect(rows.map((row) => row['Invoice/CM Distribution'])).toEqual(['0', '1', '2']);
    for (const row of rows) {
      expect(row).toMatchObject({
        'Customer ID': 'C1',
        'Invoice/CM #': '1042',
        'Credit Memo': 'FALSE',
        Date: '03/09/26',
        'Date Due': '04/08/26',
        'Discount Amount': '26.49',
        'Discount Date': '03/19/26',
        'Displayed Terms': '2% 10, net 30',
        'Accounts Receivable Account': 'Accounts Receivable',
        'Accounts Receivable Amount': '1324.25',
        'Number of Distributions': '3',
      });
    }
    expect(rows[0]).toMatchObject({
      Description: 'Sales tax',
      'G/L Account': 'Sales Tax Payable',
      Amount: '-88.50',
      'Sales Tax Agency ID': 'Ohio Sales Tax',
    });
    expect(rows[1]).toMatchObject({
      Quantity: '9.5',
      'Item ID': '3000',
      'G/L Account': 'Concrete Sales',
      'Unit Price': '128.50',
      'Tax Type': '1',
      Amount: '-1220.75',
    });
    expect(rows[2]).toMatchObject({ 'Tax Type': '2', Amount: '-15.00' });
    // The receivable equals the distributions: the journal entry balances.
    const distributed = rows.reduce((sum, row) => sum + cents(row.Amount!), 0);
    expect(cents(rows[0]!['Accounts Receivable Amount']!) + distributed).toBe(0);
  });

  it('writes a credit note as a credit memo applied to the invoice it credits', () => {
    const rows = readCsvRecords(writeSage50Csv([creditNote()], accounts));
    expect(rows[1]).toMatchObject({
      'Invoice/CM #': '1043',
      'Apply to Invoice Number': '1042',
      'Credit Memo': 'TRUE',
      'Accounts Receivable Amount': '-1324.25',
      'Apply to Invoice Distribution': '1',
      Quantity: '-9.5',
      Amount: '1220.75',
      'Discount Amount': '',
      'Displayed Terms': '',
    });
  });
});

describe('R-ACCT-2d: general-ledger CSV', () => {
  it('writes each invoice as a balanced sales journal entry', () => {
    const text = writeGeneralLedgerCsv([invoice(), creditNote(), returnInvoice()], accounts);
    expect(readCsv(text)[0]).toEqual([...generalLedgerColumns]);
    const rows = readCsvRecords(text);
    const first = rows.filter((row) => row.Reference === '1042');
    expect(first).toEqual([
      {
        Date: '2026-03-09',
        Journal: 'SJ',
        Account: 'Accounts Receivable',
        Description: 'Invoice 1042 · Acme Builders',
        Debit: '1324.25',
        Credit: '',
        Reference: '1042',
      },
      expect.objectContaining({ Account: 'Concrete Sales', Debit: '', Credit: '1220.75' }),
      expect.objectContaining({ Account: 'Fees and Surcharges', Credit: '15.00' }),
      expect.objectContaining({ Account: 'Sales Tax Payable', Credit: '88.50' }),
    ]);
    // The credit note debits income and tax and credits receivables.
    const credit = rows.filter((row) => row.Reference === '1043');
    expect(credit[0]).toMatchObject({
      Account: 'Accounts Receivable',
      Credit: '1324.25',
      Description: 'Credit note 1043 for invoice 1042 · Acme Builders',
    });
    expect(credit[1]).toMatchObject({ Account: 'Concrete Sales', Debit: '1220.75' });
    // No tax: no tax row; a returned line is a debit.
    const returned = rows.filter((row) => row.Reference === '1044');
    expect(returned.map((row) => [row.Account, row.Debit, row.Credit])).toEqual([
      ['Accounts Receivable', '492.00', ''],
      ['Aggregate Sales', '', '540.00'],
      ['Block Sales', '48.00', ''],
    ]);
    for (const reference of ['1042', '1043', '1044']) {
      const entry = rows.filter((row) => row.Reference === reference);
      const debit = entry.reduce((sum, row) => sum + (row.Debit ? cents(row.Debit) : 0), 0);
      const creditSum = entry.reduce((sum, row) => sum + (row.Credit ? cents(row.Credit) : 0), 0);
      expect(debit, reference).toBe(creditSum);
    }
  });
});
