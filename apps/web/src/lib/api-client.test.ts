import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeFetch, json } from '../test/render';
import { apiList, ApiError } from './api-client';

const item = z.object({ name: z.string() });

afterEach(() => vi.unstubAllGlobals());

describe('R-API-20: list calls answer an empty list unless asked to rethrow', () => {
  it('reads the list out of its envelope', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => json({ error: false, count: 1, data: [{ name: 'Office laser' }] })),
    );
    await expect(apiList('/api/v1/print-destinations', item)).resolves.toEqual([
      { name: 'Office laser' },
    ]);
  });

  it('answers an empty list when the call fails, whatever the failure', async () => {
    for (const answer of [
      () => json({ message: 'down' }, 503),
      () => json({ error: true, message: 'no', count: 0, data: [] }),
      () => json({ error: false, count: 1, data: [{ name: 7 }] }),
    ]) {
      vi.stubGlobal('fetch', fakeFetch(answer));
      await expect(apiList('/api/v1/print-destinations', item)).resolves.toEqual([]);
    }
  });

  it('rethrows the error when the caller asks for it', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => json({ message: 'down' }, 503)),
    );
    const failure = apiList('/api/v1/print-destinations', item, { rethrow: true });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 503, message: 'down' });
  });
});
