/**
 * Lean WebSocket clients speaking the dispatcher's JSON hub protocol (handshake, Login, pings),
 * for the benchmarks' client worker threads (hub-bench-clients.ts, positions-bench-clients.ts).
 *
 * The clients are lean on purpose: hundreds of them share this machine's cores with the servers
 * being measured, so each reads frames off its socket by hand (RFC 6455: the servers send whole,
 * unmasked text frames) and hands each text frame, unparsed, to the benchmark, which looks only at
 * what it measures. The baselines' clients (a bare `ws` server, no hub protocol) are these same
 * clients. Nothing runs on import: a worker calls serveClients.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import { parentPort } from 'node:worker_threads';

export type ConnectCommand = {
  type: 'connect';
  url: string;
  count: number;
  /** Speak the hub protocol (handshake and Login); false for the bare baseline server. */
  hub: boolean;
  login?: { username: string; token: string; database: string };
};

/** What the main thread sends a client worker. */
export type ClientsCommand =
  ConnectCommand | { type: 'reset' } | { type: 'report' } | { type: 'close' };

/** The hub protocol's record separator, after every JSON message. */
export const separator = '\u001e';

// Every client receives the same stamps: parse each once (Date.parse was most of a thread's work).
const stampTimes = new Map<string, number>();
/** Date.parse of an ISO time stamp, cached. */
export function timeOf(stamp: string): number {
  let time = stampTimes.get(stamp);
  if (time === undefined) {
    if (stampTimes.size > 1_000) stampTimes.clear();
    time = Date.parse(stamp);
    stampTimes.set(stamp, time);
  }
  return time;
}

/**
 * Calls onMessage for each message of a frame that holds `key` (a frame may hold several
 * messages, each ended by the separator) with where `key` stands and where its message starts
 * and ends; stops at the frame's end, or where onMessage answers false.
 */
export function eachMessage(
  payload: Buffer,
  key: Buffer,
  onMessage: (target: number, start: number, end: number) => boolean | void,
): void {
  let from = 0;
  for (;;) {
    const target = payload.indexOf(key, from);
    if (target === -1) return;
    const found = payload.indexOf(0x1e, target);
    const end = found === -1 ? payload.length : found;
    if (onMessage(target, payload.lastIndexOf(0x1e, target) + 1, end) === false) return;
    from = end;
  }
}

/** A client's frame: masked, as RFC 6455 requires of clients. */
export function clientFrame(opcode: number, text: string): Buffer {
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
export function frameReader(onFrame: (opcode: number, payload: Buffer) => void) {
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

/**
 * Opens one client: the WebSocket upgrade, then (hub) the handshake and Login. `onSocket` is
 * called as soon as the socket is upgraded, and answers what receives the client's text frames
 * once it is ready (logged in; at once against the baseline). Resolves when the client is ready.
 */
function open(
  command: ConnectCommand,
  onSocket: (socket: Socket) => (payload: Buffer) => void,
): Promise<void> {
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
      const record = onSocket(socket);
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

/** What a benchmark's client worker measures; serveClients does the rest. */
export type ClientsBench = {
  /** A new client of this connect command: answers what receives its text frames. */
  client(command: ConnectCommand): (payload: Buffer) => void;
  /** Forgets what was measured so far (after the warm-up). */
  reset(): void;
  /** The message answering a report command (its type 'report'). */
  report(clients: number): object;
  /** After every client's socket is destroyed. */
  close?(): void;
};

/**
 * Runs this worker thread's clients: answers the main thread's commands (connect → 'connected',
 * reset → 'reset', report → the bench's report, close → 'closed'; a failure → 'error') and
 * pings every hub client, as the official client does.
 */
export function serveClients(bench: ClientsBench): void {
  const port = parentPort!;
  const sockets: Socket[] = [];

  // A hub client must be heard from within the server's timeout: ping as the official client does.
  setInterval(() => {
    for (const socket of sockets) {
      if (!socket.destroyed) socket.write(clientFrame(0x1, `{"type":6}${separator}`));
    }
  }, 10_000).unref();

  port.on('message', (command: ClientsCommand) => {
    void (async () => {
      if (command.type === 'connect') {
        // In small batches, as a shift's PCs would, not all in one burst.
        for (let done = 0; done < command.count; done += 25) {
          const batch = Math.min(25, command.count - done);
          await Promise.all(
            Array.from({ length: batch }, () =>
              open(command, (socket) => {
                sockets.push(socket);
                return bench.client(command);
              }),
            ),
          );
        }
        port.postMessage({ type: 'connected', count: sockets.length });
      } else if (command.type === 'reset') {
        bench.reset();
        port.postMessage({ type: 'reset' });
      } else if (command.type === 'report') {
        port.postMessage(bench.report(sockets.length));
      } else {
        for (const socket of sockets.splice(0)) socket.destroy();
        bench.close?.();
        port.postMessage({ type: 'closed' });
      }
    })().catch((error: unknown) => port.postMessage({ type: 'error', message: String(error) }));
  });
}
