import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderLiveViewSchema } from '@dispatch/domain/orders/order';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { emitHubEvent, emitHubReconnected } from '../../realtime/hub-events';
import { initI18n } from '../../lib/i18n/i18n';
import { demoMap } from '../../components/truck-map/truck-map-fixtures';
import { DashboardPage } from './dashboard-page';
import {
  group,
  order,
  plant,
  stubApi,
  ticket,
  truck,
  type FakeApiState,
} from './dashboard-fixtures';

// Two cores shared with other test runs: give the live updates time to land.
configure({ asyncUtilTimeout: 5000 });

const today = formatDate(new Date(), 'YYYY-MM-DD');
const at = (hours: number, minutes: number) => {
  const date = new Date();
  date.setHours(hours, minutes, 0, 0);
  return date.toISOString();
};

function initialState(): FakeApiState {
  return {
    // Concrete and aggregate; not block.
    groups: [group(1001), group(1002), group(7)],
    plants: [
      plant(1, 'North Yard', 1),
      plant(2, 'Riverside Batch Plant', 1),
      plant(3, 'Big Rock Quarry', 2),
      plant(4, 'Eastside Block', 3),
    ],
    orders: [
      order({
        id: 1,
        plantId: 1,
        systemTypeId: 1,
        orderStatusId: orderStatusIds.toBeShipped,
        ordered: 40,
        delivered: 0,
        shipDate: today,
      }),
      order({
        id: 2,
        plantId: 1,
        systemTypeId: 1,
        orderStatusId: orderStatusIds.shipping,
        ordered: 60,
        delivered: 30,
        shipDate: today,
      }),
      order({
        id: 3,
        plantId: 2,
        systemTypeId: 1,
        orderStatusId: orderStatusIds.complete,
        ordered: 20,
        delivered: 20,
        shipDate: today,
      }),
      order({
        id: 4,
        plantId: 3,
        systemTypeId: 2,
        orderStatusId: orderStatusIds.shipping,
        ordered: 300,
        delivered: 120,
        shipDate: today,
      }),
      order({
        id: 5,
        plantId: 2,
        systemTypeId: 1,
        orderStatusId: orderStatusIds.deleted,
        ordered: 99,
        delivered: 0,
        shipDate: today,
      }),
    ],
    trucks: [
      truck(1, '101', 1, truckStatusIds.inYard, 2),
      truck(2, '102', 1, truckStatusIds.toJob),
      truck(3, '103', 1, truckStatusIds.inYard, 1),
      truck(4, '201', 2, truckStatusIds.onJob),
      truck(5, '301', 3, truckStatusIds.loading),
      truck(6, '401', 4, truckStatusIds.inYard, 1),
    ],
    tickets: [
      ticket({
        id: 11,
        number: 481201,
        orderId: 2,
        plantId: 1,
        truckNumber: '102',
        ticketDateTime: at(8, 15),
        quantity: 10,
        customerName: 'Acme Builders',
      }),
      ticket({
        id: 10,
        number: 481200,
        orderId: 3,
        plantId: 2,
        truckNumber: '201',
        ticketDateTime: at(7, 40),
        quantity: 9.5,
        customerName: 'Hilltop Homes',
      }),
    ],
    ticketCount: 7,
    deliveredCount: 5,
    failOnce: new Map(),
    refuse: new Map(),
  };
}

let state: FakeApiState;
let api: ReturnType<typeof stubApi>;

beforeEach(() => {
  state = initialState();
  api = stubApi(state);
});

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await initI18n('en');
});

function renderDashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <DashboardPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const region = (name: string) => screen.getByRole('region', { name });
const counter = (name: string) => screen.getByRole('listitem', { name });

/** A status list's counts by status name, e.g. { Shipping: 2 }. */
function statusCounts(list: HTMLElement): Record<string, number> {
  return Object.fromEntries(
    within(list)
      .getAllByRole('listitem')
      .map((item) => {
        const [, name = '', count = ''] = /^(\D+)(\d+)$/.exec(item.textContent) ?? [];
        return [name, Number(count)];
      }),
  );
}

