/** R-INQ-7..R-INQ-11 on the Invoice Inquiry screen. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceInquiryDetail } from '@dispatch/domain/inquiry/invoice-inquiry';
import type { InvoiceSummary } from '@dispatch/domain/invoicing/invoice-schemas';
import { permissionLevels, type PermissionLevel } from '@dispatch/domain/permissions';
import { withoutPrices } from '@dispatch/domain/pricing';
import { accessRoutes, optionsRoute } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const summary = (overrides: Partial<InvoiceSummary>): InvoiceSummary => ({
  id: 9,
  number: 1001,
  kind: 'invoice',
  customerId: 12,
  customerNumber: 'C1',
  customerName: 'Acme Builders',
  invoiceDate: '2026-03-12',
  ticketCount: 2,
  extendedPrice: 2343,
  taxAmount: 167.69,
  totalAmount: 2510.69,
  creditsInvoiceId: null,
  creditsInvoiceNumber: null,
  creditReason: '',
  creditedByInvoiceId: 10,
  creditedByNumber: 1002,
  createdAt: '2026-03-12T15:00:00.000Z',
  createdBy: 'office',
  version: 1,
  ...overrides,
});

const invoices = [
  summary({
    id: 10,
    number: 1002,
    kind: 'credit',
    creditsInvoiceId: 9,
    creditsInvoiceNumber: 1001,
    creditReason: 'Wrong haul rate',
    creditedByInvoiceId: null,
    creditedByNumber: null,
    extendedPrice: -2343,
    taxAmount: -167.69,
    totalAmount: -2510.69,
  }),
  summary({}),
];

const line = (id: number, ticketId: number, ticketNumber: number, quantity: number) => ({
  id,
  ticketId,
  ticketNumber,
  ticketDate: '2026-03-09',
  orderId: 31,
  orderNumber: 100234,
  jobNumber: 'J-TOWER',
  customerPoNumber: 'PO-7781',
  plantId: 4,
  plantName: 'North Yard',
  productId: 70,
  productNumber: '3000',
  description: '3000 PSI',
  quantity,
  unitOfMeasure: 1,
  unitPrice: 128.5,
  extendedPrice: quantity * 128.5,
  taxAmount: 0,
  totalAmount: quantity * 128.5,
});

const detail: InvoiceInquiryDetail = {
  ...summary({}),
  billTo: ['Accounts payable', '12 Main St', 'Columbus, OH 43215'],
  customerPoNumber: 'PO-7781',
  terms: { description: '2% 10, net 30', netDays: 30, discountPercent: 2, discountDays: 10 },
  dueDate: '2026-04-11',
  lines: [line(1, 501, 501, 10), line(2, 502, 502, 8)],
  tickets: [
    {
      ticketId: 501,
      ticketNumber: 501,
      ticketDate: '2026-03-09',
      orderId: 31,
      orderNumber: 100234,
      jobNumber: 'J-TOWER',
      customerPoNumber: 'PO-7781',
      plantName: 'North Yard',
      truckNumber: 'M-12',
      lineCount: 1,
      extendedPrice: 1285,
      taxAmount: 0,
      totalAmount: 1285,
    },
  ],
  creditLinks: [
    {
      id: 10,
      number: 1002,
      kind: 'credit',
      invoiceDate: '2026-03-13',
      reason: 'Wrong haul rate',
      totalAmount: -2510.69,
    },
  ],
};

type State = { searches: URLSearchParams[]; level: PermissionLevel };

function server(state: State): FetchRoute {
  return (url) => {
    if (url.pathname === '/api/v1/inquiry/invoices') {
      state.searches.push(url.searchParams);
      const number = url.searchParams.get('number');
      const kind = url.searchParams.get('kind');
      const data = invoices.filter(
        (each) => (!number || String(each.number) === number) && (!kind || each.kind === kind),
      );
      return json({ error: false, count: data.length, countCapped: false, data });
    }
    if (url.pathname === '/api/v1/inquiry/invoices/9') {
      // As the server answers a level that hides prices: every price field left out.
      return json(state.level === permissionLevels.FullNoPrices ? withoutPrices(detail) : detail);
    }
    if (url.pathname === '/api/v1/inquiry/invoices/9/invoice.pdf') {
      return new Response(new Blob(['%PDF-1.7']), {
        headers: { 'content-type': 'application/pdf' },
      });
    }
    return undefined;
  };
}

describe('Invoice Inquiry', () => {
  const state: State = { searches: [], level: permissionLevels.ReadOnlyWithPrices };
  appTestLifecycle(() => {
    state.searches = [];
    return fakeFetch(
      server(state),
      optionsRoute(() => []),
      accessRoutes({
        forms: () => [
          { FormId: 51306, PermissionId: state.level },
          { FormId: 51305, PermissionId: permissionLevels.ReadOnlyWithPrices },
        ],
      }),
    );
  });
  beforeEach(() => logInAs('clerk'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists invoices and credit notes, filters by kind, and opens an invoice by its number with Enter', async () => {
    const user = userEvent.setup();
    const router = await renderAppAt('/inquiry/invoice');
    await screen.findByRole('heading', { name: 'Invoice Inquiry', level: 2 }, { timeout: 20_000 });
    const grid = await screen.findByRole('grid', { name: 'Invoice Inquiry' });
    expect(await within(grid).findByRole('gridcell', { name: 'Credits 1001' })).toBeInTheDocument();
    expect(within(grid).getByRole('gridcell', { name: 'Credited by 1002' })).toBeInTheDocument();
    expect(within(grid).getByRole('gridcell', { name: '-2,510.69' })).toBeInTheDocument();

    const search = screen.getByRole('region', { name: 'Search' });
    await user.click(within(search).getByLabelText('Kind'));
    await user.click(await screen.findByRole('option', { name: 'Credit note', hidden: true }));
    await waitFor(() => expect(state.searches.at(-1)?.get('kind')).toBe('credit'));

    const number = within(search).getByRole('textbox', { name: 'Invoice number' });
    await user.type(number, '4040{Enter}');
    expect(await screen.findByText('No invoice 4040 matches.')).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '1001{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/inquiry/invoice/9'));
  }, 60_000);

  it('shows an invoice with its bill-to, terms, credit note, tickets (each opening its ticket), lines, totals and PDF', async () => {
    const user = userEvent.setup();
    const router = await renderAppAt('/inquiry/invoice/9');
    await screen.findByRole('heading', { name: 'Invoice 1001', level: 2 }, { timeout: 20_000 });
    expect(screen.getByText('Credited by 1002')).toBeInTheDocument();
    // R-INV-12: when it falls due, on which terms, and the PO its tickets share.
    const facts = screen.getByRole('region', { name: 'Invoice' });
    const fact = (label: string) => within(facts).getByText(label).nextElementSibling;
    expect(fact('Due date')).toHaveTextContent('Apr 11, 2026');
    expect(fact('Terms')).toHaveTextContent('2% 10, net 30');
    expect(fact('PO number')).toHaveTextContent('PO-7781');
    expect(
      within(screen.getByRole('region', { name: 'Bill to' })).getByText('12 Main St'),
    ).toBeInTheDocument();
    const credit = screen.getByRole('region', { name: 'Credit' });
    expect(within(credit).getByRole('link', { name: 'Credit note 1002' })).toHaveAttribute(
      'href',
      '/inquiry/invoice/10',
    );
    expect(within(credit).getByText(/Wrong haul rate/)).toBeInTheDocument();
    const lines = screen.getByRole('region', { name: 'Lines' });
    expect(within(lines).getAllByRole('row')).toHaveLength(3);
    expect(within(lines).getByText('2,510.69')).toBeInTheDocument();

    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/invoice');
    URL.revokeObjectURL = vi.fn();
    await user.click(screen.getByRole('button', { name: 'Open the PDF of invoice 1001' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'blob:http://localhost/invoice#invoice-1001.pdf',
        '_blank',
        expect.stringContaining('popup=yes'),
      ),
    );

    const tickets = screen.getByRole('region', { name: 'Tickets on it' });
    await user.click(within(tickets).getByRole('link', { name: 'Open ticket 501' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inquiry/ticket/501'));
  }, 60_000);

  it('shows no amounts to a level that hides prices', async () => {
    state.level = permissionLevels.FullNoPrices;
    try {
      await renderAppAt('/inquiry/invoice/9');
      await screen.findByRole('heading', { name: 'Invoice 1001', level: 2 }, { timeout: 20_000 });
      const lines = screen.getByRole('region', { name: 'Lines' });
      expect(within(lines).queryByRole('columnheader', { name: 'Price' })).not.toBeInTheDocument();
      expect(within(lines).queryByText('Total')).not.toBeInTheDocument();
      const tickets = screen.getByRole('region', { name: 'Tickets on it' });
      expect(within(tickets).queryByRole('columnheader', { name: 'Tax' })).not.toBeInTheDocument();
    } finally {
      state.level = permissionLevels.ReadOnlyWithPrices;
    }
  }, 60_000);
});
