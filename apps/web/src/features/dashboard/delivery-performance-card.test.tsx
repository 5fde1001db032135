/**
 * R-KPI-1..6 on the dashboard: the Delivery performance card against the fake API at the network
 * edge (as the dashboard's own tests run), so the real query code and the domain's schema read
 * the answer.
 */
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@dispatch/domain/dates/date-format';
import type { DeliveryKpis } from '@dispatch/domain/delivery-kpis/delivery-kpis-schema';
import { initI18n } from '../../lib/i18n/i18n';
import { emitHubReconnected } from '../../realtime/hub-events';
import { DashboardPage } from './dashboard-page';
import { group, noDeliveryFigures, plant, stubApi, type FakeApiState } from './dashboard-fixtures';

configure({ asyncUtilTimeout: 5000 });

const today = formatDate(new Date(), 'YYYY-MM-DD');

/** The domain's worked example (R-KPI-6), North Yard and Riverside, and a plant with nothing. */
const workedExample: DeliveryKpis = {
  onTimePercent: 66.7,
  stageMinutes: {
    loading: 10.7,
    toJob: 37.7,
    waitOnJob: 13.5,
    unloading: 20,
    washing: 10,
    toPlant: 35,
  },
  truckUtilisationPercent: 93.8,
  quantityPerTruckHour: 4.4,
  byPlant: [
    {
      plantId: 1,
      onTimePercent: 100,
      stageMinutes: {
        loading: 10,
        toJob: 28,
        waitOnJob: 7,
        unloading: 20,
        washing: 10,
        toPlant: 25,
      },
      truckUtilisationPercent: 100,
      quantityPerTruckHour: 5.71,
    },
    {
      plantId: 2,
      onTimePercent: 50,
      stageMinutes: {
        loading: 11,
        toJob: 42.5,
        waitOnJob: 20,
        unloading: 20,
        washing: 10,
        toPlant: 40,
      },
      truckUtilisationPercent: 91.5,
      quantityPerTruckHour: 3.89,
    },
    { plantId: 3, ...noDeliveryFigures },
  ],
};

let state: FakeApiState;
let api: ReturnType<typeof stubApi>;

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  state = {
    groups: [group(1001), group(1002)],
    plants: [
      plant(1, 'North Yard', 1),
      plant(2, 'Riverside Batch Plant', 1),
      plant(3, 'Big Rock Quarry', 2),
    ],
    orders: [],
    trucks: [],
    tickets: [],
    ticketCount: 0,
    deliveredCount: 0,
    failOnce: new Map(),
    refuse: new Map(),
    deliveryKpis: () => workedExample,
  };
  api = stubApi(state);
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

const card = (name = 'Delivery performance') => screen.getByRole('region', { name });
const tile = (name: string) => within(card()).getByRole('listitem', { name });
const kpiRequests = () => api.urls.filter((url) => url.pathname === '/api/v1/kpis/delivery');

