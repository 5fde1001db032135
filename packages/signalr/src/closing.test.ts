import { afterEach, describe, expect, it } from 'vitest';
import { buildClient, startClient } from './test-support/official-client';
import { negotiate } from './test-support/raw-client';
import { startTestHub } from './test-support/test-hub';
import type { TestHub, TestUser } from './test-support/test-hub';
import type { HubConnection } from './types';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

async function hubWith(
  options: Parameters<typeof startTestHub>[0] = {},
  port = 0,
): Promise<TestHub> {
  const hub = await startTestHub(
    { methods: { Echo: (_connection, value) => value }, ...options },
    port,
  );
  cleanups.push(() => hub.close());
  return hub;
}

/** Quick retries, so a reconnect does not wait for the default 2 s and 10 s delays. */
const QUICK_RETRIES = [0, 100, 200, 200, 500, 500, 1000, 1000, 1000];

function closedOnce(connection: ReturnType<typeof buildClient>): Promise<Error | undefined> {
  return new Promise((resolve) => connection.onclose(resolve));
}

describe('closing', () => {
  it('closes with an error the client sees when the hub closes without allowReconnect', async () => {
    const testHub = await hubWith();
    const connection = await startClient(testHub.url, { reconnectDelays: QUICK_RETRIES });
    let reconnecting = false;
    connection.onreconnecting(() => (reconnecting = true));
    const closed = closedOnce(connection);

    await testHub.hub.close();

    expect((await closed)?.message).toBe(
      'Server returned an error on close: The server is shutting down.',
    );
    expect(reconnecting).toBe(false);
    expect((await negotiate(testHub.url)).status).toBe(503);
  });

  it('lets withAutomaticReconnect reconnect when the hub closes with allowReconnect, after a restart on the same port', async () => {
    const first = await hubWith();
    const connection = await startClient(first.url, { reconnectDelays: QUICK_RETRIES });
    cleanups.push(() => connection.stop());
    const reconnecting = new Promise<Error | undefined>((resolve) =>
      connection.onreconnecting(resolve),
    );
    const reconnected = new Promise<string | undefined>((resolve) =>
      connection.onreconnected(resolve),
    );
    const firstId = connection.connectionId;

    await first.hub.close({ allowReconnect: true });
    await first.close();
    expect((await reconnecting)?.message).toBe(
      'Server returned an error on close: The server is shutting down.',
    );
    const second = await hubWith(
      { methods: { Echo: (_connection, value) => `again ${String(value)}` } },
      first.port,
    );

    const newId = await reconnected;
    expect(newId).not.toBe(firstId);
    expect([...second.hub.connections()].map((c) => c.id)).toEqual([newId]);
    await expect(connection.invoke('Echo', 1)).resolves.toBe('again 1');
  });

  it('aborts one connection with a close message carrying the error', async () => {
    const testHub = await hubWith({
      methods: {
        Kick: (connection: HubConnection<TestUser>) => connection.abort('You were signed out.'),
      },
    });
    const connection = await startClient(testHub.url, { reconnectDelays: QUICK_RETRIES });
    cleanups.push(() => connection.stop());
    const closed = closedOnce(connection);

    await connection.send('Kick');

    expect((await closed)?.message).toBe('Server returned an error on close: You were signed out.');
  });

  it('tells the host about connections, and runs onDisconnected after onConnected finished', async () => {
    const events: string[] = [];
    let handleDisconnected: () => void = () => {};
    const disconnected = new Promise<void>((resolve) => (handleDisconnected = resolve));
    const testHub = await hubWith({
      onConnected: async (connection) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        connection.items.set('plant', 'P1');
        events.push(`connected ${connection.user.name}`);
      },
      onDisconnected: (connection, error) => {
        events.push(`disconnected ${String(connection.items.get('plant'))} ${String(error)}`);
        handleDisconnected();
      },
      methods: {
        Plant: (connection: HubConnection<TestUser>) => connection.items.get('plant'),
      },
    });
    const connection = await startClient(testHub.url);

    // Invocations wait for onConnected, so the host's per-connection state is there.
    await expect(connection.invoke('Plant')).resolves.toBe('P1');
    await connection.stop();
    await disconnected;

    expect(events).toEqual(['connected anonymous', 'disconnected P1 undefined']);
    expect([...testHub.hub.connections()]).toEqual([]);
  });

  it('closes a connection whose onConnected fails', async () => {
    const testHub = await hubWith({
      onConnected: () => {
        throw new Error('no plant for this user');
      },
    });
    const connection = buildClient(testHub.url);
    const closed = closedOnce(connection);

    // The close message may reach the client before or after start() settles: either way it sees it.
    const error = await connection.start().then(
      () => closed,
      (startError: unknown) => startError as Error,
    );

    expect(error?.message).toBe(
      'Server returned an error on close: The server could not set up the connection.',
    );
    expect(testHub.logs.text()).toContain('no plant for this user');
  });
});
