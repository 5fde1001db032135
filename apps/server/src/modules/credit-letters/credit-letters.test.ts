/**
 * Credit letters' routes on a real database (R-CREDIT-1..R-CREDIT-17): customers by credit
 * condition with their balances, one customer's account, the template preview (text and PDF),
 * the letters sent per customer, payments, and permissions and amounts by level.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '@dispatch/domain/credit/receivables';
import { auditTrail } from '../../db/schema/audit';
import { customerLetters } from '../../db/schema/credit-letters';
import { creditStatusIds } from '../../db/reference-ids';
import { listenToDispatch, type DispatchListener } from '../../../test/dispatch-listener';
import { callerOf, createTestApp, type TestApp } from '../../../test/test-app';
import { addUsers, type ErrorAnswer, type Json } from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';
import {
  creditUsers,
  makeCreditAccounts,
  makeTemplate,
  reminderTemplate,
  type CreditAccounts,
} from '../../../test/credit-fixtures';

type Candidate = Json & { customerNumber: string; balance?: number; daysPastDue: number };
type Candidates = { asOf: string; count: number; truncated: boolean; data: Candidate[] };

describe.each(databaseKinds)('credit letters on %s', (kind) => {
  let t: TestApp;
  let accounts: CreditAccounts;
  let events: DispatchListener;
  let templateId: number;
  const tokens: Record<string, string> = {};
  const call = callerOf(() => t, tokens, 'clerk');

  beforeAll(async () => {
    t = await createTestApp(kind);
    await addUsers(t, tokens, creditUsers);
    accounts = await makeCreditAccounts(t);
    templateId = (await makeTemplate(t, tokens.clerk!, reminderTemplate)).id;
    events = await listenToDispatch(await t.tenancy.open(t.database));
  });

  afterAll(async () => {
    await events.stop();
    await t.close();
  });

  const candidates = async (query = '', who = 'clerk') => {
    const response = await call('GET', `/api/v1/credit-letters/candidates${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Candidates>();
  };
  const numbers = (answer: Candidates) => answer.data.map((row) => row.customerNumber);

  describe('R-CREDIT-11: customers by credit condition', () => {
    it('lists everyone who owes money, most past due first, with balance, past due, days and limit', async () => {
      const answer = await candidates();
      expect(answer.asOf).toBe(accounts.today);
      expect(numbers(answer)).toEqual(['C200', 'C100']);
      expect(answer.data[1]).toMatchObject({
        customerName: 'Acme Builders Inc.',
        contactName: 'Dana Ortiz',
        creditStatus: 'Good standing',
        terms: 'Net 30',
        balance: 11_000,
        pastDueAmount: 6000,
        daysPastDue: 35,
        creditLimit: 10_000,
        overLimitAmount: 1000,
        overLimit: true,
        lastLetter: null,
      });
      expect(answer.data[0]).toMatchObject({
        creditStatus: 'Credit hold',
        terms: 'Net 15',
        balance: 2500,
        pastDueAmount: 2500,
        daysPastDue: 85,
        creditLimit: null,
        overLimit: false,
      });
    });

    it('narrows by each condition given', async () => {
      expect(numbers(await candidates('?overLimit=true'))).toEqual(['C100']);
      expect(numbers(await candidates('?minDaysPastDue=36'))).toEqual(['C200']);
      expect(numbers(await candidates('?minDaysPastDue=35'))).toEqual(['C200', 'C100']);
      expect(numbers(await candidates('?minDaysPastDue=30&overLimit=true'))).toEqual(['C100']);
      expect(numbers(await candidates('?search=zeph&minDaysPastDue=1'))).toEqual(['C200']);
    });

    it('lists a status’s customers whether or not they owe', async () => {
      expect(numbers(await candidates(`?creditStatusIds=${creditStatusIds.good}`))).toEqual([
        'C100',
        'C300',
        'C400',
      ]);
      expect(
        numbers(await candidates(`?creditStatusIds=${creditStatusIds.hold}&minDaysPastDue=90`)),
      ).toEqual([]);
    });

    it('caps the list and says so', async () => {
      const answer = await candidates('?limit=1');
      expect(answer).toMatchObject({ count: 2, truncated: true });
      expect(answer.data).toHaveLength(1);
    });

    it('names a bad condition', async () => {
      const response = await call('GET', '/api/v1/credit-letters/candidates?minDaysPastDue=-3');
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorAnswer>().data).toEqual([
        { field: 'minDaysPastDue', reason: 'must be at least 1' },
      ]);
    });
  });

  describe('R-CREDIT-16: one customer’s account', () => {
    it('shows the open invoices with their due dates, payments, aging and letters', async () => {
      const response = await call(
        'GET',
        `/api/v1/credit-letters/accounts/${accounts.customers.acme}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const account = response.json<Json & { openInvoices: Json[]; payments: Json[] }>();
      expect(account).toMatchObject({
        customerNumber: 'C100',
        address: ['Acme Builders Inc.', 'PO Box 12', 'Columbus, OH 43215'],
        netDays: 30,
        balance: 11_000,
        aging: { current: 5000, days1To30: 2000, days31To60: 4000, days61To90: 0, over90: 0 },
      });
      expect(account.openInvoices).toEqual([
        {
          invoiceId: accounts.invoices.acmeOld.id,
          number: accounts.invoices.acmeOld.number,
          invoiceDate: addDays(accounts.today, -65),
          dueDate: addDays(accounts.today, -35),
          total: 4000,
          credited: 0,
          paid: 0,
          openAmount: 4000,
          daysPastDue: 35,
        },
        expect.objectContaining({ openAmount: 2000, paid: 1000, daysPastDue: 10 }),
        expect.objectContaining({ openAmount: 5000, daysPastDue: 0 }),
      ]);
      expect(account.payments).toEqual([
        expect.objectContaining({
          amount: 1000,
          unapplied: 0,
          applications: [
            {
              invoiceId: accounts.invoices.acmePartly.id,
              invoiceNumber: accounts.invoices.acmePartly.number,
              amount: 1000,
            },
          ],
        }),
      ]);
    });

    it('counts a credit note and money on account', async () => {
      const zephyr = (
        await call('GET', `/api/v1/credit-letters/accounts/${accounts.customers.zephyr}`)
      ).json<Json & { openInvoices: Json[] }>();
      expect(zephyr.openInvoices).toHaveLength(1);
      expect(zephyr.balance).toBe(2500);
      const orchard = (
        await call('GET', `/api/v1/credit-letters/accounts/${accounts.customers.orchard}`)
      ).json<Json>();
      expect(orchard).toMatchObject({ balance: -200, unapplied: 1000, pastDueAmount: 0 });
    });

    it('is 404 for a customer that does not exist', async () => {
      expect((await call('GET', '/api/v1/credit-letters/accounts/999999')).statusCode).toBe(404);
    });
  });

  describe('R-CREDIT-10: the template preview', () => {
    const preview = (body: Json, who = 'clerk') =>
      call('POST', '/api/v1/credit-letters/preview', who, {
        customerId: accounts.customers.acme,
        ...body,
      });

    it('renders the unsaved text for a customer, as the letters will read', async () => {
      const response = await preview({
        subject: reminderTemplate.subject,
        body: reminderTemplate.body,
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<Json & { body: string }>();
      expect(answer).toMatchObject({
        subject: 'Account C100: $6,000.00 past due',
        customerName: 'Acme Builders Inc.',
        address: ['Acme Builders Inc.', 'PO Box 12', 'Columbus, OH 43215'],
        amountsHidden: false,
      });
      expect(answer.body).toContain('Dear Dana Ortiz,');
      expect(answer.body).toContain('Your balance is $11,000.00; $6,000.00 is past due');
      expect(answer.body).toContain(`Invoice ${accounts.invoices.acmeOld.number} of `);
      expect(answer.body).toContain('Your limit is $10,000.00 and your terms Net 30.');
    });

    it('writes a Spanish template with Spanish dates and money (R-CREDIT-9)', async () => {
      const response = await preview({
        languageId: 2,
        subject: 'Saldo {{balance}}',
        body: 'Fecha: {{today}}. Límite: {{creditLimit}}.',
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<{ subject: string; body: string; letterDate: string }>();
      expect(answer.subject).toBe('Saldo 11.000,00\u00a0US$');
      expect(answer.body).toMatch(
        /^Fecha: \d{1,2} de [a-z]+ de \d{4}\. Límite: 10\.000,00\u00a0US\$\.$/,
      );
      expect(answer.letterDate).toMatch(/ de /);
    });

    it('refuses an unknown merge field with a 400 naming it (R-CREDIT-8)', async () => {
      const response = await preview({ subject: 'Hi', body: 'You owe {{amountOwed}}.' });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorAnswer>().data).toEqual([
        {
          field: 'body',
          reason:
            'has an unknown merge field {{amountOwed}}: choose one from the list of merge fields',
        },
      ]);
    });

    it('names a customer that does not exist', async () => {
      const response = await preview({ subject: 'Hi', body: 'x', customerId: 999_999 });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorAnswer>().data).toEqual([
        { field: 'customerId', reason: 'is not a customer' },
      ]);
    });

    it('masks amounts for a level that hides prices (R-CREDIT-17)', async () => {
      const response = await preview(
        { subject: '{{balance}}', body: '{{creditLimit}}' },
        'noPrices',
      );
      expect(response.json()).toMatchObject({ subject: '***', body: '***', amountsHidden: true });
    });

    it('makes the saved template’s letter as a PDF', async () => {
      const response = await call(
        'GET',
        `/api/v1/credit-letters/templates/${templateId}/preview.pdf?customerId=${accounts.customers.acme}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(
        (await call('GET', `/api/v1/credit-letters/templates/999999/preview.pdf?customerId=1`))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await call(
            'GET',
            `/api/v1/credit-letters/templates/${templateId}/preview.pdf?customerId=999999`,
          )
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('R-CREDIT-15: letters sent', () => {
    it('reads a customer’s letters, newest first, on the credit screens and customer maintenance', async () => {
      await t.db.insert(customerLetters).values([
        {
          customerId: accounts.customers.zephyr,
          templateId,
          templateName: 'Friendly reminder',
          subject: 'Account C200',
          letterDate: addDays(accounts.today, -30),
          sentAt: new Date(Date.now() - 30 * 86_400_000),
          sentBy: 'clerk',
          balance: 2500,
          pastDueAmount: 2500,
          daysPastDue: 55,
        },
        {
          customerId: accounts.customers.zephyr,
          templateId,
          templateName: 'Past-due notice',
          subject: 'Account C200 again',
          letterDate: addDays(accounts.today, -5),
          sentAt: new Date(Date.now() - 5 * 86_400_000),
          sentBy: 'clerk',
          balance: 2500,
          pastDueAmount: 2500,
          daysPastDue: 80,
        },
      ]);
      const history = await call(
        'GET',
        `/api/v1/credit-letters/history?customerId=${accounts.customers.zephyr}`,
      );
      expect(history.statusCode).toBe(200);
      expect(history.json<{ data: Json[] }>().data.map((letter) => letter.templateName)).toEqual([
        'Past-due notice',
        'Friendly reminder',
      ]);
      const own = await call(
        'GET',
        `/api/v1/customers/${accounts.customers.zephyr}/credit-letters`,
        'customersOnly',
      );
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json<{ data: Json[] }>().data[0]).toMatchObject({
        customerNumber: 'C200',
        subject: 'Account C200 again',
        sentBy: 'clerk',
        balance: 2500,
        daysPastDue: 80,
      });
      const candidatesNow = await candidates('?search=C200');
      expect(candidatesNow.data[0]!.lastLetter).toEqual({
        templateName: 'Past-due notice',
        letterDate: addDays(accounts.today, -5),
        sentBy: 'clerk',
      });
      expect(
        (
          await call(
            'GET',
            `/api/v1/customers/${accounts.customers.zephyr}/credit-letters`,
            'outsider',
          )
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('R-CREDIT-5: payments', () => {
    it('applies a payment to the oldest due first, leaves the rest on account, audits and announces it', async () => {
      events.clear();
      const response = await call('POST', '/api/v1/customer-payments', 'clerk', {
        customerId: accounts.customers.acme,
        paymentDate: accounts.today,
        amount: 4500,
        reference: 'Check 1042',
      });
      expect(response.statusCode, response.body).toBe(201);
      const payment = response.json<Json & { id: number }>();
      expect(payment).toMatchObject({
        amount: 4500,
        reference: 'Check 1042',
        unapplied: 0,
        createdBy: 'clerk',
        applications: [
          expect.objectContaining({ invoiceId: accounts.invoices.acmeOld.id, amount: 4000 }),
          expect.objectContaining({ invoiceId: accounts.invoices.acmePartly.id, amount: 500 }),
        ],
      });
      await events.next('resourceChanged_v1', (event) => {
        const data = event.data as Json;
        return data.resource === 'customerPayments' && data.id === payment.id;
      });
      const audit = await t.db
        .select()
        .from(auditTrail)
        .where(eq(auditTrail.resource, 'customerPayments'));
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'created',
          username: 'clerk',
          recordId: String(payment.id),
        }),
      ]);
      const account = (
        await call('GET', `/api/v1/credit-letters/accounts/${accounts.customers.acme}`)
      ).json<Json>();
      expect(account).toMatchObject({ balance: 6500, pastDueAmount: 1500, daysPastDue: 10 });

      // Removed in error: the account stands as before.
      expect((await call('DELETE', `/api/v1/customer-payments/${payment.id}`)).statusCode).toBe(
        204,
      );
      expect((await call('DELETE', `/api/v1/customer-payments/${payment.id}`)).statusCode).toBe(
        404,
      );
      const again = (
        await call('GET', `/api/v1/credit-letters/accounts/${accounts.customers.acme}`)
      ).json<Json>();
      expect(again).toMatchObject({ balance: 11_000, pastDueAmount: 6000 });
    });

    it('applies as the clerk says, within what is open and the payment', async () => {
      const response = await call('POST', '/api/v1/customer-payments', 'clerk', {
        customerId: accounts.customers.acme,
        paymentDate: accounts.today,
        amount: 300,
        applications: [{ invoiceId: accounts.invoices.acmeCurrent.id, amount: 200 }],
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ amount: 300, unapplied: 100 });
      const refused = await call('POST', '/api/v1/customer-payments', 'clerk', {
        customerId: accounts.customers.acme,
        paymentDate: accounts.today,
        amount: 100,
        applications: [{ invoiceId: accounts.invoices.zephyrOld.id, amount: 100 }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorAnswer>().data).toEqual([
        { field: 'applications.0.invoiceId', reason: 'is not an open invoice of this customer' },
      ]);
      const bad = await call('POST', '/api/v1/customer-payments', 'clerk', {
        customerId: accounts.customers.acme,
        paymentDate: '2026-02-30',
        amount: -5,
      });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json<ErrorAnswer>()
          .data.map((problem) => problem.field)
          .sort(),
      ).toEqual(['amount', 'paymentDate']);
    });

    it('lists a customer’s payments', async () => {
      const response = await call(
        'GET',
        `/api/v1/customer-payments?customerId=${accounts.customers.orchard}`,
        'reader',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json<{ data: Json[] }>().data).toEqual([
        expect.objectContaining({ amount: 1000, unapplied: 1000, applications: [] }),
      ]);
    });

    it('needs a level that writes and may change prices', async () => {
      const body = {
        customerId: accounts.customers.quiet,
        paymentDate: accounts.today,
        amount: 10,
      };
      for (const who of ['reader', 'viewer', 'noPrices', 'readOnlyPrices', 'outsider']) {
        expect((await call('POST', '/api/v1/customer-payments', who, body)).statusCode, who).toBe(
          403,
        );
      }
    });
  });

  describe('R-CREDIT-17: permissions and amounts by level', () => {
    it('refuses a user without the form, and lets read-only levels read', async () => {
      const refused = await call('GET', '/api/v1/credit-letters/candidates', 'outsider');
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorAnswer>().message).toMatch(/Form Letters/);
      expect((await call('GET', '/api/v1/credit-letters/candidates', 'viewer')).statusCode).toBe(
        200,
      );
      expect(
        (
          await call('POST', '/api/v1/credit-letters/preview', 'outsider', {
            customerId: 1,
            subject: '',
            body: '',
          })
        ).statusCode,
      ).toBe(403);
    });

    it('leaves every amount out for levels that hide prices', async () => {
      for (const who of ['viewer', 'noPrices']) {
        const answer = await candidates('', who);
        expect(answer.data[1], who).not.toHaveProperty('balance');
        expect(answer.data[1]).not.toHaveProperty('creditLimit');
        expect(answer.data[1]).toMatchObject({ daysPastDue: 35, overLimit: true });
        const account = (
          await call('GET', `/api/v1/credit-letters/accounts/${accounts.customers.acme}`, who)
        ).json<Json & { openInvoices: Json[]; payments: Json[] }>();
        expect(account).not.toHaveProperty('balance');
        expect(account).not.toHaveProperty('aging');
        expect(account.openInvoices[0]).not.toHaveProperty('openAmount');
        expect(account.payments[0]).not.toHaveProperty('amount');
      }
      // Acme's balance less the 200 applied and 100 on account of the payments above.
      expect((await candidates('', 'readOnlyPrices')).data[1]).toHaveProperty('balance', 10_700);
    });
  });
});
