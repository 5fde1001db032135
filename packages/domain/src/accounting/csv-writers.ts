/**
 * The three CSV exports (R-ACCT-2b..d), each in the layout its package imports (sources in
 * docs/requirements-drafts/accounting-export.md):
 *
 * - QuickBooks Online's invoice import: one row per invoice line, the invoice's columns repeated,
 *   under the column names QuickBooks Online maps by itself.
 * - Sage 50's Sales Journal import: one row per distribution, the invoice's fields repeated, the
 *   receivable's amount positive and each distribution's amount a credit (negative); distribution 0
 *   is the sales tax; a credit memo turns the signs over and names the invoice it applies to.
 * - A general-ledger journal: date, journal, account, description, debit, credit, reference; each
 *   invoice's rows balance.
 */
import {
  dueDateOf,
  lineMemo,
  lineTotals,
  postingsOf,
  termsDiscountOf,
  type ExportAccounts,
  type ExportInvoice,
} from './export-invoices';
import {
  csvText,
  formatAmount,
  formatQuantity,
  qbItemLength,
  qbName,
  shortUsDate,
  usDate,
} from './export-text';

export const quickBooksOnlineColumns = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'ItemTaxCode',
  'ItemTaxAmount',
  'Service Date',
] as const;

/**
 * QuickBooks Online has no credit memo in its invoice import: a credit note is written with its
 * negative quantities and amounts and a memo naming the invoice it credits, for the clerk to enter
 * as a credit memo (the preview warns, R-ACCT-5).
 */
export function writeQuickBooksOnlineCsv(invoices: readonly ExportInvoice[]): string {
  const rows = invoices.flatMap((invoice) => {
    const head = [
      String(invoice.number),
      invoice.customerName,
      usDate(invoice.invoiceDate),
      usDate(dueDateOf(invoice)),
      invoice.terms?.description ?? '',
      invoice.kind === 'credit'
        ? `Credit note for invoice ${invoice.creditsInvoiceNumber ?? ''}: ${invoice.creditReason}`
        : '',
    ];
    return invoice.lines.map((line) => [
      ...head,
      qbName(line.productNumber ?? line.description, qbItemLength),
      lineMemo(line),
      formatQuantity(line.quantity),
      formatAmount(line.unitPrice),
      formatAmount(line.amount),
      line.taxAmount === 0 ? 'NON' : 'TAX',
      formatAmount(line.taxAmount),
      line.ticketDate === null ? '' : usDate(line.ticketDate),
    ]);
  });
  return csvText([[...quickBooksOnlineColumns], ...rows]);
}

export const sage50Columns = [
  'Customer ID',
  'Invoice/CM #',
  'Apply to Invoice Number',
  'Credit Memo',
  'Date',
  'Date Due',
  'Discount Amount',
  'Discount Date',
  'Displayed Terms',
  'Accounts Receivable Account',
  'Accounts Receivable Amount',
  'Number of Distributions',
  'Invoice/CM Distribution',
  'Apply to Invoice Distribution',
  'Quantity',
  'Item ID',
  'Description',
  'G/L Account',
  'Unit Price',
  'Tax Type',
  'Amount',
  'Sales Tax Agency ID',
] as const;

/** Sage 50's default tax types: 1 taxable, 2 exempt. */
const sageTaxable = '1';
const sageExempt = '2';

export function writeSage50Csv(
  invoices: readonly ExportInvoice[],
  accounts: ExportAccounts,
): string {
  const rows = invoices.flatMap((invoice) => {
    const credit = invoice.kind === 'credit';
    const { taxAmount, total } = lineTotals(invoice);
    const discount = termsDiscountOf(invoice);
    const head = [
      invoice.customerNumber,
      String(invoice.number),
      credit && invoice.creditsInvoiceNumber !== null ? String(invoice.creditsInvoiceNumber) : '',
      credit ? 'TRUE' : 'FALSE',
      shortUsDate(invoice.invoiceDate),
      shortUsDate(dueDateOf(invoice)),
      discount ? formatAmount(discount.amount) : '',
      discount ? shortUsDate(discount.date) : '',
      invoice.terms?.description ?? '',
      accounts.receivable,
      formatAmount(total),
      String(invoice.lines.length + 1),
    ];
    // A credit note's lines are the credited invoice's, in the same order (R-INV-7): each applies
    // to the invoice's distribution of the same number.
    const distribution = (index: number) => [
      String(index),
      credit && invoice.creditsInvoiceNumber !== null ? String(index) : '',
    ];
    return [
      [
        ...head,
        ...distribution(0),
        '',
        '',
        'Sales tax',
        accounts.salesTax,
        '',
        '',
        formatAmount(-taxAmount),
        accounts.salesTaxItem,
      ],
      ...invoice.lines.map((line, index) => [
        ...head,
        ...distribution(index + 1),
        formatQuantity(line.quantity),
        line.productNumber ?? '',
        lineMemo(line),
        line.incomeAccount ?? '',
        formatAmount(line.unitPrice),
        line.taxAmount === 0 ? sageExempt : sageTaxable,
        formatAmount(-line.amount),
        '',
      ]),
    ];
  });
  return csvText([[...sage50Columns], ...rows]);
}

export const generalLedgerColumns = [
  'Date',
  'Journal',
  'Account',
  'Description',
  'Debit',
  'Credit',
  'Reference',
] as const;

/** The sales journal's code in the general-ledger file. */
export const salesJournal = 'SJ';

export function writeGeneralLedgerCsv(
  invoices: readonly ExportInvoice[],
  accounts: ExportAccounts,
): string {
  const rows = invoices.flatMap((invoice) =>
    postingsOf(invoice, accounts)
      // A zero line (no tax on the invoice) posts nothing.
      .filter((posting) => formatAmount(posting.amount) !== '0.00')
      .map((posting) => [
        invoice.invoiceDate,
        salesJournal,
        posting.account,
        posting.description,
        posting.amount > 0 ? formatAmount(posting.amount) : '',
        posting.amount < 0 ? formatAmount(-posting.amount) : '',
        String(invoice.number),
      ]),
  );
  return csvText([[...generalLedgerColumns], ...rows]);
}
