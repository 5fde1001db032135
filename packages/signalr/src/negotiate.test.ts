import { HttpTransportType } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { startClient } from './test-support/official-client';
import { RS, negotiate, openRaw, refusedStatus } from './test-support/raw-client';
import { startTestHub } from './test-support/test-hub';
import type { TestHub } from './test-support/test-hub';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

async function hubWith(options: Parameters<typeof startTestHub>[0] = {}): Promise<TestHub> {
  const hub = await startTestHub({ methods: { Echo: (_connection, value) => value }, ...options });
  cleanups.push(() => hub.close());
  return hub;
}

const WEBSOCKETS_ONLY = [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }];

describe('negotiate', () => {
  it('answers version 1 with a secret token apart from the public id, offering only WebSockets', async () => {
    const { url } = await hubWith();

    const { status, body } = await negotiate(url, '?negotiateVersion=1');

    expect(status).toBe(200);
    expect(body).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String) as unknown,
      connectionToken: expect.any(String) as unknown,
      availableTransports: WEBSOCKETS_ONLY,
    });
    expect(body!.connectionToken).not.toBe(body!.connectionId);
  });

  it('answers version 0 (or no version) with the connection id only, which is then the token', async () => {
    const { url } = await hubWith();

    const explicit = await negotiate(url, '?negotiateVersion=0');
    const implicit = await negotiate(url, '');

    for (const { status, body } of [explicit, implicit]) {
      expect(status).toBe(200);
      expect(body).toEqual({
        negotiateVersion: 0,
        connectionId: expect.any(String) as unknown,
        availableTransports: WEBSOCKETS_ONLY,
      });
    }
    const socket = await openRaw(`${url}?id=${String(explicit.body!.connectionId)}`);
    cleanups.push(() => socket.socket.terminate());
    socket.send(`{"type":1,"invocationId":"1","target":"Echo","arguments":["v0"]}${RS}`);
    await expect(socket.waitFor((record) => record.invocationId === '1')).resolves.toMatchObject({
      result: 'v0',
    });
  });

  it('answers a later negotiate version with version 1 and refuses a malformed one', async () => {
    const { url } = await hubWith();

    expect((await negotiate(url, '?negotiateVersion=2')).body?.negotiateVersion).toBe(1);
    expect((await negotiate(url, '?negotiateVersion=one')).status).toBe(400);
  });

  it('takes POST only', async () => {
    const { url } = await hubWith();

    const response = await fetch(`${url}/negotiate?negotiateVersion=1`);

    expect(response.status).toBe(405);
  });

  const preflightFrom = (url: string, origin: string) =>
    fetch(`${url}/negotiate?negotiateVersion=1`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,x-requested-with,x-signalr-user-agent',
      },
    });
  const negotiateFrom = (url: string, origin: string) =>
    fetch(`${url}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { Origin: origin } });

  it('answers the CORS preflight the official client triggers from the web app on another port', async () => {
    const { url } = await hubWith();
    // The web app is served by the same host on its own port.
    const origin = 'http://127.0.0.1:5173';

    const preflight = await preflightFrom(url, origin);
    const negotiated = await negotiateFrom(url, origin);

    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const allowedHeaders = preflight.headers.get('access-control-allow-headers')!.split(/,\s*/);
    expect(allowedHeaders).toEqual(
      expect.arrayContaining([
        'authorization',
        'x-requested-with',
        'x-signalr-user-agent',
        'content-type',
      ]),
    );
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, GET, OPTIONS');
    expect(negotiated.status).toBe(200);
    expect(negotiated.headers.get('access-control-allow-origin')).toBe(origin);
    expect(negotiated.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it("does not echo another site's origin, so that site's pages cannot read its answers", async () => {
    const { url } = await hubWith();
    const foreign = 'http://evil.example.test';

    const preflight = await preflightFrom(url, foreign);
    const negotiated = await negotiateFrom(url, foreign);

    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(negotiated.headers.get('access-control-allow-origin')).toBeNull();
    expect(negotiated.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('allows the origins its host names, and no others', async () => {
    const app = 'https://app.example.test';
    const { url } = await hubWith({ allowedOrigin: (origin) => origin === app });

    expect((await negotiateFrom(url, app)).headers.get('access-control-allow-origin')).toBe(app);
    const sameHost = await negotiateFrom(url, 'http://127.0.0.1:5173');
    expect(sameHost.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('leaves other paths of its own server unanswered (404)', async () => {
    const { port } = await hubWith();

    const response = await fetch(`http://127.0.0.1:${port}/other/negotiate`, { method: 'POST' });

    expect(response.status).toBe(404);
    expect(await refusedStatus(`http://127.0.0.1:${port}/other`)).toBe(404);
  });
});

describe('connecting', () => {
  it('connects the official client through negotiate, keeping the negotiated id', async () => {
    const { url, hub } = await hubWith();

    const connection = await startClient(url);
    cleanups.push(() => connection.stop());

    expect([...hub.connections()].map((c) => c.id)).toEqual([connection.connectionId]);
    await expect(connection.invoke('Echo', 'hello')).resolves.toBe('hello');
  });

  it('connects with skipNegotiation as a fresh connection', async () => {
    const { url, hub } = await hubWith();

    const connection = await startClient(url, {
      skipNegotiation: true,
      transport: HttpTransportType.WebSockets,
    });
    cleanups.push(() => connection.stop());

    await expect(connection.invoke('Echo', 'direct')).resolves.toBe('direct');
    expect([...hub.connections()]).toHaveLength(1);
  });

  it('refuses an unknown id with 404 and a second socket for one id with 409', async () => {
    let handleDisconnected: () => void = () => {};
    const disconnected = new Promise<void>((resolve) => (handleDisconnected = resolve));
    const { url } = await hubWith({ onDisconnected: () => handleDisconnected() });
    const { body } = await negotiate(url);
    const token = String(body!.connectionToken);

    expect(await refusedStatus(`${url}?id=not-a-token`)).toBe(404);
    // The public connectionId is not the token.
    expect(await refusedStatus(`${url}?id=${String(body!.connectionId)}`)).toBe(404);
    const first = await openRaw(`${url}?id=${token}`);
    cleanups.push(() => first.socket.terminate());
    expect(await refusedStatus(`${url}?id=${token}`)).toBe(409);

    first.socket.close();
    await disconnected;
    // A connection that ended cannot be resumed.
    expect(await refusedStatus(`${url}?id=${token}`)).toBe(404);
  });

  it('forgets a negotiated connection that never connects', async () => {
    const { url } = await hubWith({ handshakeTimeoutMs: 150 });
    const { body } = await negotiate(url);

    await new Promise((resolve) => setTimeout(resolve, 400));

    expect(await refusedStatus(`${url}?id=${String(body!.connectionToken)}`)).toBe(404);
  });

  it('answers a plain GET of the hub path with 400: WebSockets only', async () => {
    const { url } = await hubWith();

    expect((await fetch(url)).status).toBe(400);
  });
});
