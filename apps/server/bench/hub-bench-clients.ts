/**
 * Worker thread of the hub benchmark: holds the WebSocket clients, speaks the JSON hub protocol
 * (handshake, Login, pings) and records, for every truckUpdate_v1 it receives, the time from the
 * write (the truck's statusDateTime, stamped by the server) to its arrival here.
 *
 * The clients are lean on purpose: a thousand of them share this machine's two cores with the
 * servers being measured, so each reads frames off its socket by hand (RFC 6455: the servers send
 * whole, unmasked text frames) and looks only at what it measures, without decoding whole
 * messages. In the field the screens are on other machines; the lighter the measuring tool, the
 * closer the figure is to that. The baseline's clients are these same clients.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import { parentPort } from 'node:worker_threads';

type Command =
  | {
      type: 'connect';
      url: string;
      count: number;
      hub: boolean;
      login?: { username: string; token: string; database: string };
    }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'close' };

const separator = '\u001e';
const sockets: Socket[] = [];
let latencies: number[] = [];
let received = 0;
/** The first truckUpdate_v1 payload seen, so the baseline can broadcast the very same shape. */
let sample: Record<string, unknown> | undefined;

// Searched for as bytes: a string needle is converted again on every search.
const targetKey = Buffer.from('"truckUpdate_v1"');
const stampKey = Buffer.from('"statusDateTime":"');

// Every client receives the same stamps: parse each once (Date.parse was most of this thread's work).
const stampTimes = new Map<string, number>();
function timeOf(stamp: string): number {
  let time = stampTimes.get(stamp);
  if (time === undefined) {
    if (stampTimes.size > 1_000) stampTimes.clear();
    time = Date.parse(stamp);
    stampTimes.set(stamp, time);
  }
  return time;
}

/** Finds each truckUpdate_v1 in a frame (a frame may hold several messages) and its time stamp. */
function record(payload: Buffer): void {
  const arrived = Date.now();
  let from = 0;
  for (;;) {
    const target = payload.indexOf(targetKey, from);
    if (target === -1) return;
    const stamp = payload.indexOf(stampKey, target);
    const end = payload.indexOf(0x1e, target);
    if (stamp === -1 || (end !== -1 && stamp > end)) return;
    const at = stamp + stampKey.length;
    latencies.push(arrived - timeOf(payload.toString('latin1', at, payload.indexOf(0x22, at))));
    received += 1;
    if (sample === undefined) {
      const start = payload.lastIndexOf(0x1e, target) + 1;
      const message = JSON.parse(payload.toString('utf8', start, end === -1 ? undefined : end)) as {
        arguments: [Record<string, unknown>];
      };
      sample = message.arguments[0];
    }
    from = end === -1 ? payload.length : end;
  }
}

/** A client's frame: masked, as RFC 6455 requires of clients. */
function clientFrame(opcode: number, text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  const headerLength = length < 126 ? 2 : 4;
  const frame = Buffer.allocUnsafe(headerLength + 4 + length);
  frame[0] = 0x80 | opcode;
  if (length < 126) {
    frame[1] = 0x80 | length;
  } else {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  }
  const mask = randomBytes(4);
  mask.copy(frame, headerLength);
  for (let index = 0; index < length; index += 1) {
    frame[headerLength + 4 + index] = payload[index]! ^ mask[index & 3]!;
  }
  return frame;
}

/** Calls onFrame with each whole frame's opcode and payload, however TCP cut them. */
function frameReader(onFrame: (opcode: number, payload: Buffer) => void) {
  let rest: Buffer | undefined;
  return (chunk: Buffer) => {
    let data = rest === undefined ? chunk : Buffer.concat([rest, chunk]);
    rest = undefined;
    while (data.length >= 2) {
      if ((data[0]! & 0x80) === 0) throw new Error('The server sent a fragmented frame.');
      let length = data[1]! & 0x7f;
      let headerLength = 2;
      if (length === 126) {
        if (data.length < 4) break;
        length = data.readUInt16BE(2);
        headerLength = 4;
      } else if (length === 127) {
        if (data.length < 10) break;
        length = data.readUInt32BE(6);
        headerLength = 10;
      }
      if (data.length < headerLength + length) break;
      onFrame(data[0]! & 0x0f, data.subarray(headerLength, headerLength + length));
      data = data.subarray(headerLength + length);
    }
    if (data.length > 0) rest = data;
  };
}

function open(command: Extract<Command, { type: 'connect' }>): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(command.url.replace(/^ws/, 'http'), {
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'sec-websocket-version': '13',
      },
    });
    request.on('response', (response) =>
      reject(new Error(`The WebSocket upgrade was answered ${response.statusCode}.`)),
    );
    request.on('error', reject);
    request.on('upgrade', (_response, socket: Socket, head: Buffer) => {
      socket.setNoDelay(true);
      sockets.push(socket);
      let ready = !command.hub;
      const read = frameReader((opcode, payload) => {
        if (opcode === 0x9) socket.write(clientFrame(0xa, payload.toString('latin1')));
        if (opcode === 0x8) socket.end();
        if (opcode !== 0x1) return;
        if (ready) return record(payload);
        const text = payload.toString('utf8');
        if (text.startsWith(`{}${separator}`)) {
          const login = command.login!;
          const args = [login.username, login.token, 43200, login.database];
          const invocation = { type: 1, invocationId: '1', target: 'Login', arguments: args };
          socket.write(clientFrame(0x1, `${JSON.stringify(invocation)}${separator}`));
        } else if (text.includes('"invocationId":"1"')) {
          if (text.includes('"error"')) return reject(new Error(`Login failed: ${text}`));
          ready = true;
          resolve();
        }
      });
      socket.on('data', read);
      socket.on('error', reject);
      if (head.length > 0) read(head);
      if (command.hub)
        socket.write(clientFrame(0x1, `{"protocol":"json","version":1}${separator}`));
      else resolve();
    });
    request.end();
  });
}

// A hub client must be heard from within the server's timeout: ping as the official client does.
setInterval(() => {
  for (const socket of sockets) {
    if (!socket.destroyed) socket.write(clientFrame(0x1, `{"type":6}${separator}`));
  }
}, 10_000).unref();

parentPort!.on('message', (command: Command) => {
  void (async () => {
    if (command.type === 'connect') {
      // In small batches, as a shift's PCs would, not all in one burst.
      for (let done = 0; done < command.count; done += 25) {
        const batch = Math.min(25, command.count - done);
        await Promise.all(Array.from({ length: batch }, () => open(command)));
      }
      parentPort!.postMessage({ type: 'connected', count: sockets.length });
    } else if (command.type === 'reset') {
      latencies = [];
      received = 0;
      parentPort!.postMessage({ type: 'reset' });
    } else if (command.type === 'report') {
      parentPort!.postMessage({ type: 'report', received, latencies, sample });
    } else {
      for (const socket of sockets.splice(0)) socket.destroy();
      parentPort!.postMessage({ type: 'closed' });
    }
  })().catch((error: unknown) =>
    parentPort!.postMessage({ type: 'error', message: String(error) }),
  );
});
