/**
 * The truck map as the board and dashboard show it (R-MAP-1..4), against a fake server at the
 * network edge: the trucks listed from the answer, a position moving a truck and its ETA, a stale
 * position ignored, a status change recolouring and reading the map again, and no tiles asked for
 * when the server has none.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { etaMinutes, type TruckMap } from '@dispatch/domain/trucks/truck-map';
import { emitHubEvent, emitHubReconnected } from '../../realtime/hub-events';
import { fakeFetch, json, renderWithProviders } from '../../test/render';
import { demoMap, mallJob } from './truck-map-fixtures';
import { TruckMapPanel, type TruckStatusColors } from './truck-map-panel';
import { mapRefetchDelayMs, truckMapPath } from './use-truck-map';

const colors: TruckStatusColors = {
  inYard: 'gray',
  loading: 'violet',
  loaded: 'grape',
  toJob: 'blue',
  onJob: 'teal',
  unloading: 'green',
  washing: 'cyan',
  toPlant: 'indigo',
  outOfService: 'red',
  offDuty: 'dark',
};

let answer: TruckMap;
let fetchMock: ReturnType<typeof fakeFetch>;

beforeEach(() => {
  answer = demoMap();
  fetchMock = fakeFetch((url) => (url.pathname === truckMapPath ? json(answer) : undefined));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const mapReads = () => fetchMock.calls.filter((call) => call === `GET ${truckMapPath}`).length;

async function renderMap() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <TruckMapPanel statusColors={colors} height="20rem" list="side" />
    </QueryClientProvider>,
  );
  const region = await screen.findByRole('region', { name: 'Map of plants, jobs and trucks' });
  // The Leaflet chunk has loaded and drawn the places and trucks.
  await waitFor(() => expect(region.querySelector('.leaflet-container')).not.toBeNull());
  await waitFor(() => expect(region.querySelectorAll('.leaflet-marker-icon')).toHaveLength(4));
  return region;
}

const trucksList = () => screen.getByRole('list', { name: 'Trucks on the map' });
const truckButton = (name: RegExp) => within(trucksList()).getByRole('button', { name });
const markerOf = (region: HTMLElement, number: string) =>
  region.querySelector<HTMLElement>(`.leaflet-marker-icon[title="${number}"]`)!;

/** Where Leaflet placed a marker (a transform, or left and top where the browser has no 3D). */
const placeOf = (marker: HTMLElement) =>
  [marker.style.transform, marker.style.left, marker.style.top].join(' ');

const firstEta = () => answer.trucks[0]!.etaMinutes!;

describe('Truck map', () => {
  it('lists the trucks of the answer with their status and ETA, and draws them', async () => {
    const region = await renderMap();
    const items = within(trucksList()).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      'T12In yard',
      `T14To job${firstEta()} min`,
    ]);
    expect(markerOf(region, 'T14')).toHaveTextContent('T14');
    expect(markerOf(region, 'T14').firstElementChild).toHaveStyle({
      background: 'var(--mantine-color-blue-6)',
    });
    expect(screen.getByRole('list', { name: 'Truck status colours' })).toHaveTextContent(
      'Unloading',
    );
    // A tap on a truck of the list opens its popup on the map.
    await userEvent.click(truckButton(/^T14/));
    const popup = await waitFor(() => region.querySelector<HTMLElement>('.leaflet-popup')!);
    expect(popup).toHaveTextContent('Ticket 700');
    expect(popup).toHaveTextContent(`${firstEta()} min to the job`);
  });

  it('moves a truck on truckPositionUpdate_v1 and works its ETA out again', async () => {
    const region = await renderMap();
    const before = placeOf(markerOf(region, 'T14'));
    expect(before.trim()).not.toBe('');
    const moved = { latitude: 40.14, longitude: -82.95, statusId: 4, speedKph: 50 };
    act(() =>
      emitHubEvent('truckPositionUpdate_v1', {
        truckId: 14,
        plantId: 1,
        recordedAt: '2026-03-10T14:02:00.000Z',
        headingDeg: 270,
        ...moved,
      }),
    );
    const eta = etaMinutes(moved, mallJob)!;
    expect(eta).not.toBe(firstEta());
    await waitFor(() => expect(truckButton(/^T14/)).toHaveTextContent(`T14To job${eta} min`));
    const after = placeOf(markerOf(region, 'T14'));
    expect(after).not.toBe(before);

    // An older fix (a device's late backlog) does not move it back.
    act(() =>
      emitHubEvent('truckPositionUpdate_v1', {
        truckId: 14,
        plantId: 1,
        recordedAt: '2026-03-10T14:01:00.000Z',
        latitude: 40.1262,
        longitude: -82.8612,
        statusId: 4,
        speedKph: 60,
        headingDeg: 270,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(truckButton(/^T14/)).toHaveTextContent(`T14To job${eta} min`);
    expect(placeOf(markerOf(region, 'T14'))).toBe(after);
    expect(mapReads()).toBe(1);
  });

  it('recolours a truck on truckUpdate_v1 and reads the map again', async () => {
    const region = await renderMap();
    answer = {
      ...answer,
      trucks: answer.trucks.map((truck) =>
        truck.truckId === 12
          ? { ...truck, statusId: 2, statusFromGps: true, ticketNumber: 701 }
          : truck,
      ),
    };
    act(() =>
      emitHubEvent('truckUpdate_v1', {
        id: 12,
        plantId: 1,
        truckFlagId: null,
        truckFlag: '',
        statusId: 2,
        identificationNumber: 'T12',
        minutes: 0,
        inYardSequenceNum: null,
        statusDescription: 'Loading',
        statusLocation: 'plant',
        statusDateTime: '2026-03-10T14:03:00.000Z',
        statusFromGps: true,
        version: 3,
      }),
    );
    await waitFor(() => expect(truckButton(/^T12/)).toHaveTextContent('T12LoadingGPS'));
    expect(markerOf(region, 'T12').firstElementChild).toHaveStyle({
      background: 'var(--mantine-color-violet-6)',
    });
    await waitFor(() => expect(mapReads()).toBe(2), { timeout: mapRefetchDelayMs + 3000 });
    // A reconnect reads it again too.
    act(() => emitHubReconnected());
    await waitFor(() => expect(mapReads()).toBe(3), { timeout: mapRefetchDelayMs + 3000 });
  });

  it('draws no tile layer when the server has no tiles', async () => {
    const region = await renderMap();
    expect(region.querySelector('.leaflet-tile-pane')!.children).toHaveLength(0);
    expect(screen.getByText(/No map tiles are configured/)).toBeInTheDocument();
    expect(fetchMock.calls.every((call) => call === `GET ${truckMapPath}`)).toBe(true);
  });

  it('adds the tiles of the answer with their attribution', async () => {
    answer = demoMap('https://tiles.example/{z}/{x}/{y}.png');
    const region = await renderMap();
    expect(region.querySelector('.leaflet-tile-pane .leaflet-layer')).not.toBeNull();
    expect(region.querySelector('.leaflet-control-attribution')).toHaveTextContent('© Test tiles');
    expect(screen.queryByText(/No map tiles are configured/)).toBeNull();
  });

  it('says so when no truck has a position yet', async () => {
    answer = { ...demoMap(), trucks: [] };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await renderWithProviders(
      <QueryClientProvider client={queryClient}>
        <TruckMapPanel statusColors={colors} height="20rem" list="below" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/No truck has reported a position yet/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Trucks on the map' })).toBeNull();
  });
});
