import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PendingRow } from '@dispatch/domain/orders/pending-orders';
import { permissionLevels } from '@dispatch/domain/permissions';
import { emitHubEvent } from '../../realtime/hub-events';
import { accessRoutes, envelope } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

configure({ asyncUtilTimeout: 5000 });

const heldReason = "On hold: the customer's credit status (Credit hold) holds orders.";

function row(fields: Partial<PendingRow> & Pick<PendingRow, 'kind' | 'id'>): PendingRow {
  return {
    number: fields.kind === 'request' ? null : 5000 + fields.id,
    systemTypeId: 1,
    orderStatusId: fields.kind === 'hold' ? 4 : fields.kind === 'willCall' ? 3 : null,
    customerId: 12,
    customerNumber: 'C12',
    customerName: 'Ace Builders',
    jobId: 30,
    jobNumber: 'J-30',
    jobAddress: '100 Main St',
    shipDate: '2026-12-01',
    firstLoadTime: '2026-12-01T14:00:00.000Z',
    plantId: 4,
    plantName: 'North',
    reason: null,
    productDescription: '30 MPa mix',
    quantity: 30,
    deliveredQuantity: null,
    requestedBy: null,
    version: 1,
    modifiedBy: 'maria',
    modifiedAt: '2026-11-30T10:00:00.000Z',
    creditStatusId: 1,
    creditStatus: 'Good standing',
    creditHoldsOrders: false,
    ...fields,
  };
}

type State = {
  rows: PendingRow[];
  creditHolds: boolean;
  posted: { path: string; body: Record<string, unknown> }[];
  searches: string[];
};

function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    const action = /^\/api\/v1\/orders\/(\d+)\/(release|call-in|cancel)$/.exec(url.pathname);
    if (method === 'POST' && action) {
      const id = Number(action[1]);
      const body = JSON.parse(init?.body as string) as Record<string, unknown>;
      state.posted.push({ path: url.pathname, body });
      const target = state.rows.find((each) => each.id === id)!;
      if (action[2] === 'release' && state.creditHolds) {
        return json(
          {
            message: `Order ${target.number} cannot be released: the customer's credit status (Credit hold) still holds orders. Change the customer's credit status first.`,
            code: 'credit_hold',
          },
          409,
        );
      }
      state.rows = state.rows.filter((each) => each.id !== id);
      return json({ id, number: target.number, orderStatusId: 1, version: 2 });
    }
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/pending-orders': {
        const search = url.searchParams.get('search') ?? '';
        state.searches.push(search);
        const data = state.rows.filter((each) =>
          each.customerName.toLowerCase().includes(search.toLowerCase()),
        );
        const count = (kind: string) => data.filter((each) => each.kind === kind).length;
        return json({
          error: false,
          count: data.length,
          counts: { hold: count('hold'), willCall: count('willCall'), request: count('request') },
          data,
        });
      }
      case 'GET /api/v1/plants/board':
        return envelope([
          {
            id: 4,
            description: 'North',
            systemTypeId: 1,
            inactiveFlag: false,
            plantColorId: null,
            latitude: null,
            longitude: null,
            version: 1,
          },
        ]);
      default:
        return undefined;
    }
  };
}

const initialRows = () => [
  row({
    kind: 'hold',
    id: 1,
    customerName: 'Holdco',
    reason: heldReason,
    creditStatus: 'Credit hold',
    creditStatusId: 3,
    creditHoldsOrders: true,
  }),
  row({ kind: 'willCall', id: 2, firstLoadTime: null }),
  row({
    kind: 'request',
    id: 7,
    customerName: 'Riverside Homes',
    firstLoadTime: '07:15',
    requestedBy: 'site-lead',
    reason: 'Back gate',
  }),
];

