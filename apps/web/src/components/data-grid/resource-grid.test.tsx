/**
 * The grid as a list page uses it: a fake server behind `fetchPage`, the user working by mouse
 * and keyboard. jsdom has no layout, so AG Grid sees a viewport of height 0 and draws only its
 * row buffer (the first 10 or so rows): enough for these tests, which never scroll.
 */
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { theme } from '../../app/theme';
import { i18n, initI18n } from '../../lib/i18n/i18n';
import {
  ResourceGrid,
  type GridColumn,
  type GridRow,
  type GridSort,
  type ResourceGridProps,
} from './resource-grid';

// Two cores shared with other test runs: give the grid's debounced block loads time to land.
configure({ asyncUtilTimeout: 5000 });

const plants: Record<number, string> = { 1: 'North Yard', 2: 'Riverside' };

const columns: GridColumn[] = [
  { field: 'name', header: 'Name', kind: 'text', sortable: true },
  { field: 'phone', header: 'Phone', kind: 'phone', sortable: false },
  { field: 'active', header: 'Active', kind: 'flag', sortable: false },
  { field: 'balance', header: 'Balance', kind: 'money', sortable: true },
  { field: 'since', header: 'Since', kind: 'date', sortable: true },
  {
    field: 'plantId',
    header: 'Plant',
    kind: 'reference',
    sortable: true,
    format: (row) => plants[row.plantId as number] ?? '',
  },
  { field: 'colour', header: 'Colour', kind: 'color', sortable: false, hidden: true },
];

function customer(id: number, name = `Customer ${id}`): GridRow {
  return {
    id,
    name,
    phone: `555-01${String(id).padStart(2, '0')}`,
    active: id % 2 === 1,
    balance: 1234.5 + id,
    since: '2024-03-05',
    plantId: (id % 2) + 1,
    colour: '#00678a',
  };
}

const customers = Array.from({ length: 250 }, (_, index) => customer(index + 1));

type FetchRequest = Parameters<ResourceGridProps['fetchPage']>[0];

/** A server over a list of rows, recording what it was asked. */
function fakeServer(list: GridRow[] = customers) {
  return vi.fn(({ offset, limit }: FetchRequest) =>
    Promise.resolve({ rows: list.slice(offset, offset + limit), count: list.length }),
  );
}

const stateKey = 'grid:dispatcher:customers';
const nameAsc: GridSort = { field: 'name', order: 'asc' };

function grid(props: Partial<ResourceGridProps> & Pick<ResourceGridProps, 'fetchPage'>) {
  return (
    <div style={{ height: 600, width: 1200 }}>
      <ResourceGrid
        ariaLabel="Customers"
        columns={columns}
        queryKey="all"
        stateKey={stateKey}
        defaultSort={nameAsc}
        onOpen={vi.fn()}
        refreshToken={0}
        {...props}
      />
    </div>
  );
}

/**
 * The app's theme and English, with Mantine in test mode: no transitions, and menus are not hidden
 * for a target jsdom cannot measure. Rerenders keep the providers.
 */
function TestProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}

async function renderGrid(ui: ReactElement) {
  await initI18n('en');
  return render(ui, { wrapper: TestProviders });
}

/** The row that shows a text in one of its cells. */
async function findRow(text: string): Promise<HTMLElement> {
  const cell = await screen.findByRole('gridcell', { name: text });
  return cell.closest<HTMLElement>('[role="row"]')!;
}

/** The shown headers' texts (a header also holds a hidden sort-order digit, hence the class). */
function headers(): string[] {
  return screen
    .getAllByRole('columnheader')
    .map((header) => header.querySelector('.ag-header-cell-text')?.textContent ?? '');
}

const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 });
const shortDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'short' });

