import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderRequestView } from '@dispatch/domain/orders/order-requests';
import { accessRoutes, envelope } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const request = (id: number, change: Partial<OrderRequestView>): OrderRequestView => ({
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
  notes: null,
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
  mine: OrderRequestView[];
  posted: Record<string, unknown>[];
  external: boolean;
  followed: string[];
};

function server(state: State): FetchRoute {
  return (url, init) => {
    switch (`${init?.method ?? 'GET'} ${url.pathname}`) {
      case 'GET /api/v1/order-requests/account':
        return json(
          state.external
            ? {
                external: true,
                customerId: 12,
                customerName: 'Ace Builders',
                jobs: [{ id: 30, number: 'J-30', address: '100 Main St' }],
              }
            : { external: false, customerId: null, customerName: null, jobs: [] },
        );
      case 'GET /api/v1/order-requests/mine':
        return envelope(state.mine);
      case 'GET /api/v1/customer-orders':
        return envelope([
          {
            id: 900,
            number: 5001,
            shipDate: '2026-12-01',
            statusId: 1,
            jobName: 'Riverside slab',
            product: '30 MPa mix',
            unit: 'm³',
            orderedQuantity: 40,
            deliveredQuantity: 16,
            firstLoadAt: '2026-12-01T13:30:00.000Z',
          },
        ]);
      case 'POST /api/v1/customer-orders/900/tracking-link':
        state.followed.push(url.pathname);
        return json({ url: '#pour-5001', expiresAt: '2026-12-03T06:00:00.000Z' }, 201);
      case 'GET /api/v1/order-requests/products':
        return envelope([{ id: 50, number: 'C30', description: '30 MPa mix' }]);
      case 'POST /api/v1/order-requests': {
        const body = JSON.parse(init?.body as string) as Record<string, unknown>;
        state.posted.push(body);
        if (body.quantity === 999) {
          return json(
            {
              message: 'requestedDate: cannot be in the past',
              data: [{ field: 'requestedDate', reason: 'cannot be in the past' }],
            },
            400,
          );
        }
        const created = request(20, { quantity: Number(body.quantity) });
        state.mine = [created, ...state.mine];
        return json(created, 201);
      }
      default:
        return undefined;
    }
  };
}

/** R-OREQ-12: the external user's own page, outside the staff shell. */
describe('External requests page', () => {
  const state: State = { mine: [], posted: [], external: true, followed: [] };
  appTestLifecycle(() => {
    Object.assign(state, {
      external: true,
      posted: [],
      followed: [],
      mine: [
        request(11, { status: 'rejected', rejectReason: 'No trucks that day', decidedBy: 'ana' }),
        request(10, { status: 'accepted', orderId: 900, orderNumber: 5001, decidedBy: 'ana' }),
      ],
    });
    return fakeFetch(server(state), accessRoutes({ groups: [], forms: () => [] }));
  });
  beforeEach(() => logInAs('site.boss'));

  async function open(path: string) {
    const router = await renderAppAt(path);
    return router;
  }

  it('sends an external user from staff routes to their page, with the outcome of each request', async () => {
    const router = await open('/home');
    await screen.findByRole('heading', { name: 'My order requests' }, { timeout: 20_000 });
    expect(router.state.location.pathname).toBe('/requests');
    expect(screen.getByText('Ordering for Ace Builders')).toBeInTheDocument();
    const rejected = await screen.findByRole('article', { name: 'Request 11' });
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('Reason: No trucks that day')).toBeInTheDocument();
    const accepted = screen.getByRole('article', { name: 'Request 10' });
    expect(within(accepted).getByText('Order 5001')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("R-TRACK-16: lists the customer's orders and follows one's pour through a link of its own", async () => {
    const user = userEvent.setup();
    await open('/requests');
    const order = await screen.findByRole('article', { name: 'Order 5001' }, { timeout: 20_000 });
    expect(within(order).getByText('Riverside slab')).toBeInTheDocument();
    expect(within(order).getByText(/16 of 40 m³ delivered/)).toBeInTheDocument();
    await user.click(within(order).getByRole('button', { name: 'Follow the pour of order 5001' }));
    await waitFor(() =>
      expect(state.followed).toEqual(['/api/v1/customer-orders/900/tracking-link']),
    );
    await waitFor(() => expect(window.location.hash).toBe('#pour-5001'));
  });

  it('requests an order, showing the server’s field problems on the fields', async () => {
    const user = userEvent.setup();
    await open('/requests');
    await screen.findByRole('heading', { name: 'Request an order' }, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(state.posted).toEqual([]);
    expect(screen.getAllByText('Required').length).toBeGreaterThan(0);

    await user.type(screen.getByRole('combobox', { name: /Product/ }), 'C30');
    await user.click(await screen.findByRole('option', { name: 'C30 · 30 MPa mix', hidden: true }));
    const quantity = screen.getByRole('textbox', { name: /Quantity/ });
    await user.type(quantity, '999');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('cannot be in the past')).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.type(screen.getByRole('textbox', { name: /Notes/ }), 'Pump on site');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(state.posted).toHaveLength(2));
    expect(state.posted[1]).toMatchObject({
      jobId: 30,
      systemTypeId: 1,
      productId: 50,
      quantity: 12,
      requestedTime: '07:00',
      notes: 'Pump on site',
    });
    expect(await screen.findByRole('article', { name: 'Request 20' })).toBeInTheDocument();
  }, 30_000);

  it('R-VALID-14: flags a requested date before today as it is left, and sends nothing', async () => {
    const user = userEvent.setup();
    await open('/requests');
    await screen.findByRole('heading', { name: 'Request an order' }, { timeout: 20_000 });
    await user.type(screen.getByRole('combobox', { name: /Product/ }), 'C30');
    await user.click(await screen.findByRole('option', { name: 'C30 · 30 MPa mix', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: /Quantity/ }), '12');
    const date = screen.getByLabelText(/^Date/);
    await user.clear(date);
    await user.type(date, '2020-01-31');
    await user.tab();
    expect(await screen.findByText('The date cannot be in the past.')).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(state.posted).toEqual([]);

    // Today is fine.
    const today = new Date();
    const day = [
      today.getFullYear(),
      String(today.getMonth() + 1).padStart(2, '0'),
      String(today.getDate()).padStart(2, '0'),
    ].join('-');
    await user.clear(date);
    await user.type(date, day);
    await user.tab();
    await waitFor(() =>
      expect(screen.queryByText('The date cannot be in the past.')).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(state.posted).toHaveLength(1));
    expect(state.posted[0]).toMatchObject({ requestedDate: day, quantity: 12 });
  }, 30_000);

  it('sends staff away from the external page', async () => {
    state.external = false;
    const router = await open('/requests');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 20_000 });
  });
});
