/**
 * QuickBooks Desktop's IIF (R-ACCT-2a), after Intuit's IIF reference for transactions and the
 * invoice layout integrators document (sources in docs/requirements-drafts/accounting-export.md):
 * tab-separated rows, the !TRNS, !SPL and !ENDTRNS headers naming the columns, then one
 * TRNS / SPL... / ENDTRNS block per invoice. An invoice is an INVOICE whose TRNS line debits
 * Accounts Receivable with the total and whose SPL lines credit each line's income account (its
 * item, quantity and price) and the sales tax payable account (the AUTOSTAX line QuickBooks needs
 * even at zero tax); a credit note is a CREDIT MEMO with every sign turned over. Each block's TRNS
 * and SPL amounts sum to zero.
 */
import {
  dueDateOf,
  lineMemo,
  lineTotals,
  type ExportAccounts,
  type ExportInvoice,
} from './export-invoices';
import {
  formatAmount,
  formatQuantity,
  iifText,
  qbItemLength,
  qbName,
  qbNameLength,
  usDate,
} from './export-text';

export const iifTransactionColumns = [
  'TRNSID',
  'TRNSTYPE',
  'DATE',
  'ACCNT',
  'NAME',
  'AMOUNT',
  'DOCNUM',
  'MEMO',
  'CLEAR',
  'TOPRINT',
  'ADDR1',
  'ADDR2',
  'ADDR3',
  'ADDR4',
  'ADDR5',
  'DUEDATE',
  'TERMS',
] as const;

export const iifSplitColumns = [
  'SPLID',
  'TRNSTYPE',
  'DATE',
  'ACCNT',
  'NAME',
  'AMOUNT',
  'DOCNUM',
  'MEMO',
  'CLEAR',
  'QNTY',
  'PRICE',
  'INVITEM',
  'TAXABLE',
  'EXTRA',
] as const;

type TransactionRow = Record<(typeof iifTransactionColumns)[number], string>;
type SplitRow = Record<(typeof iifSplitColumns)[number], string>;

function row<K extends string>(
  keyword: string,
  columns: readonly K[],
  values: Partial<Record<K, string>>,
): string {
  return [keyword, ...columns.map((column) => iifText(values[column] ?? ''))].join('\t');
}

function transactionType(invoice: ExportInvoice): 'INVOICE' | 'CREDIT MEMO' {
  return invoice.kind === 'credit' ? 'CREDIT MEMO' : 'INVOICE';
}

function block(invoice: ExportInvoice, accounts: ExportAccounts): string[] {
  const type = transactionType(invoice);
  const date = usDate(invoice.invoiceDate);
  const docnum = String(invoice.number);
  const { taxAmount, total } = lineTotals(invoice);
  const address = invoice.billTo.slice(0, 5);
  const head: Partial<TransactionRow> = {
    TRNSTYPE: type,
    DATE: date,
    ACCNT: accounts.receivable,
    NAME: qbName(invoice.customerName, qbNameLength),
    AMOUNT: formatAmount(total),
    DOCNUM: docnum,
    MEMO:
      invoice.kind === 'credit'
        ? `Credit for invoice ${invoice.creditsInvoiceNumber ?? ''}: ${invoice.creditReason}`
        : '',
    CLEAR: 'N',
    TOPRINT: 'N',
    ADDR1: address[0],
    ADDR2: address[1],
    ADDR3: address[2],
    ADDR4: address[3],
    ADDR5: address[4],
    DUEDATE: usDate(dueDateOf(invoice)),
    TERMS: invoice.terms?.description ?? '',
  };
  const splits: Partial<SplitRow>[] = invoice.lines.map((line) => ({
    TRNSTYPE: type,
    DATE: date,
    ACCNT: line.incomeAccount ?? '',
    AMOUNT: formatAmount(-line.amount),
    DOCNUM: docnum,
    MEMO: lineMemo(line),
    CLEAR: 'N',
    // The split's quantity carries the split's sign: an invoice line credits income.
    QNTY: formatQuantity(-line.quantity),
    PRICE: formatAmount(line.unitPrice),
    INVITEM: qbName(line.productNumber ?? line.description, qbItemLength),
    TAXABLE: line.taxAmount === 0 ? 'N' : 'Y',
  }));
  splits.push({
    TRNSTYPE: type,
    DATE: date,
    ACCNT: accounts.salesTax,
    AMOUNT: formatAmount(-taxAmount),
    DOCNUM: docnum,
    CLEAR: 'N',
    INVITEM: qbName(accounts.salesTaxItem, qbItemLength),
    TAXABLE: 'N',
    EXTRA: 'AUTOSTAX',
  });
  return [
    row('TRNS', iifTransactionColumns, head),
    ...splits.map((split) => row('SPL', iifSplitColumns, split)),
    'ENDTRNS',
  ];
}

/** The whole IIF file, CRLF line ends, for QuickBooks Desktop's File > Utilities > Import. */
export function writeIif(invoices: readonly ExportInvoice[], accounts: ExportAccounts): string {
  const lines = [
    ['!TRNS', ...iifTransactionColumns].join('\t'),
    ['!SPL', ...iifSplitColumns].join('\t'),
    '!ENDTRNS',
    ...invoices.flatMap((invoice) => block(invoice, accounts)),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
