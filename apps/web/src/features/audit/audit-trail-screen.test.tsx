import { fireEvent, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryView } from '@dispatch/domain/audit/audit-trail';
import { fakeFetch, json, renderWithProviders } from '../../test/render';
import { AuditTrailScreen } from './audit-trail-screen';

const entries: AuditEntryView[] = [
  {
    id: 2,
    at: '2026-03-02T15:04:05.000Z',
    username: 'admin',
    resource: 'truckTypes',
    recordId: '1',
    recordLabel: 'Mixer 10 yd',
    action: 'updated',
    changes: [
      { field: 'maxLoadQuantity', before: 10, after: 11 },
      { field: 'inactiveFlag', before: false, after: true },
    ],
  },
  {
    id: 1,
    at: '2026-03-01T09:00:00.000Z',
    username: 'maria',
    resource: 'shortLoadTypes',
    recordId: '5',
    recordLabel: 'Concrete under 3 yd',
    action: 'created',
    changes: [
      { field: 'systemTypeId', before: null, after: 1 },
      { field: 'plantId', before: null, after: 3, afterLabel: 'North plant' },
    ],
  },
];

/** R-AUDIT-4: the audit trail screen lists entries, filters them, and opens a row's fields. */
describe('AuditTrailScreen', () => {
  let fetch: ReturnType<typeof fakeFetch>;
  const queries: URLSearchParams[] = [];

  beforeEach(() => {
    queries.length = 0;
    fetch = fakeFetch((url) => {
      if (url.pathname !== '/api/v1/admin/audit-trail') return undefined;
      queries.push(url.searchParams);
      const resource = url.searchParams.get('resource');
      const data = entries.filter((entry) => !resource || entry.resource === resource);
      return json({ error: false, count: data.length, data });
    });
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function renderScreen(url = '/administration/audit-trail') {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await renderWithProviders(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <AuditTrailScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('lists entries newest first, and opens one to its fields before and after', async () => {
    await renderScreen();
    expect(await screen.findByText('Mixer 10 yd')).toBeInTheDocument();
    const list = screen.getByRole('table', { name: 'Audit trail' });
    expect(within(list).getByText('Truck types')).toBeInTheDocument();
    expect(within(list).getByText('Short load charges')).toBeInTheDocument();
    expect(screen.getByText('2 changes')).toBeInTheDocument();
    expect(queries[0]?.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Show the fields changed in Mixer 10 yd' }));
    const fields = screen.getAllByRole('table')[1]!;
    const load = within(fields).getByText('Maximum load').closest('tr')!;
    expect(load).toHaveTextContent('Maximum load10→11');
    expect(within(fields).getByText('Inactive').closest('tr')).toHaveTextContent('InactiveNo→Yes');

    fireEvent.click(
      screen.getByRole('button', { name: 'Show the fields changed in Concrete under 3 yd' }),
    );
    expect(within(list).getByText('North plant')).toBeInTheDocument();
    expect(within(list).getByText('Concrete')).toBeInTheDocument();
  });

  it('sends the filters in the URL to the server', async () => {
    await renderScreen('/administration/audit-trail?resource=truckTypes&from=2026-03-01');
    expect(await screen.findByText('Mixer 10 yd')).toBeInTheDocument();
    expect(screen.queryByText('Concrete under 3 yd')).not.toBeInTheDocument();
    const sent = queries.at(-1)!;
    expect(sent.get('resource')).toBe('truckTypes');
    expect(sent.get('from')).toBe(new Date('2026-03-01T00:00:00').toISOString());
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });
});