/** The trucks listed beside a status in a plant's strip. */
function trucksIn(plantName: string, statusName: string, card = 'Trucks by status'): string[] {
  const list = within(region(card)).getByRole('list', {
    name:
      card === 'Trucks by status'
        ? `${plantName} trucks by status`
        : `Camiones de ${plantName} por estado`,
  });
  const item = within(list)
    .getAllByRole('listitem')
    .find((candidate) => within(candidate).queryByText(statusName));
  if (!item) return [];
  return within(item)
    .getAllByTitle(/^(Truck|Camión) /)
    .map((chip) => chip.textContent);
}

async function renderLoaded() {
  renderDashboard();
  await within(region('Latest tickets')).findByText('481201');
  await within(region('Trucks by status')).findByText('North Yard');
  await within(region('Orders by status')).findByRole('list', {
    name: 'Concrete orders by status',
  });
}

function orderUpdate(id: number, change: Record<string, unknown>) {
  return orderLiveViewSchema.parse({
    id,
    number: 1000 + id,
    plantId: 1,
    customerName: `Customer ${id}`,
    shipDate: today,
    ...change,
  });
}

function primarySchedule(orderId: number, quantity: number, deliveredQuantity: number) {
  return {
    schedule: { id: orderId * 10, orderId },
    primaryProduct: { quantity, deliveredQuantity, unitOfMeasure: 1 },
  };
}

