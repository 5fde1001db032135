import { Subject } from '@microsoft/signalr';
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

const invocation = (id: string, value: unknown): string =>
  `${JSON.stringify({ type: 1, invocationId: id, target: 'Echo', arguments: [value] })}${RS}`;

describe('handshake', () => {
  it('answers an unsupported protocol or version with an error, then closes', async () => {
    const { url } = await hubWith();

    for (const [request, error] of [
      [
        `{"protocol":"messagepack","version":1}${RS}`,
        "The protocol 'messagepack' is not supported.",
      ],
      [
        `{"protocol":"json","version":2}${RS}`,
        "The server does not support version 2 of the 'json' protocol.",
      ],
      ['not json' + RS, 'The handshake request is not valid JSON.'],
    ] as const) {
      const socket = await raw(url, request);
      expect(socket.records).toEqual([{ error }]);
      await socket.closed;
    }
  });
});

describe('message size limit', () => {
  it('refuses a message over the limit: close message with an error, then the socket closes', async () => {
    const { url } = await hubWith({ maximumMessageBytes: 1024 });
    const socket = await raw(url);

    socket.send(invocation('1', 'small'));
    await socket.waitFor((record) => record.invocationId === '1');
    socket.send(invocation('2', 'x'.repeat(2000)));

    await expect(socket.waitFor((record) => record.type === 7)).resolves.toEqual({
      type: 7,
      error: 'The message exceeds the maximum size of 1024 bytes.',
    });
    await socket.closed;
    expect(socket.records.some((record) => record.invocationId === '2')).toBe(false);
  });

  it('refuses an unfinished message that grows past the limit', async () => {
    const { url } = await hubWith({ maximumMessageBytes: 1024 });
    const socket = await raw(url);

    socket.send(`{"type":1,"target":"Echo","arguments":["${'x'.repeat(1100)}`);

    await expect(socket.waitFor((record) => record.type === 7)).resolves.toMatchObject({
      error: 'The message exceeds the maximum size of 1024 bytes.',
    });
  });

  it('accepts several messages in one frame that together exceed the limit', async () => {
    const { url } = await hubWith({ maximumMessageBytes: 1024 });
    const socket = await raw(url);

    socket.send(invocation('1', 'x'.repeat(900)) + invocation('2', 'y'.repeat(900)));

    await expect(socket.waitFor((record) => record.invocationId === '2')).resolves.toMatchObject({
      result: 'y'.repeat(900),
    });
  });

  it('lets the official client see the refusal as a close error', async () => {
    const { url } = await hubWith({ maximumMessageBytes: 1024 });
    const connection = await startClient(url);
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));

    await connection.send('Echo', 'z'.repeat(5000));

    expect((await closed)?.message).toBe(
      'Server returned an error on close: The message exceeds the maximum size of 1024 bytes.',
    );
  });
});

describe('messages the server does not serve', () => {
  it('refuses streaming cleanly with a completion error and keeps the connection', async () => {
    const { url } = await hubWith();
    const socket = await raw(url);

    socket.send(
      `{"type":4,"invocationId":"s1","target":"Echo","arguments":[]}${RS}` +
        `{"type":1,"invocationId":"s2","target":"Echo","arguments":[],"streamIds":["9"]}${RS}` +
        `{"type":2,"invocationId":"9","item":1}${RS}` +
        `{"type":2,"invocationId":"9","item":2}${RS}` +
        `{"type":5,"invocationId":"s1"}${RS}` +
        `{"type":3,"invocationId":"9"}${RS}` +
        `{"type":4,"target":"Echo","arguments":[]}${RS}` +
        `{"type":99,"whatever":true}${RS}` +
        invocation('after', 'still served'),
    );

    await socket.waitFor((record) => record.invocationId === 'after');
    const completions = socket.records.filter((record) => record.type === 3);
    expect(completions).toEqual([
      {
        type: 3,
        invocationId: 's1',
        error: 'Streaming hub methods are not supported by this server.',
      },
      {
        type: 3,
        invocationId: 's2',
        error: 'Client-to-server streaming is not supported by this server.',
      },
      {
        type: 3,
        invocationId: '9',
        error: 'Client-to-server streaming is not supported by this server.',
      },
      { type: 3, invocationId: 'after', result: 'still served' },
    ]);
  });

  it('rejects the official client stream() and streaming arguments with the refusal', async () => {
    const { url } = await hubWith();
    const connection = await startClient(url);
    cleanups.push(() => connection.stop());

    const streamError = await new Promise<Error>((resolve) => {
      connection.stream('Echo').subscribe({
        next: () => {},
        error: resolve,
        complete: () => resolve(new Error('completed')),
      });
    });
    const upload = new Subject<number>();
    const uploadResult = connection.invoke('Echo', upload);
    upload.next(1);
    upload.complete();

    expect(streamError.message).toBe('Streaming hub methods are not supported by this server.');
    await expect(uploadResult).rejects.toThrow(
      'Client-to-server streaming is not supported by this server.',
    );
    await expect(connection.invoke('Echo', 'ok')).resolves.toBe('ok');
  });

  it('closes with an error on a message that is not a hub message', async () => {
    const { url } = await hubWith();
    const socket = await raw(url);

    socket.send(`{not json${RS}`);

    await expect(socket.waitFor((record) => record.type === 7)).resolves.toEqual({
      type: 7,
      error: 'Received a message that is not a JSON object with a numeric type.',
    });
    await socket.closed;
  });

  it('accepts binary frames and ends the connection on a close message from the client', async () => {
    let handleDisconnected: (error: Error | undefined) => void = () => {};
    const disconnected = new Promise<Error | undefined>(
      (resolve) => (handleDisconnected = resolve),
    );
    const { url } = await hubWith({
      onDisconnected: (_connection, error) => handleDisconnected(error),
    });
    const socket = await raw(url);

    socket.socket.send(Buffer.from(invocation('1', 'binary')));
    await socket.waitFor((record) => record.invocationId === '1');
    socket.send(`{"type":7}${RS}`);

    await socket.closed;
    expect(await disconnected).toBeUndefined();
  });
});
