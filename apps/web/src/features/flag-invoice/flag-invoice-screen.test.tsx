/** R-INV-1, R-INV-5, R-INV-7..R-INV-9 on the Flag Invoice screen. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceCandidates, InvoiceSummary } from '@dispatch/domain/invoicing/invoice-schemas';
import { permissionLevels } from '@dispatch/domain/permissions';
import { emitHubEvent } from '../../realtime/hub-events';
import { accessRoutes, envelope } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const line = (quantity: number, price: number) => ({
  productId: 7,
  productNumber: '3000',
  description: '3000 PSI',
  quantity,
  deliveredQuantity: quantity,
  unitOfMeasure: 1,
  taxable: true,
  unitPrice: price,
  extendedPrice: quantity * price,
  taxAmount: 0,
  totalAmount: quantity * price,
});
const ticket = (id: number, number: number, quantity: number) => ({
  id,
  number,
  ticketDateTime: '2026-03-09T15:00:00.000Z',
  ticketDate: '2026-03-09',
  plantId: 4,
  plantName: 'North Yard',
  truckNumber: 'T-12',
  problem: null,
  lines: [line(quantity, 100)],
  extendedPrice: quantity * 100,
  taxAmount: 0,
  totalAmount: quantity * 100,
});

const candidates: InvoiceCandidates = {
  ticketCount: 3,
  truncated: false,
  customers: [
    {
      customerId: 1,
      customerNumber: 'C1',
      customerName: 'Acme Builders',
      ticketCount: 2,
      extendedPrice: 1800,
      taxAmount: 0,
      totalAmount: 1800,
      orders: [
        {
          orderId: 11,
          orderNumber: 501,
          jobNumber: 'J-1',
          customerPoNumber: 'PO-1',
          systemTypeId: 1,
          taxRate: 0,
          tickets: [ticket(101, 9001, 10), ticket(102, 9002, 8)],
        },
      ],
    },
    {
      customerId: 2,
      customerNumber: 'C2',
      customerName: 'Zephyr Paving',
      ticketCount: 1,
      extendedPrice: 500,
      taxAmount: 0,
      totalAmount: 500,
      orders: [
        {
          orderId: 12,
          orderNumber: 502,
          jobNumber: '',
          customerPoNumber: '',
          systemTypeId: 1,
          taxRate: 0,
          tickets: [
            { ...ticket(103, 9003, 5), problem: 'Ticket 9003 has a product without a price.' },
          ],
        },
      ],
    },
  ],
};

const summary = (overrides: Partial<InvoiceSummary>): InvoiceSummary => ({
  id: 1,
  number: 1001,
  kind: 'invoice',
  customerId: 1,
  customerNumber: 'C1',
  customerName: 'Acme Builders',
  invoiceDate: '2026-03-10',
  ticketCount: 2,
  extendedPrice: 1800,
  taxAmount: 0,
  totalAmount: 1800,
  creditsInvoiceId: null,
  creditsInvoiceNumber: null,
  creditReason: '',
  creditedByInvoiceId: null,
  creditedByNumber: null,
  createdAt: '2026-03-10T10:00:00.000Z',
  createdBy: 'clerk',
  version: 1,
  ...overrides,
});

type State = {
  created: unknown[];
  credits: unknown[];
  candidateReads: number;
  invoices: InvoiceSummary[];
};

function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname.endsWith('/options')) return envelope([]);
    if (method === 'POST' && url.pathname === '/api/v1/invoices/1/credit') {
      state.credits.push(JSON.parse(init?.body as string));
      const note = summary({
        id: 2,
        number: 1002,
        kind: 'credit',
        creditsInvoiceId: 1,
        creditsInvoiceNumber: 1001,
        creditReason: 'Wrong price',
        totalAmount: -1800,
      });
      state.invoices = [
        note,
        { ...state.invoices[0]!, creditedByInvoiceId: 2, creditedByNumber: 1002 },
      ];
      return json(note, 201);
    }
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/invoices/candidates':
        state.candidateReads += 1;
        return json(candidates);
      case 'POST /api/v1/invoices': {
        state.created.push(JSON.parse(init?.body as string));
        state.invoices = [summary({})];
        return json({ invoices: state.invoices }, 201);
      }
      case 'GET /api/v1/invoices':
        return envelope(state.invoices);
      default:
        return undefined;
    }
  };
}

describe('Flag Invoice', () => {
  const state: State = { created: [], credits: [], candidateReads: 0, invoices: [] };
  appTestLifecycle(() => {
    Object.assign(state, { created: [], credits: [], candidateReads: 0, invoices: [] });
    return fakeFetch(
      server(state),
      accessRoutes({
        forms: () => [{ FormId: 51101, PermissionId: permissionLevels.FullWithPrices }],
      }),
    );
  });
  beforeEach(() => logInAs('clerk'));

  it('selects a customer’s tickets, creates the invoice, refreshes live and credits it with a reason', async () => {
    const user = userEvent.setup();
    await renderAppAt('/orders/flag-invoice');
    await screen.findByRole('heading', { name: 'Flag Invoice', level: 2 }, { timeout: 20_000 });

    const acme = await screen.findByRole('region', { name: 'Acme Builders' });
    expect(
      within(acme).getByText('Order 501 · Job J-1 · PO PO-1 · no tax schedule'),
    ).toBeInTheDocument();
    const zephyr = screen.getByRole('region', { name: 'Zephyr Paving' });
    // A ticket that may not be invoiced says why and cannot be chosen.
    expect(within(zephyr).getByRole('checkbox', { name: 'Select ticket 9003' })).toBeDisabled();
    expect(
      within(zephyr).getByText('Ticket 9003 has a product without a price.'),
    ).toBeInTheDocument();

    const create = screen.getByRole('button', { name: 'Create invoices' });
    expect(create).toBeDisabled();
    await user.click(
      within(acme).getByRole('checkbox', { name: 'Select every ticket of Acme Builders' }),
    );
    const bar = screen.getByRole('region', { name: 'Create invoices' });
    expect(within(bar).getByText('2 tickets selected · one invoice')).toBeInTheDocument();
    expect(within(bar).getByText('Selected total 1,800.00')).toBeInTheDocument();
    await user.click(within(acme).getByRole('checkbox', { name: 'Select ticket 9002' }));
    expect(within(bar).getByText('Selected total 1,000.00')).toBeInTheDocument();
    await user.click(within(acme).getByRole('checkbox', { name: 'Select ticket 9002' }));

    const date = within(bar).getByLabelText(/Invoice date/);
    await user.clear(date);
    await user.type(date, '2026-03-10');
    await user.click(create);
    await waitFor(() =>
      expect(state.created).toEqual([{ ticketIds: [101, 102], invoiceDate: '2026-03-10' }]),
    );
    const alert = await screen.findByText('Invoices created');
    expect(alert).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Open the PDF of invoice 1001' }),
    ).toBeInTheDocument();

    // Another clerk's invoicing refreshes the list.
    const reads = state.candidateReads;
    act(() =>
      emitHubEvent('invoiceUpdate_v1', { invoiceIds: [9], action: 'created', by: 'other' }),
    );
    await waitFor(() => expect(state.candidateReads).toBeGreaterThan(reads));

    await user.click(screen.getByRole('tab', { name: 'Invoices' }));
    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    expect(await within(invoices).findByText('Acme Builders')).toBeInTheDocument();
    await user.click(
      within(invoices).getByRole('button', { name: 'Issue a credit for invoice 1001' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Credit invoice 1001' });
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    expect(within(dialog).getByText('Give the reason for the credit.')).toBeInTheDocument();
    expect(state.credits).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong price');
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(state.credits).toEqual([{ reason: 'Wrong price' }]));
    expect(await within(invoices).findByText('Credited by 1002')).toBeInTheDocument();
    expect(within(invoices).getByText('Credits 1001')).toBeInTheDocument();
  });
});
