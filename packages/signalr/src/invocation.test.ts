import type { HubConnection as ClientConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { startClient } from './test-support/official-client';
import { RS, openRaw } from './test-support/raw-client';
import type { RawClient } from './test-support/raw-client';
import { startTestHub } from './test-support/test-hub';
import type { TestHub, TestUser } from './test-support/test-hub';
import type { HubConnection } from './types';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

async function hubWith(methods: Parameters<typeof startTestHub>[0]): Promise<TestHub> {
  const hub = await startTestHub(methods);
  cleanups.push(() => hub.close());
  return hub;
}

async function client(url: string): Promise<ClientConnection> {
  const connection = await startClient(url);
  cleanups.push(() => connection.stop());
  return connection;
}

async function raw(url: string): Promise<RawClient> {
  const connection = await openRaw(url);
  cleanups.push(() => connection.socket.terminate());
  return connection;
}

describe('invocations from the official client', () => {
  it('answers invoke with the method result, sync or async', async () => {
    const { url } = await hubWith({
      methods: {
        Add: (_connection, a, b) => Number(a) + Number(b),
        WhoAmI: async (connection: HubConnection<TestUser>) => {
          await new Promise((resolve) => setImmediate(resolve));
          return { name: connection.user.name, id: connection.id };
        },
        Nothing: () => undefined,
      },
    });
    const connection = await client(url);

    await expect(connection.invoke('Add', 2, 3)).resolves.toBe(5);
    await expect(connection.invoke('WhoAmI')).resolves.toEqual({
      name: 'anonymous',
      id: connection.connectionId,
    });
    await expect(connection.invoke('Nothing')).resolves.toBeUndefined();
  });

  it('rejects invoke of an unknown method', async () => {
    const { url } = await hubWith({ methods: {} });
    const connection = await client(url);

    await expect(connection.invoke('NoSuchMethod', 1)).rejects.toThrow(
      "Unknown hub method 'NoSuchMethod'",
    );
  });

  it('rejects with the thrown error message, never the stack', async () => {
    const { url, logs } = await hubWith({
      methods: {
        Fail: () => {
          throw new Error('The truck is locked by another dispatcher.');
        },
        FailLater: () => Promise.reject(new Error('Later failure.')),
      },
    });
    const connection = await client(url);

    const failure = await connection.invoke('Fail').catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('The truck is locked by another dispatcher.');
    await expect(connection.invoke('FailLater')).rejects.toThrow(/^Later failure\.$/);
    // The server keeps the stack for itself.
    expect(logs.entries.filter((entry) => entry.level === 'error')).toHaveLength(2);
  });

  it('runs send without answering it', async () => {
    const received: unknown[] = [];
    const { url } = await hubWith({
      methods: {
        Note: (_connection, text) => {
          received.push(text);
          return 'ignored result';
        },
        Echo: (_connection, value) => value,
      },
    });
    const connection = await client(url);

    await connection.send('Note', 'first');
    // Invocations run in order, so once Echo answers, Note has run.
    await expect(connection.invoke('Echo', 'after')).resolves.toBe('after');
    expect(received).toEqual(['first']);
  });

  it('matches method names case-insensitively', async () => {
    const { url } = await hubWith({
      methods: { LockRecord: (_connection, id) => `locked ${String(id)}` },
    });
    const connection = await client(url);

    await expect(connection.invoke('lockrecord', 7)).resolves.toBe('locked 7');
    await expect(connection.invoke('LOCKRECORD', 8)).resolves.toBe('locked 8');
  });

  it('refuses to create a hub whose method names differ only in case', async () => {
    await expect(hubWith({ methods: { Login: () => 1, login: () => 2 } })).rejects.toThrow(
      /differ only in case/,
    );
  });
});

describe('invocations on the wire', () => {
  it('answers each of several invocations batched in one frame, and never the one without an id', async () => {
    const { url } = await hubWith({ methods: { Echo: (_connection, value) => value } });
    const socket = await raw(url);

    socket.send(
      `{"type":1,"invocationId":"a","target":"Echo","arguments":[1]}${RS}` +
        `{"type":1,"target":"Echo","arguments":[2]}${RS}` +
        `{"type":1,"invocationId":"b","target":"echo","arguments":[3],"headers":{"x":"y"}}${RS}`,
    );

    await socket.waitFor((record) => record.invocationId === 'b');
    const completions = socket.records.filter((record) => record.type === 3);
    expect(completions).toEqual([
      { type: 3, invocationId: 'a', result: 1 },
      { type: 3, invocationId: 'b', result: 3 },
    ]);
  });

  it('accepts the handshake and a first invocation in the same frame, and records split across frames', async () => {
    const { url } = await hubWith({ methods: { Echo: (_connection, value) => value } });
    const socket = await openRaw(url, {
      handshake: `{"protocol":"json","version":1}${RS}{"type":1,"invocationId":"1","target":"Echo","arguments":["x"]}${RS}`,
    });
    cleanups.push(() => socket.socket.terminate());
    await expect(socket.waitFor((record) => record.invocationId === '1')).resolves.toEqual({
      type: 3,
      invocationId: '1',
      result: 'x',
    });

    socket.send('{"type":1,"invocationId":"2","tar');
    socket.send(`get":"Echo","arguments":["y"]}${RS}`);
    await expect(socket.waitFor((record) => record.invocationId === '2')).resolves.toMatchObject({
      result: 'y',
    });
  });

  it('ends every outgoing frame with a whole record', async () => {
    const { url, hub } = await hubWith({
      methods: { Echo: (_connection, value) => value },
      maximumMessageBytes: 100_000,
    });
    const socket = await raw(url);
    // Past 65535 bytes the frame length takes 8 bytes.
    const big = 'x'.repeat(70_000);

    socket.send(`{"type":1,"invocationId":"1","target":"Echo","arguments":["${big}"]}${RS}`);
    hub.clients.all.send('tick', big);
    // Server-to-client invocations carry no invocationId: the client never answers them.
    await expect(socket.waitFor((record) => record.target === 'tick')).resolves.toEqual({
      type: 1,
      target: 'tick',
      arguments: [big],
    });
    await socket.waitFor((record) => record.invocationId === '1');

    expect(socket.frames.length).toBeGreaterThanOrEqual(3);
    for (const frame of socket.frames) {
      expect(frame.endsWith(RS)).toBe(true);
      expect(frame.indexOf(RS)).toBe(frame.length - 1);
    }
  });

  it('answers an invocation that is missing its target or has bad arguments with an error', async () => {
    const { url } = await hubWith({ methods: { Echo: (_connection, value) => value } });
    const socket = await raw(url);

    socket.send(`{"type":1,"invocationId":"1","arguments":[]}${RS}`);
    socket.send(`{"type":1,"invocationId":"2","target":"Echo","arguments":{"0":1}}${RS}`);
    socket.send(`{"type":1,"invocationId":"3","target":"Echo"}${RS}`);

    await expect(socket.waitFor((record) => record.invocationId === '1')).resolves.toMatchObject({
      error: expect.stringContaining('target') as unknown,
    });
    await expect(socket.waitFor((record) => record.invocationId === '2')).resolves.toMatchObject({
      error: expect.stringContaining('not an array') as unknown,
    });
    // ASP.NET Core requires arguments; a missing list is read as none.
    await expect(socket.waitFor((record) => record.invocationId === '3')).resolves.toEqual({
      type: 3,
      invocationId: '3',
    });
  });

  it('answers with an error when the result cannot be serialised', async () => {
    const { url } = await hubWith({ methods: { Big: () => 10n } });
    const socket = await raw(url);

    socket.send(`{"type":1,"invocationId":"1","target":"Big","arguments":[]}${RS}`);

    await expect(socket.waitFor((record) => record.invocationId === '1')).resolves.toEqual({
      type: 3,
      invocationId: '1',
      error: "The result of 'Big' could not be serialised.",
    });
  });
});
