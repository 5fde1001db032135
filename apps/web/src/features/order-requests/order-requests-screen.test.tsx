import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderRequestView } from '@dispatch/domain/orders/order-requests';
import { permissionLevels } from '@dispatch/domain/permissions';
import { emitHubEvent } from '../../realtime/hub-events';
import { accessRoutes, envelope, option, type PickOption } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const request = (id: number, change: Partial<OrderRequestView> = {}): OrderRequestView => ({
  id,
  kind: 'order',
  status: 'pending',
  customerId: 12,
  customerNumber: 'C100',
  customerName: 'Ace Builders',
  jobId: 30,
  jobNumber: 'J-30',
  jobAddress: '100 Main St',
  systemTypeId: 1,
  productId: 50,
  productNumber: 'C30',
  productDescription: '30 MPa mix',
  quantity: 40,
  requestedDate: '2026-12-01',
  requestedTime: '07:30:00',
  notes: 'Pump on site',
  callbackPhone: null,
  reply: null,
  requestedBy: 'site.boss',
  createdAt: '2026-11-24T09:00:00.000Z',
  rejectReason: null,
  orderId: null,
  orderNumber: null,
  decidedBy: null,
  decidedAt: null,
  version: 1,
  ...change,
});

type State = {
  rows: OrderRequestView[];
  rejected: unknown[];
  accepted: unknown[];
  orders: Record<string, unknown>[];
  level: number;
};

function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    const body = () => JSON.parse(init?.body as string) as Record<string, unknown>;
    const picked = /^\/api\/v1\/([a-z-]+)\/options$/.exec(url.pathname);
    if (picked) {
      const all: Record<string, PickOption[]> = {
        customers: [option(12, 'C100', 'Ace Builders')],
        jobs: [option(30, 'J-30', '100 Main St')],
        'concrete-products': [option(50, 'C30', '30 MPa mix')],
        plants: [option(4, '', 'North')],
        'short-load-types': [option(2, '', 'Under 4 yd')],
        'free-short-loads': [option(1, '', 'None')],
        'standby-charge-types': [option(1, '', 'Standard')],
        'print-material-types': [option(1, '', 'Ticket only')],
      };
      return envelope(all[picked[1]!] ?? []);
    }
    const decided = /^\/api\/v1\/order-requests\/(\d+)\/(reject|accept)$/.exec(url.pathname);
    if (decided && method === 'POST') {
      const id = Number(decided[1]);
      const row = state.rows.find((each) => each.id === id)!;
      const sent = body();
      if (decided[2] === 'reject') state.rejected.push(sent);
      else state.accepted.push(sent);
      const next: OrderRequestView =
        decided[2] === 'reject'
          ? { ...row, status: 'rejected', rejectReason: String(sent.reason), version: 2 }
          : { ...row, status: 'accepted', orderId: 900, orderNumber: 5001, version: 2 };
      state.rows = state.rows.map((each) => (each.id === id ? next : each));
      return json(next);
    }
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/order-requests':
        return envelope(state.rows);
      case 'GET /api/v1/order-requests/7':
        return json(state.rows.find((each) => each.id === 7));
      case 'GET /api/v1/customers/12':
        return json({
          id: 12,
          name: 'Ace Builders',
          creditStatusId: 1,
          labels: {},
          // The customer's concrete defaults (R-PRICE-3) fill the short-load and charge fields.
          concrete: [
            {
              shortLoadTypeId: 2,
              freeShortLoadId: 1,
              standbyChargeTypeId: 1,
              printMaterialTypeId: 1,
            },
          ],
        });
      case 'GET /api/v1/jobs/30':
        return json({ id: 30, plantId: 4, customerPoNumber: 'PO-9' });
      case 'GET /api/v1/plants/4':
        return json({ id: 4, batchTime: 5, inYardWashTime: 5 });
      case 'GET /api/v1/orders/price':
        return json({
          price: 120,
          source: 'product',
          taxable: true,
          unitOfMeasureId: 1,
          taxRate: 8,
        });
      case 'POST /api/v1/orders': {
        const sent = body();
        state.orders.push(sent);
        return json(
          {
            ...sent,
            id: 900,
            number: 5001,
            customerName: 'Ace Builders',
            version: 1,
            modifiedAt: '2026-11-24T10:00:00.000Z',
            loads: [],
            ticketIds: [],
            schedules: [],
          },
          201,
        );
      }
      default:
        return undefined;
    }
  };
}

