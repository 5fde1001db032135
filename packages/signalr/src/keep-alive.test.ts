import { afterEach, describe, expect, it } from 'vitest';
import { startClient } from './test-support/official-client';
import { RS, openRaw } from './test-support/raw-client';
import type { RawClient } from './test-support/raw-client';
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

async function raw(url: string, handshake?: string | false): Promise<RawClient> {
  const connection = await openRaw(url, { handshake });
  cleanups.push(() => connection.socket.terminate());
  return connection;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('keep-alive', () => {
  it('pings a connection it has sent nothing to for the keep-alive interval', async () => {
    const { url } = await hubWith({ keepAliveIntervalMs: 100 });
    const socket = await raw(url);

    await expect(socket.waitFor((record) => record.type === 6)).resolves.toEqual({ type: 6 });
  });

  it('drops a client that sends nothing: a close message with an error, then the socket closes', async () => {
    let handleDisconnected: (error: Error | undefined) => void = () => {};
    const disconnected = new Promise<Error | undefined>(
      (resolve) => (handleDisconnected = resolve),
    );
    const { url } = await hubWith({
      keepAliveIntervalMs: 50,
      clientTimeoutMs: 300,
      onDisconnected: (_connection, error) => handleDisconnected(error),
    });
    const socket = await raw(url);

    const close = await socket.waitFor((record) => record.type === 7);
    await socket.closed;

    expect(close).toEqual({ type: 7, error: 'Nothing was received from the client for 300 ms.' });
    expect((await disconnected)?.message).toBe('Nothing was received from the client for 300 ms.');
  });

  it('keeps a client alive while it pings, however long it says nothing else', async () => {
    const { url } = await hubWith({ keepAliveIntervalMs: 50, clientTimeoutMs: 1000 });
    const socket = await raw(url);

    // 1.5 s of pings, well past the 1 s timeout, with margin for a busy machine between pings.
    for (let i = 0; i < 15; i += 1) {
      socket.send(`{"type":6}${RS}`);
      await sleep(100);
    }
    socket.send(`{"type":1,"invocationId":"1","target":"Echo","arguments":["alive"]}${RS}`);

    await expect(socket.waitFor((record) => record.invocationId === '1')).resolves.toMatchObject({
      result: 'alive',
    });
    expect(socket.records.some((record) => record.type === 7)).toBe(false);
  });

  it('keeps the official client connected through its own pings', async () => {
    const { url } = await hubWith({ keepAliveIntervalMs: 50, clientTimeoutMs: 1000 });
    const connection = await startClient(url, { keepAliveIntervalMs: 100 });
    cleanups.push(() => connection.stop());
    let closedWith: Error | undefined | 'open' = 'open';
    connection.onclose((error) => (closedWith = error));

    await sleep(1500);

    expect(closedWith).toBe('open');
    await expect(connection.invoke('Echo', 'still here')).resolves.toBe('still here');
  });

  it('closes a socket that never completes the handshake', async () => {
    const { url } = await hubWith({ handshakeTimeoutMs: 150 });
    const socket = await raw(url, false);

    const answer = await socket.waitFor(() => true);
    await socket.closed;

    expect(answer).toEqual({ error: 'The handshake was not completed in time.' });
  });
});
