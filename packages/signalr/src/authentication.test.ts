import { HttpTransportType } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { startClient } from './test-support/official-client';
import { RS, negotiate, openRaw, refusedStatus } from './test-support/raw-client';
import { startTestHub } from './test-support/test-hub';
import type { TestHub, TestUser } from './test-support/test-hub';
import type { HubConnection } from './types';

const GOOD = 'alice-secret-token';
const BAD = 'mallory-forged-token';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

async function hubWith(options: Parameters<typeof startTestHub>[0] = {}): Promise<TestHub> {
  const hub = await startTestHub({
    methods: { WhoAmI: (connection: HubConnection<TestUser>) => connection.user.name },
    ...options,
  });
  cleanups.push(() => hub.close());
  return hub;
}

describe('access tokens', () => {
  it('gives each connection the user authenticate returned for the official client token', async () => {
    const { url } = await hubWith();

    const connection = await startClient(url, { accessTokenFactory: () => GOOD });
    cleanups.push(() => connection.stop());

    await expect(connection.invoke('WhoAmI')).resolves.toBe('alice');
  });

  it('reads the token from access_token on the WebSocket, as browsers send it', async () => {
    const { url } = await hubWith();
    const { body } = await negotiate(url, '?negotiateVersion=1', {
      Authorization: `Bearer ${GOOD}`,
    });

    const socket = await openRaw(`${url}?id=${String(body!.connectionToken)}&access_token=${GOOD}`);
    cleanups.push(() => socket.socket.terminate());
    socket.send(`{"type":1,"invocationId":"1","target":"WhoAmI","arguments":[]}${RS}`);

    await expect(socket.waitFor((record) => record.invocationId === '1')).resolves.toMatchObject({
      result: 'alice',
    });
  });

  it('answers 401 to negotiate with a rejected token, and the official client fails to start', async () => {
    const { url } = await hubWith();

    const { status } = await negotiate(url, '?negotiateVersion=1', {
      Authorization: `Bearer ${BAD}`,
    });
    const connection = await startClient(url, { accessTokenFactory: () => BAD }).catch(
      (error: unknown) => error as Error,
    );

    expect(status).toBe(401);
    expect(connection).toBeInstanceOf(Error);
    expect((connection as Error).message).toMatch(/401/);
  });

  it('answers 401 to a WebSocket with a rejected token, in the query or the header', async () => {
    const { url } = await hubWith();
    const { body } = await negotiate(url, '?negotiateVersion=1', {
      Authorization: `Bearer ${GOOD}`,
    });
    const token = String(body!.connectionToken);

    expect(await refusedStatus(`${url}?id=${token}&access_token=${BAD}`)).toBe(401);
    expect(await refusedStatus(`${url}?id=${token}`, { Authorization: `Bearer ${BAD}` })).toBe(401);
    expect(await refusedStatus(`${url}?access_token=${BAD}`)).toBe(401);
    const skipped = await startClient(url, {
      skipNegotiation: true,
      transport: HttpTransportType.WebSockets,
      accessTokenFactory: () => BAD,
    }).catch((error: unknown) => error as Error);
    expect(skipped).toBeInstanceOf(Error);
    // The refused token stays claimable by its rightful owner.
    const socket = await openRaw(`${url}?id=${token}&access_token=${GOOD}`);
    socket.socket.terminate();
  });

  it('answers 500, not 200, when authenticate throws, and never logs tokens or query strings', async () => {
    const { url, logs } = await hubWith({
      authenticate: (token) => {
        if (token === GOOD) {
          return { name: 'alice' };
        }
        throw new Error('The session store is down.');
      },
    });

    const { status } = await negotiate(url, '?negotiateVersion=1', {
      Authorization: `Bearer ${BAD}`,
    });
    expect(status).toBe(500);
    expect(await refusedStatus(`${url}?access_token=${BAD}`)).toBe(500);
    const connection = await startClient(url, { accessTokenFactory: () => GOOD });
    const { body } = await negotiate(url, '?negotiateVersion=1', {
      Authorization: `Bearer ${GOOD}`,
    });
    expect(
      await refusedStatus(`${url}?id=${String(body!.connectionToken)}&access_token=${BAD}`),
    ).toBe(500);
    await connection.stop();

    const logged = logs.text();
    expect(logged).toContain('The session store is down.');
    expect(logged).toContain('signalr connected');
    expect(logged).not.toContain(GOOD);
    expect(logged).not.toContain(BAD);
    expect(logged).not.toContain(String(body!.connectionToken));
    expect(logged).not.toContain('access_token');
  });
});
