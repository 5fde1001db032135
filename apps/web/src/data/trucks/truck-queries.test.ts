import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { truckResponseSchema } from '@dispatch/domain/trucks/truck-views';
import { truckQueries } from './truck-queries';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('truckQueries.list', () => {
  it('reads every page of a fleet larger than the server’s page cap', async () => {
    const fleet = Array.from({ length: 620 }, (_, index) =>
      truckResponseSchema.parse({
        id: index + 1,
        identificationNumber: String(index + 1),
        plantId: 2,
        truckFlag: '',
        currentTicketId: null,
        version: 1,
      }),
    );
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const url = new URL(input, 'http://localhost');
        urls.push(url);
        const offset = Number(url.searchParams.get('offset'));
        const limit = Number(url.searchParams.get('limit'));
        const body = {
          error: false,
          count: fleet.length,
          data: fleet.slice(offset, offset + limit),
        };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      }),
    );

    const list = await new QueryClient().fetchQuery(truckQueries.list({ plantId: 2 }));

    expect(list.count).toBe(620);
    expect(list.data.map((truck) => truck.id)).toEqual(fleet.map((truck) => truck.id));
    expect(urls.map((url) => url.pathname)).toEqual([
      '/api/v1/trucks/board',
      '/api/v1/trucks/board',
    ]);
    expect(urls.map((url) => url.searchParams.toString())).toEqual([
      'limit=500&offset=0&plantId=2',
      'limit=500&offset=500&plantId=2',
    ]);
  });
});
