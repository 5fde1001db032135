/**
 * R-CREDIT-1..R-CREDIT-4: what a customer owes, from what the database records: invoices and
 * their credit notes (flag invoice), payments and the invoices they were applied to, and the
 * customer's terms. An invoice's open amount is its total, less its credit notes, less the payments
 * applied to it; it falls due its terms' net days after its date and is past due from the day after.
 * The balance is every invoice's total less credits less every payment, applied or not.
 */
import { addMoney } from '../invoicing/invoice-arithmetic';
import { invoiceDueDate } from '../invoicing/invoice-terms';

/** What the database holds about one invoice of a customer. */
export type InvoiceFacts = {
  readonly invoiceId: number;
  readonly number: number;
  /** YYYY-MM-DD. */
  readonly invoiceDate: string;
  readonly total: number;
  /** The totals of the credit notes that credit it (negative, or 0). */
  readonly credited: number;
  /** The payments applied to it. */
  readonly paid: number;
  /** The customer's terms' net days on the invoice date (0: due on receipt, or no terms). */
  readonly netDays: number;
};

export type OpenInvoice = InvoiceFacts & {
  readonly dueDate: string;
  readonly openAmount: number;
  /** Days since the due date while money is still open on it; 0 when not past due. */
  readonly daysPastDue: number;
};

/** Past-due money by how long it has been past due (the usual aging columns). */
export type Aging = {
  readonly current: number;
  readonly days1To30: number;
  readonly days31To60: number;
  readonly days61To90: number;
  readonly over90: number;
};

export type AccountFacts = {
  readonly invoices: readonly InvoiceFacts[];
  /** Payments, or the parts of them, not applied to any invoice: money on account. */
  readonly unapplied: number;
  /** null: no limit. */
  readonly creditLimit: number | null;
};

export type AccountSummary = {
  readonly balance: number;
  readonly pastDueAmount: number;
  /** Days past due of the oldest past-due invoice still open; 0 when none. */
  readonly daysPastDue: number;
  readonly creditLimit: number | null;
  /** How far the balance is above the limit; 0 when within it or without a limit. */
  readonly overLimitAmount: number;
  readonly overLimit: boolean;
  readonly unapplied: number;
  readonly aging: Aging;
  /** Invoices with money open (owed, or overpaid by a credit after a payment), oldest due first. */
  readonly openInvoices: readonly OpenInvoice[];
};

const dayMs = 86_400_000;

function utcDay(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`'${date}' is not a date YYYY-MM-DD`);
  }
  return time;
}

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(utcDay(date) + days * dayMs).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / dayMs);
}

/** R-CREDIT-2: due its terms' net days after the invoice date (R-INV-12). */
export function dueDateOf(invoiceDate: string, netDays: number): string {
  return invoiceDueDate(invoiceDate, { netDays });
}

/** R-CREDIT-1: total less credit notes less payments applied, to the cent. */
export function openAmountOf(invoice: Pick<InvoiceFacts, 'total' | 'credited' | 'paid'>): number {
  return addMoney(invoice.total, invoice.credited, -invoice.paid);
}

/** R-CREDIT-2: past due from the day after the due date, while money is open on it. */
export function openInvoiceOf(invoice: InvoiceFacts, asOf: string): OpenInvoice {
  const dueDate = dueDateOf(invoice.invoiceDate, invoice.netDays);
  const openAmount = openAmountOf(invoice);
  const late = daysBetween(dueDate, asOf);
  return { ...invoice, dueDate, openAmount, daysPastDue: openAmount > 0 && late > 0 ? late : 0 };
}

function byDueDate(a: OpenInvoice, b: OpenInvoice): number {
  return a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.number - b.number;
}

