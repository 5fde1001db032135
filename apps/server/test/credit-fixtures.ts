/**
 * The accounts the credit letters suites read (R-CREDIT-1..R-CREDIT-4), dated from today:
 *
 * - Acme Builders (C100, good standing, limit 10,000, Net 30): 4,000 35 days past due, 3,000
 *   10 days past due with 1,000 paid on it, 5,000 current: balance 11,000, 6,000 past due, 1,000
 *   over its limit.
 * - Zephyr Paving (C200, credit hold, no limit, Net 15 through its aggregate pricing): 2,500 85
 *   days past due, and 1,000 credited in full by a credit note.
 * - Quiet Quarry (C300, good standing, limit 50,000): owes nothing.
 * - Orchard Homes (C400, good standing): 800 current and a payment of 1,000 on account: -200.
 */
import { addDays } from '@dispatch/domain/credit/receivables';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { invoices } from '../src/db/schema/billing';
import { customerPayments, paymentApplications } from '../src/db/schema/credit-letters';
import {
  customerAggregatePricing,
  customerConcretePricing,
  customers,
} from '../src/db/schema/customers';
import { creditStatusIds, termsDiscountIds } from '../src/db/reference-ids';
import type { SuiteUser } from './order-fixtures';
import type { TestApp } from './test-app';
import {
  formLetterForm,
  formLetterMaintenanceForm,
} from '../src/modules/credit-letters/credit-letters.routes';

const customerMaintenance = menuEntryByEnumId('CustomerMaintenance')!.id;

/** Levels on Form Letters and Form Letter Maintenance (R-PERM-4). */
export const creditUsers: SuiteUser[] = [
  ['clerk', [1001], { [formLetterForm]: 5, [formLetterMaintenanceForm]: 5 }],
  ['reader', [1001], { [formLetterForm]: 3, [formLetterMaintenanceForm]: 3 }],
  ['noPrices', [1001], { [formLetterForm]: 4, [formLetterMaintenanceForm]: 4 }],
  ['viewer', [1001], { [formLetterForm]: 2, [formLetterMaintenanceForm]: 2 }],
  ['readOnlyPrices', [1001], { [formLetterForm]: 6, [formLetterMaintenanceForm]: 6 }],
  ['customersOnly', [1001], { [customerMaintenance]: 3 }],
  ['outsider', [1001], {}],
];

export type CreditAccounts = Awaited<ReturnType<typeof makeCreditAccounts>>;

export function todayOf(t: TestApp): string {
  return formatDate(t.clock.now, 'YYYY-MM-DD');
}

let invoiceNumber = 5000;

export async function makeCreditAccounts(t: TestApp) {
  const today = todayOf(t);
  const ago = (days: number) => addDays(today, -days);
  const [acme, zephyr, quiet, orchard] = await t.db
    .insert(customers)
    .values([
      {
        number: 'C100',
        name: 'Acme Builders',
        contactName: 'Dana Ortiz',
        billingName: 'Acme Builders Inc.',
        billingAddress1: 'PO Box 12',
        billingAddress3: 'Columbus',
        billingAddress5: 'OH',
        billingAddress7: '43215',
        creditStatusId: creditStatusIds.good,
        creditLimit: 10_000,
      },
      {
        number: 'C200',
        name: 'Zephyr Paving',
        address1: '9 Quarry Rd',
        address3: 'Dublin',
        address5: 'OH',
        address7: '43017',
        creditStatusId: creditStatusIds.hold,
      },
      {
        number: 'C300',
        name: 'Quiet Quarry',
        creditStatusId: creditStatusIds.good,
        creditLimit: 50_000,
      },
      {
        number: 'C400',
        name: 'Orchard Homes',
        contactName: 'Lee Park',
        creditStatusId: creditStatusIds.good,
        creditLimit: 20_000,
      },
    ])
    .returning({ id: customers.id });
  await t.db.insert(customerConcretePricing).values([
    { customerId: acme!.id, termsDiscountId: termsDiscountIds.net30, startDate: '2020-01-01' },
    { customerId: orchard!.id, termsDiscountId: termsDiscountIds.net30 },
  ]);
  await t.db
    .insert(customerAggregatePricing)
    .values({ customerId: zephyr!.id, termsDiscountId: termsDiscountIds.net15 });

  const invoice = async (customerId: number, name: string, daysAgo: number, total: number) => {
    invoiceNumber += 1;
    const [row] = await t.db
      .insert(invoices)
      .values({
        number: invoiceNumber,
        customerId,
        customerName: name,
        invoiceDate: ago(daysAgo),
        subtotal: total,
        total,
      })
      .returning({ id: invoices.id, number: invoices.number });
    return row!;
  };
  const acmeOld = await invoice(acme!.id, 'Acme Builders', 65, 4000);
  const acmePartly = await invoice(acme!.id, 'Acme Builders', 40, 3000);
  const acmeCurrent = await invoice(acme!.id, 'Acme Builders', 10, 5000);
  const zephyrOld = await invoice(zephyr!.id, 'Zephyr Paving', 100, 2500);
  const zephyrCredited = await invoice(zephyr!.id, 'Zephyr Paving', 20, 1000);
  invoiceNumber += 1;
  await t.db.insert(invoices).values({
    number: invoiceNumber,
    customerId: zephyr!.id,
    customerName: 'Zephyr Paving',
    invoiceDate: ago(18),
    subtotal: -1000,
    total: -1000,
    creditsInvoiceId: zephyrCredited.id,
    creditReason: 'Wrong job',
  });
  const orchardCurrent = await invoice(orchard!.id, 'Orchard Homes', 5, 800);
  const [paid] = await t.db
    .insert(customerPayments)
    .values([
      { customerId: acme!.id, paymentDate: ago(20), amount: 1000, createdByName: 'clerk' },
      { customerId: orchard!.id, paymentDate: ago(2), amount: 1000, createdByName: 'clerk' },
    ])
    .returning({ id: customerPayments.id });
  await t.db
    .insert(paymentApplications)
    .values({ paymentId: paid!.id, invoiceId: acmePartly.id, amount: 1000 });

  return {
    today,
    customers: { acme: acme!.id, zephyr: zephyr!.id, quiet: quiet!.id, orchard: orchard!.id },
    invoices: { acmeOld, acmePartly, acmeCurrent, zephyrOld, zephyrCredited, orchardCurrent },
  };
}

/** A template as the maintenance screen saves it, through the resource route. */
export async function makeTemplate(
  t: TestApp,
  token: string,
  template: { name: string; subject: string; body: string; languageId?: number },
): Promise<{ id: number; version: number }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/letter-templates',
    headers: { authorization: `Bearer ${token}` },
    payload: template,
  });
  if (response.statusCode !== 201) {
    throw new Error(`template ${template.name}: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

export const reminderTemplate = {
  name: 'Friendly reminder',
  subject: 'Account {{customerNumber}}: {{pastDueAmount}} past due',
  body: `Dear {{contactName}},

Your balance is {{balance}}; {{pastDueAmount}} is past due, the oldest invoice by {{daysPastDue}} days.

{{pastDueInvoices}}

Your limit is {{creditLimit}} and your terms {{terms}}.`,
};
