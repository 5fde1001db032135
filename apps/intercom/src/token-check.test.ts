import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi } from './test/fake-api';
import { createTokenChecker } from './token-check';

let api: Awaited<ReturnType<typeof startFakeApi>>;

beforeAll(async () => {
  api = await startFakeApi({
    good: {
      body: { database: 'DEMO', loggedIn: true, username: ' dispatcher ', programNameId: 0 },
    },
    nulls: { body: { database: null, loggedIn: false, username: null } },
    broken: { status: 500, body: { message: 'database is down' } },
    garbage: { body: ['not', 'a', 'session'] },
    forbidden: { status: 403, body: {} },
  });
});
afterAll(async () => {
  await api.close();
});

describe('createTokenChecker', () => {
  it('accepts a session in the requested database, sending the token as a bearer', async () => {
    const check = createTokenChecker({ apiUrl: `${api.url}/` });
    expect(await check('good', 'demo')).toEqual({
      kind: 'valid',
      username: 'dispatcher',
      database: 'DEMO',
    });
    expect(api.calls.at(-1)).toBe('GET /api/v1/connection');
  });

  it('rejects refused tokens, blank or null sessions and other databases', async () => {
    const check = createTokenChecker({ apiUrl: api.url });
    expect(await check('unknown', 'DEMO')).toMatchObject({ kind: 'rejected' });
    expect(await check('forbidden', 'DEMO')).toMatchObject({ kind: 'rejected' });
    expect(await check('nulls', 'DEMO')).toEqual({
      kind: 'rejected',
      message: 'The token does not belong to a logged-in session.',
    });
    expect(await check('good', 'LIVE')).toMatchObject({ kind: 'rejected' });
  });

  it('reports the API as unavailable on a server error or an answer it cannot read', async () => {
    const check = createTokenChecker({ apiUrl: api.url });
    expect(await check('broken', 'DEMO')).toEqual({
      kind: 'unavailable',
      message: 'The server could not check the token (HTTP 500).',
    });
    expect(await check('garbage', 'DEMO')).toMatchObject({ kind: 'unavailable' });
  });

  it('gives up on an API that does not answer in time', async () => {
    const silent = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const check = createTokenChecker({ apiUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 });
      expect(await check('good', 'DEMO')).toEqual({
        kind: 'unavailable',
        message: 'The server could not check the token (timed out).',
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