describe('Pending orders', () => {
  const state: State = { rows: [], creditHolds: true, posted: [], searches: [] };
  appTestLifecycle(() => {
    Object.assign(state, { rows: initialRows(), creditHolds: true, posted: [], searches: [] });
    return fakeFetch(
      server(state),
      accessRoutes({
        forms: () => [
          { FormId: 15000, PermissionId: permissionLevels.FullWithPrices },
          { FormId: 51002, PermissionId: permissionLevels.FullWithPrices },
        ],
      }),
    );
  });
  beforeEach(() => logInAs('dispatcher'));

  const open = async (path = '/operations/pending-orders') => {
    const router = await renderAppAt(path);
    await screen.findByRole('heading', { name: 'Pending orders', level: 2 }, { timeout: 20_000 });
    await screen.findByRole('table', { name: 'Pending orders' });
    return router;
  };
  const grid = () => screen.getByRole('table', { name: 'Pending orders' });
  const rowOf = (text: string) =>
    within(grid())
      .getAllByRole('row')
      .find((each) => within(each).queryByText(text))!;

  it('R-PEND-8: lists every kind with its count, reason, credit status and links', async () => {
    const router = await open();
    await within(grid()).findByText('Holdco');
    expect(screen.getByRole('radio', { name: 'All 3' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'On hold 1' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Will call 1' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Online request 1' })).toBeInTheDocument();

    const held = rowOf('Holdco');
    expect(within(held).getByText(heldReason)).toBeInTheDocument();
    expect(within(held).getByText('Credit hold')).toBeInTheDocument();
    expect(within(held).getByRole('link', { name: 'Open order 5001' })).toHaveAttribute(
      'href',
      '/orders/concrete/1',
    );
    expect(within(held).getByRole('button', { name: 'Release order 5001' })).toBeEnabled();
    expect(within(held).queryByRole('button', { name: 'Call in order 5001' })).toBeNull();
    const request = rowOf('Riverside Homes');
    expect(within(request).getByText('Request 7')).toBeInTheDocument();
    expect(within(request).getByText('07:15')).toBeInTheDocument();
    expect(within(request).getByRole('link', { name: 'Answer' })).toHaveAttribute(
      'href',
      '/operations/online-order-req',
    );
    expect(
      within(rowOf('No time yet')).getByRole('button', { name: 'Call in order 5002' }),
    ).toBeEnabled();

    // The kind chips filter what is shown and land in the URL.
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Will call 1' }));
    await waitFor(() => expect(within(grid()).queryByText('Holdco')).toBeNull());
    expect(within(grid()).getAllByRole('row')).toHaveLength(2);
    expect(router.state.location.search).toBe('?kind=willCall');
  }, 60_000);

  it('R-PEND-8: searches as you type', async () => {
    const user = userEvent.setup();
    await open();
    await within(grid()).findByText('Holdco');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'river');
    await waitFor(() => expect(within(grid()).queryByText('Holdco')).toBeNull());
    expect(within(grid()).getByText('Riverside Homes')).toBeInTheDocument();
    expect(state.searches).toContain('river');
  }, 60_000);

  it('R-PEND-4, R-PEND-9: shows the refusal while credit holds, releases, and follows the hub', async () => {
    const user = userEvent.setup();
    await open();
    await within(grid()).findByText('Holdco');
    await user.click(screen.getByRole('button', { name: 'Release order 5001' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Order 5001 was not released');
    expect(refusal).toHaveTextContent(
      "the customer's credit status (Credit hold) still holds orders",
    );
    expect(state.posted).toEqual([{ path: '/api/v1/orders/1/release', body: { version: 1 } }]);

    state.creditHolds = false;
    await user.click(screen.getByRole('button', { name: 'Release order 5001' }));
    expect(await screen.findByText('Order 5001 released')).toBeInTheDocument();
    await waitFor(() => expect(within(grid()).queryByText('Holdco')).toBeNull());
    expect(screen.getByRole('radio', { name: 'On hold 0' })).toBeInTheDocument();

    // Another user's order goes on hold: the hub's event brings it in without a reload.
    state.rows.push(row({ kind: 'hold', id: 9, customerName: 'Late Co', reason: 'On hold' }));
    act(() =>
      emitHubEvent('orderUpdate_v1', {
        id: 9,
        number: 5009,
        orderStatusId: 4,
        plantId: 4,
        customerName: 'Late Co',
        dispatchNotes: null,
        orderFlagId: null,
        shipDate: '2026-12-01',
        schedules: [],
      }),
    );
    expect(await within(grid()).findByText('Late Co')).toBeInTheDocument();
    // And is released elsewhere: it leaves.
    state.rows = state.rows.filter((each) => each.id !== 9);
    act(() =>
      emitHubEvent('orderUpdate_v1', {
        id: 9,
        number: 5009,
        orderStatusId: 1,
        plantId: 4,
        customerName: 'Late Co',
        dispatchNotes: null,
        orderFlagId: null,
        shipDate: '2026-12-01',
        schedules: [],
      }),
    );
    await waitFor(() => expect(within(grid()).queryByText('Late Co')).toBeNull());
  }, 60_000);

  it('R-PEND-5: calls in a will-call order at a time typed in the dialog', async () => {
    const user = userEvent.setup();
    await open();
    await within(grid()).findByText('Holdco');
    await user.click(screen.getByRole('button', { name: 'Call in order 5002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call in order 5002' });
    const time = within(dialog).getByLabelText(/First load on the job/);
    await waitFor(() => expect(time).toHaveFocus());
    await user.clear(time);
    await user.type(time, '07:30{Enter}');
    expect(await screen.findByText('Order 5002 called in')).toBeInTheDocument();
    expect(state.posted).toEqual([
      {
        path: '/api/v1/orders/2/call-in',
        body: { version: 1, firstLoadTime: new Date('2026-12-01T07:30:00').toISOString() },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 60_000);

  it('R-PEND-6: cancels an order only with a reason', async () => {
    const user = userEvent.setup();
    await open();
    await within(grid()).findByText('Holdco');
    await user.click(screen.getByRole('button', { name: 'Cancel order 5002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order 5002' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText('A reason is required.')).toBeInTheDocument();
    expect(state.posted).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Job postponed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order 5002 cancelled')).toBeInTheDocument();
    expect(state.posted).toEqual([
      { path: '/api/v1/orders/2/cancel', body: { version: 1, reason: 'Job postponed' } },
    ]);
  }, 60_000);
});