/** The per-plant table's rows as their cells' text, header first. */
function plantRows(name = 'By plant', region = card()): string[][] {
  return within(within(region).getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe('Delivery performance on the dashboard', () => {
  it("shows today's figures: the whole, minutes per stage and each plant", async () => {
    renderDashboard();
    await within(card()).findByRole('table', { name: 'By plant' });
    expect(kpiRequests()[0]?.searchParams.get('from')).toBe(today);
    expect(kpiRequests()[0]?.searchParams.get('to')).toBe(today);
    expect(within(card()).getByText('Today', { selector: 'p' })).toBeInTheDocument();

    expect(tile('On-time first loads')).toHaveTextContent('66.7%');
    expect(tile('Truck utilisation')).toHaveTextContent('93.8%');
    expect(tile('Quantity per truck-hour')).toHaveTextContent('4.4');
    const stages = within(card()).getByRole('list', { name: 'Average minutes per stage' });
    const stageText = within(stages)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(stageText).toEqual([
      'Loading10.7 min',
      'To job37.7 min',
      'Waiting on the job13.5 min',
      'Unloading20 min',
      'Washing10 min',
      'To plant35 min',
    ]);

    expect(plantRows()).toEqual([
      [
        'Plant',
        'On-time first loads',
        'Loading (min)',
        'To job (min)',
        'Waiting on the job (min)',
        'Unloading (min)',
        'Washing (min)',
        'To plant (min)',
        'Truck utilisation',
        'Quantity per truck-hour',
      ],
      ['North Yard', '100%', '10', '28', '7', '20', '10', '25', '100%', '5.71'],
      ['Riverside Batch Plant', '50%', '11', '42.5', '20', '20', '10', '40', '91.5%', '3.89'],
      // R-KPI-1: nothing to measure is a dash, never 0.
      ['Big Rock Quarry', '—', '—', '—', '—', '—', '—', '—', '—', '—'],
    ]);
  });

  it('a period with nothing measured shows dashes and says there were no loads', async () => {
    state.deliveryKpis = () => ({ ...noDeliveryFigures, byPlant: [] });
    renderDashboard();
    expect(await within(card()).findByText('No loads in this period')).toBeInTheDocument();
    expect(tile('On-time first loads')).toHaveTextContent('—');
    expect(tile('On-time first loads')).not.toHaveTextContent('0');
    expect(tile('Truck utilisation')).toHaveTextContent('—');
    expect(within(card()).queryByRole('table')).not.toBeInTheDocument();
  });

  it('picks a period, refuses one that ends before it starts, and goes back to today', async () => {
    state.deliveryKpis = (period) =>
      period.from === today ? workedExample : { ...noDeliveryFigures, byPlant: [] };
    renderDashboard();
    await within(card()).findByRole('table', { name: 'By plant' });
    const from = within(card()).getByLabelText('From');
    const to = within(card()).getByLabelText('To');

    fireEvent.change(from, { target: { value: '2026-03-01' } });
    expect(await within(card()).findByText('No loads in this period')).toBeInTheDocument();
    expect(kpiRequests().at(-1)?.searchParams.toString()).toBe(`from=2026-03-01&to=${today}`);
    expect(within(card()).getByText(`2026-03-01 to ${today}`)).toBeInTheDocument();

    const asked = kpiRequests().length;
    fireEvent.change(to, { target: { value: '2026-02-28' } });
    expect(await within(card()).findByText('Must not be before the start')).toBeInTheDocument();
    expect(kpiRequests()).toHaveLength(asked);

    await userEvent.click(within(card()).getByRole('button', { name: 'Today' }));
    expect(await within(card()).findByText('66.7%')).toBeInTheDocument();
    expect(within(card()).getByLabelText('From')).toHaveValue(today);
    expect(within(card()).getByRole('button', { name: 'Today' })).toBeDisabled();
  });

  it('reads the answer with the domain schema: a figure of another shape is an error', async () => {
    state.deliveryKpis = () => ({ ...workedExample, onTimePercent: '66.7' });
    renderDashboard();
    expect(await within(card()).findByText('Could not load this card')).toBeInTheDocument();
    expect(within(card()).queryByText('66.7%')).not.toBeInTheDocument();
  });

  it('reads the figures again after the hub reconnects (stamps may have been missed)', async () => {
    renderDashboard();
    await within(card()).findByRole('table', { name: 'By plant' });
    const before = kpiRequests().length;
    act(() => emitHubReconnected());
    await waitFor(() => expect(kpiRequests().length).toBeGreaterThan(before));
  });

  it('a refused read says so, with no retry', async () => {
    state.refuse.set('/api/v1/kpis/delivery', 403);
    renderDashboard();
    expect(
      await within(card()).findByText('You do not have permission to see this.'),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('speaks Spanish, numbers in its locale', async () => {
    await initI18n('es');
    renderDashboard();
    await waitFor(() =>
      expect(within(card('Desempeño de entregas')).getByRole('table')).toBeInTheDocument(),
    );
    const spanish = card('Desempeño de entregas');
    expect(
      within(spanish).getByRole('listitem', { name: 'Primeras cargas a tiempo' }),
    ).toHaveTextContent('66,7%');
    expect(within(spanish).getByRole('listitem', { name: 'Espera en la obra' })).toHaveTextContent(
      '13,5 min',
    );
    expect(plantRows('Por planta', spanish)[0]?.[0]).toBe('Planta');
    expect(within(spanish).getByLabelText('Desde')).toHaveValue(today);
  });
});
