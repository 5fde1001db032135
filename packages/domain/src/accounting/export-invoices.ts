/**
 * An invoice as the accounting export writes it (R-ACCT-2, R-ACCT-9, R-ACCT-10): its lines with
 * the income account of each line's product's GL category, the accounts every invoice posts to,
 * and the rules an invoice must pass before any file is written: every line has an account, and
 * the lines add up to the invoice's totals, so every transaction written balances to zero.
 */
import { addMoney } from '../invoicing/invoice-arithmetic';
import {
  earlyPaymentDiscount,
  invoiceDueDate,
  type InvoiceTerms,
} from '../invoicing/invoice-terms';
import { toCents } from '../pricing/price-escalation';
import type { ExportProblem } from './accounting-export-schemas';

export type ExportLine = {
  readonly ticketNumber: number | null;
  readonly orderNumber: number | null;
  /** The ticket's day (YYYY-MM-DD): the service date. */
  readonly ticketDate: string | null;
  readonly productNumber: string | null;
  readonly description: string;
  /** Negative on a credit note (and on a block return's line). */
  readonly quantity: number;
  readonly unitPrice: number;
  readonly amount: number;
  readonly taxAmount: number;
  /** The GL account of the product's GL category; null when it has none (R-ACCT-9). */
  readonly incomeAccount: string | null;
};

/** R-ACCT-10: the customer's terms on the invoice date (none on a credit note), R-INV-12's. */
export type ExportTerms = InvoiceTerms;

export type ExportInvoice = {
  readonly id: number;
  readonly number: number;
  readonly kind: 'invoice' | 'credit';
  readonly creditsInvoiceNumber: number | null;
  readonly creditReason: string;
  readonly customerNumber: string;
  readonly customerName: string;
  /** Bill-to lines, as the invoice PDF prints them. */
  readonly billTo: readonly string[];
  readonly invoiceDate: string;
  readonly terms: ExportTerms | null;
  readonly subtotal: number;
  readonly taxAmount: number;
  readonly total: number;
  readonly lines: readonly ExportLine[];
};

/**
 * R-ACCT-3: the accounts every invoice posts to besides its income accounts, from the system
 * parameters (nothing else holds them), and the QuickBooks item the sales tax line names.
 */
export type ExportAccounts = {
  readonly receivable: string;
  readonly salesTax: string;
  readonly salesTaxItem: string;
};

/** A calendar day plus `days` (YYYY-MM-DD). */
export { addDays } from '../report-schedules/zoned-time';

/** R-ACCT-10: the day payment is due: the invoice date plus the terms' net days (R-INV-12). */
export function dueDateOf(invoice: Pick<ExportInvoice, 'invoiceDate' | 'terms'>): string {
  return invoiceDueDate(invoice.invoiceDate, invoice.terms);
}

/**
 * R-ACCT-10: the early-payment discount the terms offer (2 % 10, net 30): taken when the customer
 * pays, so no file posts it; Sage 50 carries it on the invoice for its receipts to apply.
 */
export function termsDiscountOf(
  invoice: Pick<ExportInvoice, 'invoiceDate' | 'terms' | 'total'>,
): { amount: number; date: string } | null {
  return earlyPaymentDiscount(invoice.invoiceDate, invoice.terms, invoice.total);
}

/** The invoice's lines summed: what its totals must be (R-ACCT-10). */
export function lineTotals(invoice: Pick<ExportInvoice, 'lines'>): {
  subtotal: number;
  taxAmount: number;
  total: number;
} {
  const subtotal = addMoney(...invoice.lines.map((line) => line.amount));
  const taxAmount = addMoney(...invoice.lines.map((line) => line.taxAmount));
  return { subtotal, taxAmount, total: addMoney(subtotal, taxAmount) };
}

/** "Invoice" or "Credit note", as the problems name a document. */
function documentWord(kind: ExportInvoice['kind']): string {
  return kind === 'credit' ? 'Credit note' : 'Invoice';
}