function agingOf(invoices: readonly OpenInvoice[]): Aging {
  const bucket = (low: number, high: number) =>
    addMoney(
      ...invoices
        .filter((invoice) => invoice.openAmount > 0)
        .filter((invoice) => invoice.daysPastDue >= low && invoice.daysPastDue <= high)
        .map((invoice) => invoice.openAmount),
    );
  return {
    current: bucket(0, 0),
    days1To30: bucket(1, 30),
    days31To60: bucket(31, 60),
    days61To90: bucket(61, 90),
    over90: bucket(91, Number.POSITIVE_INFINITY),
  };
}

/** R-CREDIT-3: a customer's balance, past due, oldest days past due and standing against the limit. */
export function accountSummary(account: AccountFacts, asOf: string): AccountSummary {
  const all = account.invoices.map((invoice) => openInvoiceOf(invoice, asOf));
  const openInvoices = all.filter((invoice) => invoice.openAmount !== 0).sort(byDueDate);
  const pastDue = openInvoices.filter((invoice) => invoice.daysPastDue > 0);
  const balance = addMoney(
    ...openInvoices.map((invoice) => invoice.openAmount),
    -account.unapplied,
  );
  const limit = account.creditLimit;
  const overLimitAmount = limit === null ? 0 : Math.max(0, addMoney(balance, -limit));
  return {
    balance,
    pastDueAmount: addMoney(...pastDue.map((invoice) => invoice.openAmount)),
    daysPastDue: Math.max(0, ...pastDue.map((invoice) => invoice.daysPastDue)),
    creditLimit: limit,
    overLimitAmount,
    overLimit: overLimitAmount > 0,
    unapplied: account.unapplied,
    aging: agingOf(openInvoices),
    openInvoices,
  };
}

export type PaymentApplication = { readonly invoiceId: number; readonly amount: number };

/**
 * R-CREDIT-5: a payment sent without saying which invoices it pays goes to the oldest due first;
 * what is left over stays on account.
 */
export function applyOldestFirst(
  openInvoices: readonly OpenInvoice[],
  amount: number,
): PaymentApplication[] {
  let left = amount;
  const applications: PaymentApplication[] = [];
  for (const invoice of [...openInvoices].sort(byDueDate)) {
    if (left <= 0) break;
    if (invoice.openAmount <= 0) continue;
    const applied = Math.min(left, invoice.openAmount);
    applications.push({ invoiceId: invoice.invoiceId, amount: applied });
    left = addMoney(left, -applied);
  }
  return applications;
}

export type ApplicationProblem = { readonly field: string; readonly reason: string };

/**
 * R-CREDIT-5: a payment's applications name open invoices of the customer, each once, each for no
 * more than is open on it, and together for no more than the payment.
 */
export function applicationProblems(
  openInvoices: readonly OpenInvoice[],
  amount: number,
  applications: readonly PaymentApplication[],
): ApplicationProblem[] {
  const byId = new Map(openInvoices.map((invoice) => [invoice.invoiceId, invoice]));
  const seen = new Set<number>();
  const problems: ApplicationProblem[] = [];
  applications.forEach((application, index) => {
    const field = `applications.${index}`;
    const invoice = byId.get(application.invoiceId);
    if (seen.has(application.invoiceId)) {
      problems.push({ field: `${field}.invoiceId`, reason: 'names an invoice already listed' });
    } else if (!invoice || invoice.openAmount <= 0) {
      problems.push({
        field: `${field}.invoiceId`,
        reason: 'is not an open invoice of this customer',
      });
    } else if (application.amount > invoice.openAmount) {
      problems.push({
        field: `${field}.amount`,
        reason: `is more than the ${invoice.openAmount.toFixed(2)} open on invoice ${invoice.number}`,
      });
    }
    seen.add(application.invoiceId);
  });
  const applied = addMoney(...applications.map((application) => application.amount));
  if (applied > amount) {
    problems.push({
      field: 'applications',
      reason: `apply ${applied.toFixed(2)}, more than the payment of ${amount.toFixed(2)}`,
    });
  }
  return problems;
}
