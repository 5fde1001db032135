/**
 * R-CREDIT-11..R-CREDIT-17 on the Form Letters screen, against a faked server with hub messages on
 * the hub-events bus: customers by condition with their balances, untick one, choose a template,
 * produce, follow the run and open its PDF when it completes; a customer's account with a payment
 * recorded; the letters sent; amounts and actions by level.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  CreditCandidate,
  CustomerAccount,
  SentLetter,
} from '@dispatch/domain/credit/credit-letter-schemas';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { permissionLevels } from '@dispatch/domain/permissions';
import { emitHubEvent } from '../../realtime/hub-events';
import { accessRoutes, envelope, option, optionsRoute } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const candidate = (overrides: Partial<CreditCandidate>): CreditCandidate => ({
  customerId: 1,
  customerNumber: 'C100',
  customerName: 'Acme Builders',
  contactName: 'Dana Ortiz',
  creditStatusId: 1,
  creditStatus: 'Good standing',
  terms: 'Net 30',
  balance: 11_000,
  pastDueAmount: 6000,
  daysPastDue: 35,
  creditLimit: 10_000,
  overLimitAmount: 1000,
  overLimit: true,
  lastLetter: null,
  ...overrides,
});

const rows = [
  candidate({
    customerId: 2,
    customerNumber: 'C200',
    customerName: 'Zephyr Paving',
    contactName: '',
    creditStatusId: 3,
    creditStatus: 'Credit hold',
    terms: 'Net 15',
    balance: 2500,
    pastDueAmount: 2500,
    daysPastDue: 85,
    creditLimit: null,
    overLimitAmount: 0,
    overLimit: false,
    lastLetter: { templateName: 'Friendly reminder', letterDate: '2026-02-10', sentBy: 'maria' },
  }),
  candidate({}),
  candidate({
    customerId: 3,
    customerNumber: 'C300',
    customerName: 'Quarry Lane Homes',
    balance: 900,
    pastDueAmount: 0,
    daysPastDue: 0,
    overLimit: false,
    overLimitAmount: 0,
  }),
];

const account: CustomerAccount = {
  asOf: '2026-03-11',
  customerId: 1,
  customerNumber: 'C100',
  customerName: 'Acme Builders',
  contactName: 'Dana Ortiz',
  address: ['Acme Builders', 'PO Box 12', 'Columbus, OH 43215'],
  creditStatus: 'Good standing',
  terms: 'Net 30',
  netDays: 30,
  balance: 11_000,
  pastDueAmount: 6000,
  daysPastDue: 35,
  creditLimit: 10_000,
  overLimitAmount: 1000,
  overLimit: true,
  unapplied: 0,
  aging: { current: 5000, days1To30: 2000, days31To60: 4000, days61To90: 0, over90: 0 },
  openInvoices: [
    {
      invoiceId: 71,
      number: 5001,
      invoiceDate: '2026-01-05',
      dueDate: '2026-02-04',
      total: 4000,
      credited: 0,
      paid: 0,
      openAmount: 4000,
      daysPastDue: 35,
    },
    {
      invoiceId: 72,
      number: 5002,
      invoiceDate: '2026-01-30',
      dueDate: '2026-03-01',
      total: 3000,
      credited: 0,
      paid: 1000,
      openAmount: 2000,
      daysPastDue: 10,
    },
  ],
  payments: [],
  letters: [],
};

const sent: SentLetter = {
  id: 9,
  customerId: 2,
  customerNumber: 'C200',
  customerName: 'Zephyr Paving',
  templateId: 4,
  templateName: 'Friendly reminder',
  subject: 'A friendly reminder about account C200',
  letterDate: '2026-02-10',
  sentAt: '2026-02-10T14:00:00.000Z',
  sentBy: 'maria',
  jobId: 40,
  balance: 2500,
  pastDueAmount: 2500,
  daysPastDue: 55,
};

const job = (overrides: Partial<BackgroundJob> = {}): BackgroundJob => ({
  id: 51,
  kind: 'creditLetters',
  title: 'Past-due notice: 2 customers',
  state: 'queued',
  progress: 0,
  message: null,
  attempts: 0,
  requestedBy: 'clerk',
  scheduleId: null,
  createdAt: '2026-03-11T14:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  files: [],
  result: null,
  ...overrides,
});

type State = {
  queries: URLSearchParams[];
  runs: unknown[];
  payments: unknown[];
};

function server(state: State): FetchRoute {
  return (url, init) => {
    switch (`${init?.method ?? 'GET'} ${url.pathname}`) {
      case 'GET /api/v1/credit-letters/candidates': {
        state.queries.push(url.searchParams);
        const overLimit = url.searchParams.get('overLimit') === 'true';
        const data = overLimit ? rows.filter((row) => row.overLimit) : rows;
        return json({
          asOf: '2026-03-11',
          count: data.length,
          truncated: false,
          data,
          creditStatuses: [
            { id: 1, name: 'Good standing' },
            { id: 3, name: 'Credit hold' },
          ],
        });
      }
      case 'GET /api/v1/credit-letters/accounts/1':
        return json(account);
      case 'GET /api/v1/credit-letters/history':
        return envelope([sent]);
      case 'POST /api/v1/credit-letters/runs':
        state.runs.push(JSON.parse(init?.body as string));
        return json(job(), 202);
      case 'POST /api/v1/customer-payments': {
        const body = JSON.parse(init?.body as string) as Record<string, unknown>;
        state.payments.push(body);
        return json(
          {
            id: 3,
            customerId: 1,
            paymentDate: body.paymentDate,
            amount: body.amount,
            reference: body.reference,
            unapplied: 0,
            applications: [{ invoiceId: 71, invoiceNumber: 5001, amount: 4000 }],
            createdAt: '2026-03-11T15:00:00.000Z',
            createdBy: 'clerk',
            version: 1,
          },
          201,
        );
      }
      case 'GET /api/v1/background-jobs/51/files/1/credit-letters-2026-03-11.pdf':
        return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
      case 'GET /api/v1/background-jobs/51':
        return json(job({ state: 'running' }));
      default:
        return undefined;
    }
  };
}

describe('Form Letters', () => {
  const state: State = { queries: [], runs: [], payments: [] };
  let level: number = permissionLevels.FullWithPrices;
  appTestLifecycle(() => {
    Object.assign(state, { queries: [], runs: [], payments: [] });
    return fakeFetch(
      server(state),
      optionsRoute((list) =>
        list === 'letter-templates'
          ? [option(4, '', 'Friendly reminder'), option(5, '', 'Past-due notice')]
          : [],
      ),
      accessRoutes({ forms: () => [{ FormId: 50901, PermissionId: level }] }),
    );
  });
  beforeEach(() => {
    level = permissionLevels.FullWithPrices;
    logInAs('clerk');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists customers by condition, leaves one out, produces the letters and opens the PDF when done', async () => {
    const user = userEvent.setup();
    await renderAppAt('/credit/form-letter');
    await screen.findByRole('heading', { name: 'Form Letters', level: 2 }, { timeout: 20_000 });
    const table = await screen.findByRole('table', { name: 'Customers' });
    const zephyr = within(table).getByRole('row', { name: /Zephyr Paving/ });
    expect(within(zephyr).getByText('Credit hold')).toBeInTheDocument();
    expect(within(zephyr).getAllByText('$2,500.00')).toHaveLength(2);
    expect(within(zephyr).getByText('85')).toBeInTheDocument();
    expect(within(zephyr).getByText('No limit')).toBeInTheDocument();
    expect(within(zephyr).getByText('Friendly reminder, Feb 10, 2026')).toBeInTheDocument();
    const acme = within(table).getByRole('row', { name: /Acme Builders/ });
    expect(within(acme).getByText('Over limit by $1,000.00')).toBeInTheDocument();
    expect(screen.getByText('3 customers')).toBeInTheDocument();

    // A condition narrows the list: the server is asked for it.
    await user.click(screen.getByRole('checkbox', { name: 'Over their credit limit' }));
    await waitFor(() => expect(state.queries.at(-1)?.get('overLimit')).toBe('true'));
    await waitFor(() => expect(screen.getByText('1 customer')).toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: 'Over their credit limit' }));
    await user.type(screen.getByRole('textbox', { name: 'Past due by at least' }), '30');
    await waitFor(() => expect(state.queries.at(-1)?.get('minDaysPastDue')).toBe('30'));
    await waitFor(() => expect(screen.getByText('3 customers')).toBeInTheDocument());

    // Every customer is ticked; the clerk unticks one.
    const produce = screen.getByRole('region', { name: 'Produce letters' });
    expect(within(produce).getByText('3 customers selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Send a letter to Quarry Lane Homes' }));
    expect(within(produce).getByText('2 customers selected')).toBeInTheDocument();
    const button = within(produce).getByRole('button', { name: 'Produce letters' });
    expect(button).toBeDisabled();
    await user.click(within(produce).getByLabelText('Letter template', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Past-due notice', hidden: true }));
    await user.click(button);
    await waitFor(() => expect(state.runs).toEqual([{ templateId: 5, customerIds: [2, 1] }]));

    // The run's progress arrives live; when it completes its PDF opens in the print window.
    const card = await within(produce).findByLabelText('Past-due notice: 2 customers: Waiting');
    expect(card).toBeInTheDocument();
    act(() =>
      emitHubEvent(
        'jobProgress_v1',
        job({ state: 'running', progress: 40, message: 'Writing letter 1 of 2' }),
      ),
    );
    expect(await within(produce).findByText('Writing letter 1 of 2')).toBeInTheDocument();
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/letters');
    URL.revokeObjectURL = vi.fn();
    act(() =>
      emitHubEvent(
        'jobProgress_v1',
        job({
          state: 'completed',
          progress: 100,
          message: '2 letters: Past-due notice',
          files: [
            {
              id: 1,
              name: 'credit-letters-2026-03-11.pdf',
              contentType: 'application/pdf',
              size: 9000,
              url: '/api/v1/background-jobs/51/files/1/credit-letters-2026-03-11.pdf',
            },
          ],
        }),
      ),
    );
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'blob:http://localhost/letters#credit-letters-2026-03-11.pdf',
        '_blank',
        expect.stringContaining('popup=yes'),
      ),
    );
  }, 60_000);

  it('opens a customer’s account and records a payment, applied to the oldest invoice first', async () => {
    const user = userEvent.setup();
    await renderAppAt('/credit/form-letter');
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Open the account of Acme Builders' },
        { timeout: 20_000 },
      ),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Account of Acme Builders' });
    const invoices = await within(drawer).findByRole('table', { name: 'Open invoices' });
    expect(within(invoices).getByRole('row', { name: /5001/ })).toHaveTextContent('$4,000.00');
    const form = within(drawer).getByRole('region', { name: 'Record a payment' });
    await user.type(within(form).getByRole('textbox', { name: 'Amount' }), '4500');
    expect(
      within(form).getByText(
        /Applied to the oldest invoices first: 5001 \(\$4,000\.00\), 5002 \(\$500\.00\)/,
      ),
    ).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Reference' }), 'Check 1042');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(state.payments).toEqual([
        { customerId: 1, paymentDate: '2026-03-11', amount: 4500, reference: 'Check 1042' },
      ]),
    );
    expect(await screen.findByText('Payment of $4,500.00 recorded.')).toBeInTheDocument();
  }, 60_000);

  it('lists the letters sent', async () => {
    const user = userEvent.setup();
    await renderAppAt('/credit/form-letter');
    await user.click(await screen.findByRole('tab', { name: 'Letters sent' }, { timeout: 20_000 }));
    const table = await screen.findByRole('table', { name: 'Letters sent' });
    const row = within(table).getByRole('row', { name: /Zephyr Paving/ });
    expect(row).toHaveTextContent('A friendly reminder about account C200');
    expect(row).toHaveTextContent('maria');
  }, 60_000);

  it('shows a read-only level without amounts no selection and no way to produce', async () => {
    level = permissionLevels.ReadOnlyNoPrices;
    await renderAppAt('/credit/form-letter');
    const table = await screen.findByRole('table', { name: 'Customers' }, { timeout: 20_000 });
    expect(within(table).queryByRole('columnheader', { name: 'Balance' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(within(table).getByRole('row', { name: /Acme Builders/ })).toHaveTextContent(
      'Over limit',
    );
    const produce = screen.getByRole('region', { name: 'Produce letters' });
    expect(
      within(produce).getByText('You can look at accounts but not produce letters.'),
    ).toBeInTheDocument();
    expect(within(produce).queryByRole('button', { name: 'Produce letters' })).toBeNull();
  }, 60_000);
});
