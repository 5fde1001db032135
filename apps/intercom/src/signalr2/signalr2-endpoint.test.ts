import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createIntercomServer, type IntercomServer } from '../intercom-server';
import { startFakeApi } from '../test/fake-api';

/*
 * The wire protocol checked without the official client, where the client would hide it:
 * negotiate's fields, frame shapes, keep-alives, refused tokens and reconnects.
 */
let api: Awaited<ReturnType<typeof startFakeApi>>;
let intercom: IntercomServer;
let base: string;
const sockets: WebSocket[] = [];
const hubData = encodeURIComponent(JSON.stringify([{ name: 'intercomhub' }]));

type Negotiated = { ConnectionToken: string; ConnectionId: string; [key: string]: unknown };

async function negotiate(query = `clientProtocol=2.1&connectionData=${hubData}`) {
  const response = await fetch(`${base}/signalr/negotiate?${query}`);
  return { status: response.status, body: (await response.json()) as Negotiated };
}

/** A raw socket that records every frame it receives. */
function openSocket(path: string, token: string) {
  const url = `${base.replace('http', 'ws')}/signalr/${path}?transport=webSockets&clientProtocol=2.1&connectionToken=${encodeURIComponent(token)}&connectionData=${hubData}`;
  const socket = new WebSocket(url);
  sockets.push(socket);
  const frames: unknown[] = [];
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8'))));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused: ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
  return { socket, frames, opened };
}

beforeAll(async () => {
  api = await startFakeApi({});
  intercom = createIntercomServer({ apiUrl: api.url, keepAliveTimeoutSeconds: 0.3 });
  const { port } = await intercom.listen(0);
  base = `http://127.0.0.1:${port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});
afterAll(async () => {
  await intercom.close();
  await api.close();
});

describe('negotiate', () => {
  it('answers the fields the 2.x client reads, echoing its protocol version', async () => {
    const { status, body } = await negotiate();
    expect(status).toBe(200);
    expect(body).toEqual({
      Url: '/signalr',
      ConnectionToken: expect.stringContaining(body.ConnectionId) as string,
      ConnectionId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      KeepAliveTimeout: 0.3,
      DisconnectTimeout: 30,
      ConnectionTimeout: 110,
      TryWebSockets: true,
      ProtocolVersion: '2.1',
      TransportConnectTimeout: 5,
      LongPollDelay: 0,
    });
    expect((await negotiate('clientProtocol=1.5')).body.ProtocolVersion).toBe('1.5');
    expect((await negotiate('clientProtocol=9.9')).body.ProtocolVersion).toBe('2.1');
  });

  it('refuses a hub it does not have, naming it', async () => {
    const data = encodeURIComponent(JSON.stringify([{ name: 'DispatchHub' }]));
    const response = await fetch(
      `${base}/signalr/negotiate?clientProtocol=2.1&connectionData=${data}`,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("'dispatchhub' Hub could not be resolved.");
  });

  it('explains a doubled /signalr path instead of a bare 404', async () => {
    const response = await fetch(`${base}/signalr/signalr/negotiate?clientProtocol=2.1`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('useDefaultPath: false');
  });
});

describe('the WebSocket connection', () => {
  it('sends the init message, then keep-alive frames every third of KeepAliveTimeout', async () => {
    const { body } = await negotiate();
    const { frames, opened } = openSocket('connect', body.ConnectionToken);
    await opened;
    await expect.poll(() => frames.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    expect(frames[0]).toEqual({ C: 'd-1', S: 1, M: [] });
    expect(frames.slice(1, 4)).toEqual([{}, {}, {}]);
  });

  it('start answers started once the socket is open, and ping answers pong', async () => {
    const { body } = await negotiate();
    const token = encodeURIComponent(body.ConnectionToken);
    const start = () =>
      fetch(
        `${base}/signalr/start?transport=webSockets&clientProtocol=2.1&connectionToken=${token}`,
      );
    expect((await start()).status).toBe(400);
    const { opened } = openSocket('connect', body.ConnectionToken);
    await opened;
    const started = await start();
    expect(started.status).toBe(200);
    expect(await started.json()).toEqual({ Response: 'started' });
    expect(await (await fetch(`${base}/signalr/ping?clientProtocol=2.1`)).json()).toEqual({
      Response: 'pong',
    });
  });

  it('answers invocations with I as a string, R for a result, E for an error', async () => {
    const { body } = await negotiate();
    const { socket, frames, opened } = openSocket('connect', body.ConnectionToken);
    await opened;
    socket.send(JSON.stringify({ H: 'intercomhub', M: 'QueryDirtyFormsCount', A: [], I: 0 }));
    socket.send(JSON.stringify({ H: 'intercomhub', M: 'Nope', A: [], I: 1 }));
    socket.send(JSON.stringify({ H: 'intercomhub', M: 'Logout', A: [], I: 2 }));
    socket.send('not json at all');
    const replies = () =>
      frames.filter((frame) => typeof frame === 'object' && frame !== null && 'I' in frame);
    await expect.poll(() => replies().length).toBe(3);
    expect(replies()).toEqual([
      { I: '0', R: 0 },
      { I: '1', E: "'Nope' method could not be resolved with 0 argument(s)." },
      { I: '2' },
    ]);
    expect(frames).toContainEqual({
      C: expect.any(String) as string,
      M: [{ H: 'IntercomHub', M: 'DirtyFormsCount', A: [0] }],
    });
    expect(frames).toContainEqual({
      C: expect.any(String) as string,
      M: [{ H: 'IntercomHub', M: 'LoggedOut', A: [] }],
    });
  });

  it('refuses a forged connection token and a transport other than WebSockets', async () => {
    const { body } = await negotiate();
    const forged = `${body.ConnectionId}:${'A'.repeat(43)}`;
    await expect(openSocket('connect', forged).opened).rejects.toThrow('upgrade refused: 403');
    const longPolling = await fetch(
      `${base}/signalr/connect?transport=longPolling&connectionToken=${encodeURIComponent(body.ConnectionToken)}`,
    );
    expect(longPolling.status).toBe(400);
  });

  it('takes a reconnect to the same connection without a second init message', async () => {
    const { body } = await negotiate();
    const first = openSocket('connect', body.ConnectionToken);
    await first.opened;
    first.socket.close();
    await expect.poll(() => intercom.state.clients).toBe(0);

    const again = openSocket('reconnect', body.ConnectionToken);
    await again.opened;
    await expect.poll(() => again.frames.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(again.frames.every((frame) => JSON.stringify(frame) === '{}')).toBe(true);
    expect(intercom.state.clients).toBe(1);
  });

  it('abort forgets the connection', async () => {
    const { body } = await negotiate();
    const { opened } = openSocket('connect', body.ConnectionToken);
    await opened;
    await expect.poll(() => intercom.state.clients).toBe(1);
    const aborted = await fetch(
      `${base}/signalr/abort?transport=webSockets&connectionToken=${encodeURIComponent(body.ConnectionToken)}`,
      { method: 'POST' },
    );
    expect(aborted.status).toBe(200);
    expect(intercom.state.clients).toBe(0);
  });
});