/** R-ACCT-9: a line without an income account, naming its product (or its description). */
export function missingAccountProblem(
  document: Pick<ExportInvoice, 'number' | 'kind'>,
  line: Pick<ExportLine, 'productNumber' | 'description'>,
): ExportProblem {
  const word = documentWord(document.kind);
  return {
    invoiceNumber: document.number,
    productNumber: line.productNumber,
    reason:
      line.productNumber === null
        ? `${word} ${document.number}: the line "${line.description}" has no product, so no income account.`
        : `${word} ${document.number}: product ${line.productNumber} (${line.description}) has no GL account: give its GL category one, or the product a GL category that has one.`,
  };
}

/** A GL account that names something. */
export function hasAccount(account: string | null): account is string {
  return account !== null && account.trim() !== '';
}

/**
 * R-ACCT-9, R-ACCT-10: why the invoices cannot be exported: a line whose product has no GL
 * account (once per product and invoice), or an invoice whose lines do not add up to its totals.
 * Empty: all can be written, and every transaction balances.
 */
export function exportProblems(invoices: readonly ExportInvoice[]): ExportProblem[] {
  const problems: ExportProblem[] = [];
  for (const invoice of invoices) {
    const reported = new Set<string>();
    for (const line of invoice.lines) {
      const key = line.productNumber ?? `#${line.description}`;
      if (hasAccount(line.incomeAccount) || reported.has(key)) continue;
      reported.add(key);
      problems.push(missingAccountProblem(invoice, line));
    }
    const sums = lineTotals(invoice);
    if (
      toCents(sums.subtotal) !== toCents(invoice.subtotal) ||
      toCents(sums.taxAmount) !== toCents(invoice.taxAmount) ||
      toCents(sums.total) !== toCents(invoice.total)
    ) {
      problems.push({
        invoiceNumber: invoice.number,
        productNumber: null,
        reason: `${documentWord(invoice.kind)} ${invoice.number}: its lines add up to ${sums.total.toFixed(2)}, not its total ${invoice.total.toFixed(2)}.`,
      });
    }
  }
  return problems;
}

/** One side of a journal entry: a debit is positive, a credit negative. */
export type Posting = {
  readonly account: string;
  readonly amount: number;
  readonly description: string;
};

/** "Ticket 5501 · 3000 PSI", or the description alone for a line with no ticket. */
export function lineMemo(line: ExportLine): string {
  return line.ticketNumber === null
    ? line.description
    : `Ticket ${line.ticketNumber} · ${line.description}`;
}

/** "Invoice 1042", "Credit note 1043 for invoice 1042". */
export function documentTitle(invoice: ExportInvoice): string {
  return invoice.kind === 'credit'
    ? `Credit note ${invoice.number}${invoice.creditsInvoiceNumber === null ? '' : ` for invoice ${invoice.creditsInvoiceNumber}`}`
    : `Invoice ${invoice.number}`;
}

/**
 * R-ACCT-10: the invoice as a journal entry: receivables debited with the total, each line's income
 * account credited with its amount, sales tax payable credited with the tax. A credit note's
 * negative amounts turn every side over. The postings sum to zero.
 */
export function postingsOf(invoice: ExportInvoice, accounts: ExportAccounts): Posting[] {
  const title = `${documentTitle(invoice)} · ${invoice.customerName}`;
  const { taxAmount, total } = lineTotals(invoice);
  return [
    { account: accounts.receivable, amount: total, description: title },
    ...invoice.lines.map((line) => ({
      account: line.incomeAccount ?? '',
      amount: -line.amount,
      description: lineMemo(line),
    })),
    { account: accounts.salesTax, amount: -taxAmount, description: `Sales tax · ${title}` },
  ];
}

/** The postings' sum in cents: 0 for a balanced entry. */
export function imbalanceCents(postings: readonly { amount: number }[]): number {
  return postings.reduce((sum, posting) => sum + toCents(posting.amount), 0);
}
