import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createHub } from './hub';
import { startClient } from './test-support/official-client';
import { createLogCollector } from './test-support/test-hub';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return (server.address() as AddressInfo).port;
}

describe('attach', () => {
  it('serves the hub path on a host server and leaves its other requests and upgrades alone', async () => {
    const server = createServer((_request, response) => {
      response.end('host page');
    });
    const hostSockets = new WebSocketServer({ noServer: true });
    server.on('upgrade', (request, socket, head) => {
      if (request.url === '/host-socket') {
        hostSockets.handleUpgrade(request, socket, head, (webSocket) => webSocket.send('host'));
      }
    });
    const hub = createHub<{ name: string }>({
      path: '/dispatchHub',
      logger: createLogCollector().logger,
      authenticate: () => ({ name: 'anyone' }),
      methods: { Ping: () => 'pong' },
    });
    hub.attach(server);
    cleanups.push(() => hub.close());
    const port = await listen(server);
    const base = `http://127.0.0.1:${port}`;

    const connection = await startClient(`${base}/dispatchHub`);
    cleanups.push(() => connection.stop());
    await expect(connection.invoke('ping')).resolves.toBe('pong');
    await expect((await fetch(`${base}/elsewhere`)).text()).resolves.toBe('host page');
    const hostSocket = new WebSocket(`ws://127.0.0.1:${port}/host-socket`);
    const hostMessage = await new Promise<string>((resolve, reject) => {
      hostSocket.once('message', (data: Buffer) => resolve(data.toString('utf8')));
      hostSocket.once('error', reject);
    });
    hostSocket.terminate();
    expect(hostMessage).toBe('host');
  });
});