describe('DashboardPage', () => {
  it('speaks Spanish in Spanish: titles, counters, statuses, system types and the date', async () => {
    await initI18n('es');
    renderDashboard();
    await within(region('Últimas boletas')).findByText('481201');
    expect(screen.getByRole('heading', { level: 1, name: 'Tablero' })).toBeInTheDocument();
    const orders = region('Pedidos por estado');
    const concrete = await within(orders).findByRole('list', {
      name: 'Pedidos de Concreto por estado',
    });
    expect(statusCounts(concrete)).toEqual({ Enviando: 1, 'Por enviar': 1, Completo: 1 });
    expect(trucksIn('North Yard', 'En patio', 'Camiones por estado')).toEqual(['103', '101']);
    expect(counter('Camiones fuera')).toHaveTextContent('de 5 camiones activos');
    expect(counter('Concreto: entregado')).toHaveTextContent('de 120 yd³ pedido');
    const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
    const longDate = new Date(year, month - 1, day).toLocaleDateString('es', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect(screen.getByText(longDate)).toBeInTheDocument();
  });

  it("shows today's orders, quantities, trucks and tickets for the user's system types", async () => {
    await renderLoaded();

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const orders = region('Orders by status');
    expect(
      statusCounts(within(orders).getByRole('list', { name: 'Concrete orders by status' })),
    ).toEqual({
      Shipping: 1,
      'To be shipped': 1,
      Complete: 1,
    });
    expect(
      statusCounts(within(orders).getByRole('list', { name: 'Aggregate orders by status' })),
    ).toEqual({
      Shipping: 1,
    });
    expect(within(orders).queryByText('Block')).not.toBeInTheDocument();

    const delivered = region('Ordered vs delivered');
    expect(
      within(delivered).getByRole('progressbar', { name: 'North Yard delivered' }),
    ).toHaveAttribute('aria-valuetext', '30 of 100 yd³');
    expect(
      within(delivered).getByRole('progressbar', { name: 'Riverside Batch Plant delivered' }),
    ).toHaveAttribute('aria-valuetext', '20 of 20 yd³');
    expect(
      within(delivered).getByRole('progressbar', { name: 'Big Rock Quarry delivered' }),
    ).toHaveAttribute('aria-valuenow', '40');

    expect(trucksIn('North Yard', 'In yard')).toEqual(['103', '101']);
    expect(trucksIn('North Yard', 'To job')).toEqual(['102']);
    expect(
      within(region('Trucks by status')).queryByText('Eastside Block'),
    ).not.toBeInTheDocument();

    const rows = within(within(region('Latest tickets')).getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('481201');
    expect(within(rows[1]!).getByText('Acme Builders')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Order 1002')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('10 yd³');
    expect(rows[2]).toHaveTextContent('481200');

    expect(within(counter('Orders today')).getByText('4')).toBeInTheDocument();
    expect(within(counter('Trucks out')).getByText('2')).toBeInTheDocument();
    expect(counter('Trucks out')).toHaveTextContent('of 5 active trucks');
    // R-DELIV-2: the tickets that count as delivered, of the day's tickets written.
    expect(within(counter('Loads delivered')).getByText('5')).toBeInTheDocument();
    expect(counter('Loads delivered')).toHaveTextContent('of 7 tickets written today');
    expect(
      api.urls
        .find((url) => url.searchParams.get('statusId') !== null)
        ?.searchParams.get('statusId'),
    ).toBe('2,3');
    expect(counter('Concrete delivered')).toHaveTextContent('50 yd³');
    expect(counter('Concrete delivered')).toHaveTextContent('of 120 yd³ ordered');
    expect(counter('Aggregate delivered')).toHaveTextContent('120 tn');
    expect(counter('Aggregate delivered')).toHaveTextContent('of 300 tn ordered');

    const orderRequest = api.urls.find((url) => url.pathname === '/api/v1/orders');
    expect(orderRequest?.searchParams.get('view')).toBe('board');
    expect(orderRequest?.searchParams.get('shipDate')).toBe(today);
    expect(
      api.urls.find((url) => url.pathname === '/api/v1/tickets')?.searchParams.get('date'),
    ).toBe(today);
  });

  it('moves a truck on truckUpdate_v1 without refetching', async () => {
    await renderLoaded();
    const fetched = api.requestsTo('/api/v1/trucks/board');

    act(() =>
      emitHubEvent('truckUpdate_v1', {
        id: 1,
        plantId: 1,
        truckFlagId: null,
        truckFlag: '',
        statusId: truckStatusIds.toJob,
        identificationNumber: '101',
        minutes: 0,
        inYardSequenceNum: null,
        statusDescription: 'To job',
        statusLocation: '',
        statusDateTime: new Date().toISOString(),
        version: 2,
      }),
    );

    await waitFor(() => expect(trucksIn('North Yard', 'To job')).toEqual(['101', '102']));
    expect(trucksIn('North Yard', 'In yard')).toEqual(['103']);
    expect(within(counter('Trucks out')).getByText('3')).toBeInTheDocument();
    expect(api.requestsTo('/api/v1/trucks/board')).toBe(fetched);
  });

  it('recounts statuses and quantities on orderUpdate_v1 without refetching', async () => {
    await renderLoaded();
    const fetched = api.requestsTo('/api/v1/orders');

    act(() =>
      emitHubEvent(
        'orderUpdate_v1',
        orderUpdate(1, {
          orderStatusId: orderStatusIds.shipping,
          schedules: [primarySchedule(1, 40, 10)],
        }),
      ),
    );

    const concrete = within(region('Orders by status')).getByRole('list', {
      name: 'Concrete orders by status',
    });
    await waitFor(() => expect(statusCounts(concrete)).toEqual({ Shipping: 2, Complete: 1 }));
    expect(
      within(region('Ordered vs delivered')).getByRole('progressbar', {
        name: 'North Yard delivered',
      }),
    ).toHaveAttribute('aria-valuetext', '40 of 100 yd³');
    expect(counter('Concrete delivered')).toHaveTextContent('60 yd³');
    expect(api.requestsTo('/api/v1/orders')).toBe(fetched);
  });

  it('removes a deleted order and refetches for an order new to the day', async () => {
    await renderLoaded();
    act(() => emitHubEvent('orderDelete_v1', { id: 3 }));
    const concrete = within(region('Orders by status')).getByRole('list', {
      name: 'Concrete orders by status',
    });
    await waitFor(() =>
      expect(statusCounts(concrete)).toEqual({ Shipping: 1, 'To be shipped': 1 }),
    );

    state.orders.push(
      order({
        id: 6,
        plantId: 2,
        systemTypeId: 1,
        orderStatusId: orderStatusIds.onHold,
        ordered: 8,
        delivered: 0,
        shipDate: today,
      }),
    );
    act(() =>
      emitHubEvent(
        'orderUpdate_v1',
        orderUpdate(6, { orderStatusId: orderStatusIds.onHold, plantId: 2 }),
      ),
    );
    // The refetch answers the server's whole day, where order 3 still exists.
    await waitFor(() =>
      expect(statusCounts(concrete)).toEqual({
        Shipping: 1,
        'To be shipped': 1,
        'On hold': 1,
        Complete: 1,
      }),
    );
  });

  it('refetches the trucks for an { ids } payload', async () => {
    await renderLoaded();
    const fetched = api.requestsTo('/api/v1/trucks/board');
    state.trucks[2] = truck(3, '103', 1, truckStatusIds.washing);

    act(() => emitHubEvent('truckUpdate_v1', { ids: [3] }));

    await waitFor(() => expect(trucksIn('North Yard', 'Washing')).toEqual(['103']));
    expect(api.requestsTo('/api/v1/trucks/board')).toBe(fetched + 1);
  });

  it('refetches the tickets and the order for a ticket it has not seen', async () => {
    await renderLoaded();
    const ordersFetched = api.requestsTo('/api/v1/orders');
    state.tickets.unshift(
      ticket({
        id: 12,
        number: 481202,
        orderId: 2,
        plantId: 1,
        truckNumber: '103',
        ticketDateTime: at(8, 30),
        quantity: 10,
        customerName: 'Acme Builders',
      }),
    );
    state.ticketCount = 8;
    state.deliveredCount = 6;
    state.orders[1] = { ...state.orders[1]!, quantityDelivered: 40 };

    act(() => emitHubEvent('ticketUpdate_v1', { id: 12, statusId: 1, orderId: 2, plantId: 1 }));

    await within(region('Latest tickets')).findByText('481202');
    await waitFor(() =>
      expect(within(counter('Loads delivered')).getByText('6')).toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(
        within(region('Ordered vs delivered')).getByRole('progressbar', {
          name: 'North Yard delivered',
        }),
      ).toHaveAttribute('aria-valuetext', '40 of 100 yd³'),
    );
    expect(api.requestsTo('/api/v1/orders')).toBe(ordersFetched + 1);
  });

  it('refetches everything it shows after the hub reconnects', async () => {
    await renderLoaded();
    const before = [
      '/api/v1/orders',
      '/api/v1/trucks/board',
      '/api/v1/tickets',
      '/api/v1/plants/board',
    ].map((path) => api.requestsTo(path));
    state.plants[0] = plant(1, 'North Yard East', 1);
    state.trucks[1] = truck(2, '102', 1, truckStatusIds.toPlant);
    state.ticketCount = 9;
    state.deliveredCount = 7;
    state.orders[0] = { ...state.orders[0]!, orderStatusId: orderStatusIds.onHold };

    act(() => emitHubReconnected());

    await waitFor(() => expect(trucksIn('North Yard East', 'To plant')).toEqual(['102']));
    await waitFor(() =>
      expect(within(counter('Loads delivered')).getByText('7')).toBeInTheDocument(),
    );
    const concrete = within(region('Orders by status')).getByRole('list', {
      name: 'Concrete orders by status',
    });
    await waitFor(() =>
      expect(statusCounts(concrete)).toEqual({ Shipping: 1, 'On hold': 1, Complete: 1 }),
    );
    const after = [
      '/api/v1/orders',
      '/api/v1/trucks/board',
      '/api/v1/tickets',
      '/api/v1/plants/board',
    ].map((path) => api.requestsTo(path));
    // The tickets twice: the latest, and the count of those delivered.
    expect(after).toEqual(before.map((count, at) => count + (at === 2 ? 2 : 1)));
  });

  it('R-MAP-1: maps the plants, jobs and trucks, moving a truck live', async () => {
    state.truckMap = demoMap();
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Truck map' });
    expect(
      await within(card).findByRole('region', { name: 'Map of plants, jobs and trucks' }),
    ).toBeInTheDocument();
    const trucks = await within(card).findByRole('list', { name: 'Trucks on the map' });
    expect(within(trucks).getByRole('button', { name: 'T12, In yard' })).toBeInTheDocument();
    act(() =>
      emitHubEvent('truckPositionUpdate_v1', {
        truckId: 12,
        plantId: 1,
        latitude: 40.13,
        longitude: -82.94,
        recordedAt: '2026-03-10T14:05:00.000Z',
        statusId: truckStatusIds.toPlant,
        speedKph: 30,
        headingDeg: 0,
      }),
    );
    expect(
      await within(trucks).findByRole('button', { name: 'T12, To plant' }),
    ).toBeInTheDocument();
    expect(api.requestsTo('/api/v1/trucks/map')).toBe(1);
  });

  it('says so when nothing ships today and no ticket is written', async () => {
    state.orders = [];
    state.tickets = [];
    state.ticketCount = 0;
    state.deliveredCount = 0;
    renderDashboard();

    expect(
      await within(region('Orders by status')).findByText('No orders shipping today'),
    ).toBeInTheDocument();
    expect(
      within(region('Ordered vs delivered')).getByText('No orders shipping today'),
    ).toBeInTheDocument();
    expect(
      await within(region('Latest tickets')).findByText('No tickets written today'),
    ).toBeInTheDocument();
    expect(within(counter('Orders today')).getByText('0')).toBeInTheDocument();
  });

  it('shows a failed card with Retry, and loads it again on Retry', async () => {
    state.failOnce.set('/api/v1/orders', 503);
    renderDashboard();
    const orders = region('Orders by status');

    expect(
      await within(orders).findByText('The server answered 503 for a test.'),
    ).toBeInTheDocument();
    await userEvent.click(within(orders).getByRole('button', { name: 'Retry' }));

    expect(
      await within(orders).findByRole('list', { name: 'Concrete orders by status' }),
    ).toBeInTheDocument();
    expect(
      within(region('Ordered vs delivered')).queryByRole('button', { name: 'Retry' }),
    ).not.toBeInTheDocument();
  });

  it('explains a refused card without offering a Retry that would be refused again', async () => {
    state.refuse.set('/api/v1/trucks/board', 403);
    state.refuse.set('/api/v1/plants/board', 403);
    renderDashboard();
    const trucks = region('Trucks by status');

    expect(
      await within(trucks).findByText('You do not have permission to see this.'),
    ).toBeInTheDocument();
    expect(within(trucks).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    // Without plant names, plants are still told apart.
    expect(
      await within(region('Ordered vs delivered')).findByRole('progressbar', {
        name: 'Plant 1 delivered',
      }),
    ).toBeInTheDocument();
  });
  it('still shows the orders when the user groups cannot be read', async () => {
    state.refuse.set('/api/v1/user/groups', 500);
    renderDashboard();

    const orders = region('Orders by status');
    expect(
      await within(orders).findByRole('list', { name: 'Aggregate orders by status' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Concrete delivered' })).toHaveTextContent(
      '50 yd³',
    );
  });

  it('tells a user without a system type why no orders are shown', async () => {
    state.groups = [group(7)];
    state.orders = [];
    renderDashboard();

    expect(
      await within(region('Orders by status')).findByText('Your user has no system type'),
    ).toBeInTheDocument();
  });
});
