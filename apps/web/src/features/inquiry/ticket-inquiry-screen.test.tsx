/** R-INQ-1..R-INQ-6 and R-INQ-11 on the Ticket Inquiry screen. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  TicketInquiryDetail,
  TicketInquiryRow,
} from '@dispatch/domain/inquiry/ticket-inquiry';
import { permissionLevels, type PermissionLevel } from '@dispatch/domain/permissions';
import { accessRoutes, option, optionsRoute } from '../../test/app-server';
import { pick } from '../../test/pick-list';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const row = (overrides: Partial<TicketInquiryRow>): TicketInquiryRow => ({
  id: 1,
  number: 501,
  ticketDateTime: '2026-03-09T12:30:00.000Z',
  systemTypeId: 1,
  plantId: 4,
  plantName: 'North Yard',
  orderId: 31,
  orderNumber: 100234,
  customerId: 12,
  customerNumber: 'C1',
  customerName: 'Acme Builders',
  jobId: 7,
  jobNumber: 'J-TOWER',
  customerPoNumber: 'PO-7781',
  truckId: 41,
  truckNumber: 'M-12',
  productDescription: '3000 PSI',
  quantity: 10,
  unitOfMeasure: 1,
  lineCount: 2,
  statusId: 3,
  voidedFlag: false,
  invoiceId: 9,
  invoiceNumber: 1001,
  extendedPrice: 1315,
  ...overrides,
});

const rows = [
  row({ id: 1, number: 501 }),
  row({
    id: 2,
    number: 502,
    plantName: 'Granite Pit',
    customerName: 'Zephyr Paving',
    lineCount: 1,
  }),
  row({ id: 3, number: 502, plantName: 'North Yard', voidedFlag: true, statusId: 5, lineCount: 1 }),
];

const detail: TicketInquiryDetail = {
  id: 1,
  number: 501,
  systemTypeId: 1,
  billOfLadingNumber: null,
  loadNumber: 1,
  statusId: 3,
  statusName: 'Complete',
  voidedFlag: false,
  voidStatusName: null,
  voidReason: null,
  voidDateTime: null,
  voidUserName: null,
  userName: 'dispatcher',
  order: { id: 31, number: 100234, orderDate: '2026-03-08', shipDate: '2026-03-09' },
  customerPoNumber: 'PO-7781',
  customer: { id: 12, number: 'C1', name: 'Acme Builders' },
  job: {
    id: 7,
    number: 'J-TOWER',
    site: 'Tower site',
    lines: ['100 High St', 'Columbus, OH 43215'],
    directions: 'Gate 3 off Main',
  },
  plant: { id: 4, name: 'North Yard' },
  truck: { id: 41, number: 'M-12', companyName: null },
  driver: { id: 5, name: 'Dana Driver' },
  batchmanName: null,
  weights: {
    grossWeight: null,
    tareWeight: null,
    netWeight: null,
    waterAdded: 2,
    maxAllowableWaterGallons: 20,
  },
  codAmount: null,
  notes: '',
  lines: [
    {
      id: 11,
      productId: 70,
      productNumber: '3000',
      description: '3000 PSI',
      quantity: 10,
      deliveredQuantity: 10,
      unusedQuantity: 0,
      unitOfMeasure: 1,
      slump: 4,
      taxableFlag: true,
      price: 128.5,
      extendedPrice: 1285,
    },
  ],
  totals: {
    extendedPrice: 1285,
    taxRate: 7.25,
    taxAmount: 93.16,
    restockingCharge: 0,
    totalAmount: 1378.16,
  },
  times: {
    ticketDateTime: '2026-03-09T12:30:00.000Z',
    printDateTime: '2026-03-09T12:30:30.000Z',
    batchDateTime: '2026-03-09T12:31:00.000Z',
    loadedDateTime: '2026-03-09T12:38:00.000Z',
    toJobDateTime: '2026-03-09T12:40:00.000Z',
    onJobDateTime: '2026-03-09T13:00:00.000Z',
    startUnloadDateTime: null,
    finishUnloadDateTime: null,
    toPlantDateTime: null,
    arrivePlantDateTime: null,
  },
  batchWeights: [
    {
      rawMaterialId: 3,
      code: 'CEM',
      description: 'Cement type I',
      unit: 'lb',
      target: 5640,
      batched: 5655,
    },
  ],
  history: [
    {
      id: 90,
      at: '2026-03-10T15:00:00.000Z',
      username: 'office',
      action: 'updated',
      reason: 'Poured at the annex',
      changes: [{ field: 'customerPoNumber', before: 'PO-7781', after: 'ANNEX-55' }],
    },
  ],
  invoice: { id: 9, number: 1001, invoiceDate: '2026-03-12', creditedByNumber: null },
  version: 2,
  modifiedAt: '2026-03-10T15:00:00.000Z',
  modifiedBy: 'office',
};

type State = { searches: URLSearchParams[]; level: PermissionLevel };

function server(state: State): FetchRoute {
  return (url) => {
    if (url.pathname === '/api/v1/inquiry/tickets') {
      state.searches.push(url.searchParams);
      const number = url.searchParams.get('number');
      const customerId = url.searchParams.get('customerId');
      const matches = rows.filter(
        (each) =>
          (!number || String(each.number) === number) &&
          (!customerId || String(each.customerId) === customerId),
      );
      const shown =
        state.level === permissionLevels.ReadOnlyNoPrices
          ? matches.map(({ extendedPrice: _price, ...rest }) => rest)
          : matches;
      return json({ error: false, count: shown.length, countCapped: false, data: shown });
    }
    if (url.pathname === '/api/v1/inquiry/tickets/1') return json(detail);
    if (url.pathname === '/api/v1/tickets/1/ticket.pdf') {
      return new Response(new Blob(['%PDF-1.7']), {
        headers: { 'content-type': 'application/pdf' },
      });
    }
    return undefined;
  };
}

describe('Ticket Inquiry', () => {
  const state: State = { searches: [], level: permissionLevels.ReadOnlyWithPrices };
  appTestLifecycle(() => {
    state.searches = [];
    return fakeFetch(
      server(state),
      optionsRoute(
        (list) =>
          list === 'customers'
            ? [option(12, 'C1', 'Acme Builders'), option(13, 'C2', 'Zephyr Paving')]
            : [],
        { bySearch: true },
      ),
      accessRoutes({
        forms: () => [
          { FormId: 51305, PermissionId: state.level },
          { FormId: 51306, PermissionId: permissionLevels.ReadOnlyWithPrices },
          { FormId: 15000, PermissionId: permissionLevels.FullWithPrices },
        ],
      }),
    );
  });
  beforeEach(() => logInAs('clerk'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists history, searches by a customer picked as you type, and opens the one ticket a number names with Enter', async () => {
    const user = userEvent.setup();
    const router = await renderAppAt('/inquiry/ticket');
    await screen.findByRole('heading', { name: 'Ticket Inquiry', level: 2 }, { timeout: 20_000 });
    const number = screen.getByRole('textbox', { name: 'Ticket number' });
    await waitFor(() => expect(number).toHaveFocus());
    const grid = await screen.findByRole('grid', { name: 'Ticket Inquiry' });
    expect(
      await within(grid).findByRole('gridcell', { name: 'Zephyr Paving' }),
    ).toBeInTheDocument();
    expect(within(grid).getByRole('gridcell', { name: '3000 PSI +1' })).toBeInTheDocument();
    expect(within(grid).getAllByRole('gridcell', { name: 'Voided' })).toHaveLength(1);
    expect(within(grid).getAllByRole('gridcell', { name: '1,315.00' }).length).toBeGreaterThan(0);
    expect(screen.getByText('3 records')).toBeInTheDocument();

    const search = screen.getByRole('region', { name: 'Search' });
    await pick(
      user,
      within(search).getByRole('combobox', { name: 'Customer' }),
      'Acme',
      'C1 · Acme Builders',
    );
    await waitFor(() => expect(state.searches.at(-1)?.get('customerId')).toBe('12'));
    expect(router.state.location.search).toContain('customerId=12');

    // Two plants wrote a ticket 502: Enter lists them instead of opening one.
    await user.type(number, '502{Enter}');
    expect(
      await screen.findByText('2 plants wrote a ticket 502: choose one in the list.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/inquiry/ticket');

    await user.clear(number);
    await user.type(number, '501{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/inquiry/ticket/1'));
    expect(
      await screen.findByRole('heading', { name: 'Ticket 501', level: 2 }),
    ).toBeInTheDocument();
  }, 60_000);

  it('shows a ticket with its order, job, products and totals, times, batched weights, changes, invoice and PDF', async () => {
    const user = userEvent.setup();
    await renderAppAt('/inquiry/ticket/1');
    await screen.findByRole('heading', { name: 'Ticket 501', level: 2 }, { timeout: 20_000 });
    expect(screen.getByText('Complete')).toBeInTheDocument();

    const order = screen.getByRole('region', { name: 'Order' });
    expect(within(order).getByRole('link', { name: '100234' })).toHaveAttribute(
      'href',
      '/orders/concrete/31',
    );
    expect(within(order).getByText('PO-7781')).toBeInTheDocument();
    const customer = screen.getByRole('region', { name: 'Customer and job' });
    expect(within(customer).getByText('J-TOWER · Tower site')).toBeInTheDocument();
    expect(within(customer).getByText('Gate 3 off Main')).toBeInTheDocument();
    const delivery = screen.getByRole('region', { name: 'Plant, truck and driver' });
    expect(within(delivery).getByText('Dana Driver')).toBeInTheDocument();

    const products = screen.getByRole('region', { name: 'Products' });
    expect(within(products).getByRole('columnheader', { name: 'Price' })).toBeInTheDocument();
    expect(within(products).getByText('128.50')).toBeInTheDocument();
    expect(within(products).getByText('Tax 7.25 %')).toBeInTheDocument();
    expect(within(products).getByText('1,378.16')).toBeInTheDocument();

    const times = screen.getByRole('region', { name: 'Times' });
    const onJob = within(times).getByRole('row', { name: /On job/ });
    expect(onJob).toHaveTextContent('+20 min');
    expect(within(times).getByRole('row', { name: /Arrive plant/ })).toHaveTextContent('—');
    const batched = screen.getByRole('region', { name: 'Batched weights' });
    expect(within(batched).getByText('5,655 lb')).toBeInTheDocument();

    const changes = screen.getByRole('region', { name: 'Changes' });
    expect(within(changes).getByText('“Poured at the annex”')).toBeInTheDocument();
    expect(within(changes).getByText('ANNEX-55')).toBeInTheDocument();
    const invoice = screen.getByRole('region', { name: 'Invoice' });
    expect(within(invoice).getByRole('link', { name: 'Invoice 1001' })).toHaveAttribute(
      'href',
      '/inquiry/invoice/9',
    );

    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/ticket');
    URL.revokeObjectURL = vi.fn();
    await user.click(screen.getByRole('button', { name: 'Open the PDF of ticket 501' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'blob:http://localhost/ticket#ticket-501.pdf',
        '_blank',
        expect.stringContaining('popup=yes'),
      ),
    );
  }, 60_000);

  it('leaves the price column out for a level that hides prices', async () => {
    state.level = permissionLevels.ReadOnlyNoPrices;
    try {
      await renderAppAt('/inquiry/ticket');
      const grid = await screen.findByRole('grid', { name: 'Ticket Inquiry' }, { timeout: 20_000 });
      await within(grid).findAllByRole('gridcell', { name: 'North Yard' });
      expect(within(grid).queryByRole('columnheader', { name: 'Amount' })).not.toBeInTheDocument();
      expect(within(grid).getByRole('columnheader', { name: 'Customer' })).toBeInTheDocument();
    } finally {
      state.level = permissionLevels.ReadOnlyWithPrices;
    }
  }, 60_000);

  it('says a typed number names no ticket, beside the field', async () => {
    const user = userEvent.setup();
    await renderAppAt('/inquiry/ticket');
    const number = await screen.findByRole(
      'textbox',
      { name: 'Ticket number' },
      { timeout: 20_000 },
    );
    await user.type(number, '999{Enter}');
    expect(await screen.findByText('No ticket 999 matches.')).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '12a');
    // The form's resolver checks asynchronously: the message comes a moment after the keystroke.
    expect(await screen.findByText('Type digits only')).toBeInTheDocument();
  }, 60_000);
});
