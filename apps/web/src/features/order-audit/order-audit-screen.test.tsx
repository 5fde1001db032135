import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderAuditEntry } from '@dispatch/domain/orders/order-audit';
import { emitHubEvent } from '../../realtime/hub-events';
import { fakeFetch, json, renderWithProviders } from '../../test/render';
import { ConcreteOrderAuditScreen } from './order-audit-screen';

const entries: OrderAuditEntry[] = [
  {
    id: 9,
    at: '2026-03-10T10:30:00.000Z',
    username: 'dispatcher',
    action: 'updated',
    orderId: 5,
    orderNumber: 26,
    customerName: 'Acme Builders',
    changes: [
      {
        field: 'schedules[12].quantityPerHour',
        before: 30,
        after: 45,
        path: { schedule: 2, product: null, name: 'quantityPerHour' },
        label: 'Schedule 2 · Quantity per hour',
      },
      {
        field: 'orderStatusId',
        before: 1,
        after: 4,
        path: { schedule: null, product: null, name: 'orderStatusId' },
        label: 'Status',
      },
      {
        field: 'orderVerifiedFlag',
        before: false,
        after: true,
        path: { schedule: null, product: null, name: 'orderVerifiedFlag' },
        label: 'Verified',
      },
    ],
  },
  {
    id: 8,
    at: '2026-03-10T10:00:00.000Z',
    username: 'maria',
    action: 'updated',
    orderId: 5,
    orderNumber: 26,
    customerName: 'Acme Builders',
    changes: [
      {
        field: 'customerPoNumber',
        before: 'PO-100',
        after: 'PO-101',
        path: { schedule: null, product: null, name: 'customerPoNumber' },
        label: 'PO number',
      },
    ],
  },
];

function Location() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

/** R-OAUD-1..6: the order audit screen lists changes, filters them, opens their fields, stays live. */
describe('ConcreteOrderAuditScreen', () => {
  let fetch: ReturnType<typeof fakeFetch>;
  const queries: URLSearchParams[] = [];
  let answer: () => Response;

  beforeEach(() => {
    queries.length = 0;
    answer = () => json({ error: false, count: entries.length, data: entries });
    fetch = fakeFetch((url) => {
      if (url.pathname !== '/api/v1/order-audit') return undefined;
      queries.push(url.searchParams);
      return answer();
    });
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function renderScreen(url = '/orders/audit/concrete') {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await renderWithProviders(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/orders/audit/concrete" element={<ConcreteOrderAuditScreen />} />
            <Route path="*" element={null} />
          </Routes>
          <Location />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('lists the changes newest first, and opens one to its fields, old → new', async () => {
    await renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'Concrete order audit' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('table', { name: 'Concrete order audit' });
    await within(list).findByText('maria');
    expect(queries[0]?.get('systemTypeId')).toBe('1');
    expect(screen.getByText('2 changes')).toBeInTheDocument();
    const rows = within(list).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('dispatcher');
    expect(rows[1]).toHaveTextContent('Acme Builders');
    expect(rows[1]).toHaveTextContent('3 fields');

    fireEvent.click(
      within(rows[1]!).getByRole('button', { name: /^Show the fields changed in order 26 at / }),
    );
    const fields = screen.getAllByRole('table')[1]!;
    expect(
      within(fields).getByText('Schedule 2 · Quantity per hour').closest('tr'),
    ).toHaveTextContent('Schedule 2 · Quantity per hour30→45');
    expect(within(fields).getByText('Status').closest('tr')).toHaveTextContent(
      'StatusTo be shipped→On hold',
    );
    expect(within(fields).getByText('Verified').closest('tr')).toHaveTextContent('VerifiedNo→Yes');

    // The order number opens the order in order entry.
    fireEvent.click(within(rows[1]!).getByRole('link', { name: 'Open order 26' }));
    expect(screen.getByLabelText('location')).toHaveTextContent('/orders/concrete/5');
  });

  it('sends what is typed, once typing pauses, and keeps it in the URL', async () => {
    await renderScreen();
    await screen.findByText('maria');
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: 'acme' } });
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: '26' } });
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'mar' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    // Each box pauses on its own: wait for the request that carries all four, in any order.
    await waitFor(
      () => {
        const sent = queries.at(-1);
        expect(sent?.get('order')).toBe('26');
        expect(sent?.get('customer')).toBe('acme');
        expect(sent?.get('user')).toBe('mar');
        expect(sent?.get('from')).toBe(new Date('2026-03-01T00:00:00').toISOString());
      },
      { timeout: 4000 },
    );
    await waitFor(() => {
      const location = new URL(screen.getByLabelText('location').textContent ?? '', 'http://app');
      expect(location.pathname).toBe('/orders/audit/concrete');
      expect(Object.fromEntries(location.searchParams)).toEqual({
        from: '2026-03-01',
        customer: 'acme',
        order: '26',
        user: 'mar',
      });
    });

    // An order number that is no number is not sent: the box says why.
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: '26-0001' } });
    expect(await screen.findByText('Type an order number')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('26-0001'));
    // The URL follows at once, the request once typing pauses: on a loaded machine the last
    // request seen right after the URL was still the one with order 26 (CI, 2026-12-07).
    await waitFor(() => expect(queries.at(-1)?.get('order')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(screen.getByLabelText('location')).toHaveTextContent(/^\/orders\/audit\/concrete$/),
    );
    expect(screen.getByLabelText('Customer')).toHaveValue('');
  });

  it('R-OAUD-6: opens filtered to the order a link names, and lets it go', async () => {
    await renderScreen('/orders/audit/concrete?orderId=5');
    expect(await screen.findByText('Only order 26')).toBeInTheDocument();
    expect(queries.at(-1)?.get('orderId')).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: 'Show every order' }));
    await waitFor(() => expect(queries.at(-1)?.get('orderId')).toBeNull());
  });

  it('R-OAUD-5: refreshes when an order is saved or deleted anywhere', async () => {
    await renderScreen();
    await screen.findByText('maria');
    const before = queries.length;
    act(() => emitHubEvent('orderUpdate_v1', { id: 5 }));
    await waitFor(() => expect(queries.length).toBe(before + 1));
    act(() => emitHubEvent('orderDelete_v1', { id: 5 }));
    await waitFor(() => expect(queries.length).toBe(before + 2));
  });

  it('says when nothing matches, and shows why a read failed', async () => {
    answer = () => json({ error: false, count: 0, data: [] });
    await renderScreen('/orders/audit/concrete?customer=nobody');
    expect(await screen.findByText('No changes match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    answer = () => json({ message: 'systemTypeId: Invalid input', statusCode: 400 }, 400);
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'x' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The order audit could not be loaded');
  });
});