describe('ResourceGrid', () => {
  it('asks for the first block with the default sort and shows the formatted cells', async () => {
    const fetchPage = fakeServer();
    const onCountChange = vi.fn();
    await renderGrid(grid({ fetchPage, onCountChange }));

    const table = await screen.findByRole('grid', { name: 'Customers' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading records…');
    const row = await findRow('Customer 1');

    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledWith(
      expect.objectContaining({ offset: 0, limit: 100, sort: nameAsc }),
    );
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(5);
    const cells = within(row)
      .getAllByRole('gridcell')
      .map((cell) => cell.textContent.trim());
    expect(cells).toEqual([
      'Customer 1',
      '555-0101',
      'Yes',
      money.format(1235.5),
      shortDate.format(new Date(2024, 2, 5)),
      'Riverside',
    ]);
    expect(within(await findRow('Customer 2')).getByText('No')).toBeInTheDocument();
    // Hidden by default: not drawn, but offered in the Columns menu.
    expect(headers()).toEqual(['Name', 'Phone', 'Active', 'Balance', 'Since', 'Plant']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByText('250 records')).toBeInTheDocument();
    expect(onCountChange).toHaveBeenCalledWith(250);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sorts by a clicked header on the server and reports the sort', async () => {
    const fetchPage = fakeServer();
    const onSortChange = vi.fn();
    const user = userEvent.setup();
    await renderGrid(grid({ fetchPage, onSortChange }));
    await findRow('Customer 1');

    await user.click(
      within(screen.getByRole('columnheader', { name: 'Balance' })).getByText('Balance'),
    );

    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ offset: 0, sort: { field: 'balance', order: 'asc' } }),
      ),
    );
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'balance', order: 'asc' });
    expect(screen.getByRole('columnheader', { name: 'Balance' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await user.click(
      within(screen.getByRole('columnheader', { name: 'Balance' })).getByText('Balance'),
    );
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'balance', order: 'desc' });
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ offset: 0, sort: { field: 'balance', order: 'desc' } }),
      ),
    );
  });

  it('starts again from the first block when the query changes', async () => {
    const fetchPage = fakeServer();
    const { rerender } = await renderGrid(grid({ fetchPage }));
    await findRow('Customer 1');

    const filtered = fakeServer([customer(7, 'Acme Concrete'), customer(9, 'Acme Block')]);
    rerender(grid({ fetchPage: filtered, queryKey: 'name:acme' }));

    await findRow('Acme Concrete');
    expect(filtered).toHaveBeenCalledTimes(1);
    expect(filtered).toHaveBeenCalledWith(
      expect.objectContaining({ offset: 0, limit: 100, sort: nameAsc }),
    );
    expect(screen.queryByRole('gridcell', { name: 'Customer 1' })).not.toBeInTheDocument();
    expect(screen.getByText('2 records')).toBeInTheDocument();
  });

  it('refreshes the loaded rows in place when the refresh token is bumped', async () => {
    const fetchPage = fakeServer();
    const onOpen = vi.fn();
    const { rerender } = await renderGrid(grid({ fetchPage, onOpen }));
    await findRow('Customer 1');

    let answer: (page: { rows: GridRow[]; count: number }) => void = () => undefined;
    const refreshed = vi.fn(
      (_request: FetchRequest) =>
        new Promise<{ rows: GridRow[]; count: number }>((resolve) => {
          answer = resolve;
        }),
    );
    rerender(grid({ fetchPage: refreshed, onOpen, refreshToken: 1 }));

    await waitFor(() => expect(refreshed).toHaveBeenCalledTimes(1));
    expect(refreshed).toHaveBeenCalledWith(expect.objectContaining({ offset: 0, sort: nameAsc }));
    // While the server answers, the old rows stay: no loader, no blank grid.
    expect(screen.getByRole('gridcell', { name: 'Customer 1' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    const renamed = customers.map((row) =>
      row.id === 1 ? { ...row, name: 'Customer 1 (renamed)' } : row,
    );
    act(() => answer({ rows: renamed.slice(0, 100), count: renamed.length }));

    await findRow('Customer 1 (renamed)');
    expect(screen.getByRole('gridcell', { name: 'Customer 2' })).toBeInTheDocument();
  });

  it('opens the focused row with Enter and a row with a double-click', async () => {
    const onOpen = vi.fn();
    const user = userEvent.setup();
    await renderGrid(grid({ fetchPage: fakeServer(), onOpen }));

    await user.click(await screen.findByRole('gridcell', { name: 'Customer 1' }));
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(screen.getByRole('gridcell', { name: '555-0102' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2 }));

    await user.dblClick(screen.getByRole('gridcell', { name: 'Customer 3' }));
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 3 }));
  });

  it('R-CONST-14: opens a row on a tap, but not on a mouse click', async () => {
    const onOpen = vi.fn();
    const user = userEvent.setup();
    await renderGrid(grid({ fetchPage: fakeServer(), onOpen }));
    const cell = await screen.findByRole('gridcell', { name: 'Customer 2' });

    await user.click(cell);
    expect(onOpen).not.toHaveBeenCalled();

    // A finger: the touch, then the click the browser makes of it.
    fireEvent.touchStart(cell);
    await user.click(cell);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2 }));
  });

  it('hides a column from the Columns menu and keeps that for the next visit', async () => {
    const user = userEvent.setup();
    const { unmount } = await renderGrid(grid({ fetchPage: fakeServer() }));
    await findRow('Customer 1');

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const phone = await screen.findByRole('menuitemcheckbox', { name: 'Phone' });
    expect(phone).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Colour' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await user.click(phone);

    await waitFor(() => expect(headers()).not.toContain('Phone'));
    expect(screen.queryByRole('gridcell', { name: '555-0101' })).not.toBeInTheDocument();
    expect(localStorage.getItem(stateKey)).toContain('"id":"phone"');
    unmount();

    await renderGrid(grid({ fetchPage: fakeServer() }));
    await findRow('Customer 1');
    expect(headers()).toEqual(['Name', 'Active', 'Balance', 'Since', 'Plant']);

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Phone' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Reset columns' }));
    await waitFor(() =>
      expect(headers()).toEqual(['Name', 'Phone', 'Active', 'Balance', 'Since', 'Plant']),
    );
  });

  it('says so when no record matches', async () => {
    const onCountChange = vi.fn();
    await renderGrid(grid({ fetchPage: fakeServer([]), onCountChange }));

    expect(await screen.findByText('No records match.')).toBeInTheDocument();
    expect(onCountChange).toHaveBeenCalledWith(0);
    expect(screen.getByText('0 records')).toBeInTheDocument();
    expect(screen.queryAllByRole('gridcell')).toHaveLength(0);
    // The header stays, so the user still sees which list this is.
    expect(headers()).toContain('Name');
  });

  it('offers to try again when the server fails', async () => {
    let fail = true;
    const fetchPage = vi.fn(async (request: FetchRequest) => {
      if (fail) throw new Error('Service unavailable');
      return fakeServer()(request);
    });
    const user = userEvent.setup();
    await renderGrid(grid({ fetchPage }));

    expect(await screen.findByText('The records could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await findRow('Customer 1');
    expect(screen.queryByText('The records could not be loaded.')).not.toBeInTheDocument();
  });
});
