import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DriverDay } from '@dispatch/domain/driver/driver-day';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json } from '../../test/render';
import { setAccessToken } from '../../session/access-token';
import { DriverApp } from './driver-app';
import { initDriverI18n } from './driver-language';
import { memoryOutboxStore, type OutboxStore } from './outbox';

const day: DriverDay = {
  driverName: 'Dana Driver',
  truck: {
    id: 7,
    identificationNumber: 'T-107',
    plantId: 1,
    plantName: 'Columbus North',
    statusId: 3,
    statusFromGps: false,
    statusDateTime: '2026-05-01T10:00:00.000Z',
    version: 12,
  },
  loads: [
    {
      ticketId: 501,
      ticketNumber: 9001,
      ticketVersion: 2,
      ticketDateTime: '2026-05-01T09:55:00.000Z',
      orderNumber: 3001,
      customerName: 'Acme Builders',
      jobName: 'Riverside Lofts',
      jobAddressLines: ['100 River Rd', 'Columbus OH'],
      jobLatitude: 39.96,
      jobLongitude: -83,
      productDescription: '4000 PSI 3/4" stone',
      quantity: 10,
      unit: 'yd³',
      dispatchNotes: 'Gate code 4411',
      ticketNotes: 'Pump on site',
      maxAllowableWaterGallons: 15,
      current: true,
      signed: false,
      finished: false,
    },
    {
      ticketId: 500,
      ticketNumber: 8990,
      ticketVersion: 4,
      ticketDateTime: '2026-05-01T07:30:00.000Z',
      orderNumber: 2990,
      customerName: 'City of Westerville',
      jobName: 'Main St sidewalk',
      jobAddressLines: [],
      jobLatitude: null,
      jobLongitude: null,
      productDescription: '3000 PSI',
      quantity: 8,
      unit: 'yd³',
      dispatchNotes: '',
      ticketNotes: '',
      maxAllowableWaterGallons: null,
      current: false,
      signed: true,
      finished: true,
    },
  ],
};

const liveView = (statusId: number, version: number) => ({
  id: 7,
  plantId: 1,
  truckFlagId: null,
  truckFlag: '',
  statusId,
  identificationNumber: 'T-107',
  minutes: null,
  inYardSequenceNum: null,
  statusDescription: 'To job',
  statusLocation: 'road',
  statusDateTime: '2026-05-01T10:05:00.000Z',
  statusFromGps: false,
  version,
});

async function renderDriver(store: OutboxStore) {
  const i18n = await initDriverI18n('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <DriverApp store={store} />
    </I18nextProvider>,
  );
}

describe('the driver app', () => {
  beforeEach(() => {
    setAccessToken(null);
    localStorage.setItem(
      'driverSession',
      JSON.stringify({
        token: 'driver-token',
        username: 'driver',
        database: 'DEMO',
        expiresAt: null,
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setAccessToken(null);
  });

  it('shows the truck, its status and the current load with what the driver needs', async () => {
    const fetch = fakeFetch((url) =>
      url.pathname === '/api/v1/driver/today' ? json(day) : undefined,
    );
    vi.stubGlobal('fetch', fetch);
    await renderDriver(memoryOutboxStore());

    await screen.findByRole('heading', { name: 'Truck T-107' });
    expect(screen.getByTestId('driver-status')).toHaveTextContent('Loaded');
    const current = screen.getByRole('region', { name: 'Current load' });
    expect(within(current).getByText('Acme Builders')).toBeVisible();
    expect(within(current).getByText('Riverside Lofts')).toBeVisible();
    expect(within(current).getByText('100 River Rd')).toBeVisible();
    expect(within(current).getByText('4000 PSI 3/4" stone')).toBeVisible();
    expect(within(current).getByText('10 yd³')).toBeVisible();
    expect(within(current).getByText('Gate code 4411')).toBeVisible();
    expect(within(current).getByText('Pump on site')).toBeVisible();
    expect(within(current).getByRole('link', { name: 'Map' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=39.96,-83',
    );
    // The loop's next step is the one to tap: To job after loading.
    expect(screen.getByRole('button', { name: /^To job\s*Next$/ })).toBeEnabled();
    const others = screen.getByRole('region', { name: 'Today’s other loads' });
    expect(within(others).getByText('City of Westerville')).toBeVisible();
    expect(within(others).getByRole('button', { name: 'View ticket' })).toBeVisible();
    // The token the driver signed in with is the one sent.
    expect(fetch.calls).toContain('GET /api/v1/driver/today');
  });

  it('shows the server’s message plainly when the user drives no truck', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => json({ message: 'You are not the driver of any truck.' }, 404)),
    );
    await renderDriver(memoryOutboxStore());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are not the driver of any truck.',
    );
  });

  it('sends a status tap as the PUT with the truck’s version, and shows the answer', async () => {
    const bodies: unknown[] = [];
    let current = day;
    const fetch = fakeFetch(
      (url) => (url.pathname === '/api/v1/driver/today' ? json(current) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/v1/driver/status' || init?.method !== 'PUT') return undefined;
        expect(new Headers(init.headers).get('authorization')).toBe('Bearer driver-token');
        bodies.push(JSON.parse(init.body as string));
        current = { ...day, truck: { ...day.truck, statusId: 4, version: 13 } };
        return json(liveView(4, 13));
      },
    );
    vi.stubGlobal('fetch', fetch);
    await renderDriver(memoryOutboxStore());
    await screen.findByRole('heading', { name: 'Truck T-107' });

    await userEvent.click(screen.getByRole('button', { name: /^To job/ }));
    // The tap's own time goes with it (R-DRV-3), so a tap sent late still stamps when it was made.
    await waitFor(() =>
      expect(bodies).toEqual([{ statusId: 4, version: 12, tappedAt: expect.any(String) }]),
    );
    await waitFor(() => expect(screen.getByTestId('driver-status')).toHaveTextContent('To job'));
    expect(screen.getByRole('button', { name: /^On job\s*Next$/ })).toBeEnabled();
    expect(await screen.findByText('✓ Sent')).toBeVisible();
  });

  it('keeps a tap made offline in the outbox and shows it waiting', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) => (url.pathname === '/api/v1/driver/today' ? json(day) : undefined)),
    );
    const store = memoryOutboxStore();
    await renderDriver(store);
    await screen.findByRole('heading', { name: 'Truck T-107' });

    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await userEvent.click(screen.getByRole('button', { name: /^To job/ }));
      await userEvent.click(await screen.findByRole('button', { name: /^On job/ }));
      expect(await screen.findByText(/2 waiting to send/)).toBeVisible();
      expect(screen.getByTestId('driver-status')).toHaveTextContent('On job');
      const queued = (await store.list()).map((item) => item.body as { tappedAt: string });
      expect(queued).toEqual([
        { statusId: 4, version: 12, tappedAt: expect.any(String) },
        { statusId: 5, version: 12, tappedAt: expect.any(String) },
      ]);
      // Taps keep their order in time, as they were made.
      expect(queued[0]!.tappedAt <= queued[1]!.tappedAt).toBe(true);
    } finally {
      onLine.mockRestore();
    }
  });
});