/** R-OREQ-9..11: the dispatchers' Online Order Requests screen. */
describe('Online order requests', () => {
  const state: State = { rows: [], rejected: [], accepted: [], orders: [], level: 5 };
  appTestLifecycle(() => {
    Object.assign(state, {
      rows: [
        request(7),
        request(8, { status: 'accepted', orderId: 901, orderNumber: 5002, decidedBy: 'ana' }),
        request(9, { customerName: 'Bay Paving', requestedDate: '2026-12-02' }),
      ],
      rejected: [],
      accepted: [],
      orders: [],
      level: permissionLevels.FullWithPrices,
    });
    return fakeFetch(
      server(state),
      accessRoutes({
        forms: () => [
          { FormId: 51003, PermissionId: state.level },
          { FormId: 15000, PermissionId: permissionLevels.FullWithPrices },
        ],
      }),
    );
  });
  beforeEach(() => logInAs('dispatcher'));

  async function open(path = '/operations/online-order-req') {
    const router = await renderAppAt(path);
    await screen.findByRole('heading', { name: 'Online order requests' }, { timeout: 20_000 });
    return router;
  }

  it('lists pending requests first with a count per status, and follows live updates', async () => {
    const user = userEvent.setup();
    await open();
    const table = await screen.findByRole('table', { name: 'Order requests' });
    await within(table).findByText('Bay Paving');
    expect(screen.getByRole('radio', { name: 'Pending (2)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Accepted (1)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All (3)' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('radio', { name: 'Accepted (1)' }));
    expect(await within(table).findByRole('link', { name: 'Order 5002' })).toHaveAttribute(
      'href',
      '/orders/concrete/901',
    );
    await user.click(screen.getByRole('radio', { name: 'Pending (2)' }));

    state.rows = [...state.rows, request(10, { customerName: 'Cove Homes' })];
    act(() => emitHubEvent('orderRequestUpdate_v1', state.rows.at(-1)));
    expect(await within(table).findByText('Cove Homes')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pending (3)' })).toBeChecked();
  });

  it('rejects with a required reason', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: 'Reject request 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject request 7' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(within(dialog).getByText('Give a reason for the customer.')).toBeInTheDocument();
    expect(state.rejected).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'No trucks');
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    await waitFor(() => expect(state.rejected).toEqual([{ version: 1, reason: 'No trucks' }]));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Reject request 7' })).not.toBeInTheDocument(),
    );
  });

  it('accepts into a pre-filled order entry whose first save links the order', async () => {
    const user = userEvent.setup();
    const router = await open();
    await user.click(
      await screen.findByRole('button', { name: 'Accept request 7 into a new order' }),
    );
    await screen.findByRole(
      'heading',
      { name: 'New concrete order', level: 2 },
      { timeout: 20_000 },
    );
    expect(router.state.location.search).toBe('?fromRequest=7');
    expect(await screen.findByText('From online request 7')).toBeInTheDocument();
    const header = screen.getByRole('region', { name: 'Order' });
    await waitFor(() =>
      expect(within(header).getByRole('combobox', { name: 'Customer' })).toHaveValue(
        'C100 · Ace Builders',
      ),
    );
    expect(within(header).getByLabelText(/Ship date/)).toHaveValue('2026-12-01');
    const first = screen.getByRole('region', { name: 'Schedule 1' });
    expect(within(first).getByLabelText(/First load on job/)).toHaveValue('07:30');
    await waitFor(() =>
      expect(within(header).getByRole('combobox', { name: 'Plant' })).toHaveValue('North'),
    );
    // What the request does not say, the dispatcher adds: the schedule's pace and times.
    for (const [label, value] of [
      [/Quantity per hour/, '40'],
      [/Trucks/, '3'],
      [/Load interval/, '15'],
      [/Travel to job/, '20'],
      [/Travel back/, '20'],
      [/Wait on job/, '10'],
      [/Wash on job/, '10'],
    ] as const) {
      await user.type(within(first).getByLabelText(label), value);
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.accepted).toEqual([{ version: 1, orderId: 900 }]));
    const sent = state.orders[0] as { customerId: number; jobId: number; shipDate: string };
    expect(sent).toMatchObject({ customerId: 12, jobId: 30, shipDate: '2026-12-01' });
    expect(JSON.stringify(sent)).toContain('"productId":50');
    expect(JSON.stringify(sent)).toContain('"quantity":40');
    expect(await screen.findByText('Request 7 accepted')).toBeInTheDocument();
  }, 45_000);

  it("R-TRACK-9: answers a site's request from its pour page with a word, no order to enter", async () => {
    const user = userEvent.setup();
    state.rows = [
      request(11, {
        kind: 'callMe',
        requestedBy: null,
        callbackPhone: '+1 217 555 0142',
        notes: 'Pump is down',
        orderId: 950,
        orderNumber: 5010,
        productId: null,
        productNumber: null,
        productDescription: null,
        quantity: null,
      }),
    ];
    const router = await open();
    const table = await screen.findByRole('table', { name: 'Order requests' });
    expect(await within(table).findByText('Call the site')).toBeInTheDocument();
    expect(within(table).getByText('Site (pour page)')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Call +1 217 555 0142' })).toHaveAttribute(
      'href',
      'tel:+1 217 555 0142',
    );
    expect(within(table).getByRole('link', { name: 'Order 5010' })).toHaveAttribute(
      'href',
      '/orders/concrete/950',
    );
    await user.click(screen.getByRole('button', { name: 'Accept request 11 and answer the site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept request 11' });
    expect(within(dialog).getByText('The site asked: Call the site (order 5010).')).toBeVisible();
    await user.type(
      within(dialog).getByRole('textbox', { name: /Word to the site/ }),
      'Calling now',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Accept request' }));
    await waitFor(() => expect(state.accepted).toEqual([{ version: 1, reply: 'Calling now' }]));
    // It stays on the screen: the order was there all along.
    expect(router.state.location.pathname).toBe('/operations/online-order-req');
  });

  it('offers no decisions to a read-only level', async () => {
    state.level = permissionLevels.ReadOnlyWithPrices;
    await open();
    await screen.findByText('Bay Paving');
    expect(screen.queryByRole('button', { name: /Reject request/ })).not.toBeInTheDocument();
  });
});
