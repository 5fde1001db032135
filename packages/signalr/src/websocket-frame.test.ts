import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { encodeTextFrame } from './websocket-frame';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) {
    cleanup();
  }
});

describe('encodeTextFrame', () => {
  it('frames payloads of every length encoding so a real WebSocket client reads them as text', async () => {
    // 7-bit, 16-bit and 64-bit payload lengths, at and around each boundary.
    const lengths = [1, 125, 126, 65_535, 65_536, 70_000];
    const server = createServer();
    const sockets = new WebSocketServer({ noServer: true });
    server.on('upgrade', (request, socket, head) => {
      sockets.handleUpgrade(request, socket, head, () => {
        for (const length of lengths) {
          socket.write(encodeTextFrame(Buffer.alloc(length, 0x61)));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => server.close());
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    cleanups.push(() => client.terminate());

    const received = await new Promise<{ length: number; isBinary: boolean }[]>((resolve) => {
      const messages: { length: number; isBinary: boolean }[] = [];
      client.on('message', (data: Buffer, isBinary) => {
        messages.push({ length: data.length, isBinary });
        if (messages.length === lengths.length) {
          resolve(messages);
        }
      });
    });

    expect(received).toEqual(lengths.map((length) => ({ length, isBinary: false })));
  });
});
