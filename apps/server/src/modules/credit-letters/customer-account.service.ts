/**
 * R-CREDIT-16: one customer's account as the form letter screen shows it: where it stands, the
 * invoices with money open, the payments made, and the letters sent.
 */
import type { CustomerAccount } from '@dispatch/domain/credit/credit-letter-schemas';
import type { Db } from '../../db/client';
import { readAccounts, readCreditCustomers } from './credit-accounts.service';
import { listPayments } from './customer-payments.service';
import { listSentLetters } from './sent-letters.service';

export async function readCustomerAccount(
  db: Db,
  customerId: number,
  asOf: string,
): Promise<CustomerAccount | undefined> {
  const [customer] = await readCreditCustomers(db, { ids: [customerId], asOf });
  if (!customer) return undefined;
  const [account] = await readAccounts(db, [customer], asOf);
  const summary = account!;
  return {
    asOf,
    customerId: summary.customerId,
    customerNumber: summary.customerNumber,
    customerName: summary.customerName,
    contactName: summary.contactName,
    address: summary.address,
    creditStatus: summary.creditStatus,
    terms: summary.terms,
    netDays: summary.netDays,
    balance: summary.balance,
    pastDueAmount: summary.pastDueAmount,
    daysPastDue: summary.daysPastDue,
    creditLimit: summary.creditLimit,
    overLimitAmount: summary.overLimitAmount,
    overLimit: summary.overLimit,
    unapplied: summary.unapplied,
    aging: summary.aging,
    openInvoices: summary.openInvoices.map((invoice) => ({
      invoiceId: invoice.invoiceId,
      number: invoice.number,
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate,
      total: invoice.total,
      credited: invoice.credited,
      paid: invoice.paid,
      openAmount: invoice.openAmount,
      daysPastDue: invoice.daysPastDue,
    })),
    payments: await listPayments(db, { customerId, limit: 50 }),
    letters: await listSentLetters(db, { customerId, limit: 50 }),
  };
}
