/**
 * Worker thread of the hub benchmark: holds a share of the WebSocket clients, speaks the JSON hub
 * protocol (handshake, Login, pings) and records, for every truckUpdate_v1 it receives, the time
 * from the write (the truck's statusDateTime, stamped by the server) to its arrival here.
 */
import { parentPort } from 'node:worker_threads';
import WebSocket from 'ws';

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
const sockets: WebSocket[] = [];
let latencies: number[] = [];
let received = 0;

const stampKey = '"statusDateTime":"';

/**
 * Reads only what it measures (the target and the write's time stamp), without parsing whole
 * messages: a thousand clients share this machine's cores with the server being measured.
 */
function record(text: string): void {
  const arrived = Date.now();
  let from = 0;
  for (;;) {
    const target = text.indexOf('"truckUpdate_v1"', from);
    if (target === -1) return;
    const stamp = text.indexOf(stampKey, target);
    const end = text.indexOf(separator, target);
    if (stamp === -1 || (end !== -1 && stamp > end)) return;
    const at = stamp + stampKey.length;
    latencies.push(arrived - Date.parse(text.slice(at, text.indexOf('"', at))));
    received += 1;
    from = end === -1 ? text.length : end;
  }
}

function open(command: Extract<Command, { type: 'connect' }>): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(command.url, { perMessageDeflate: false });
    let ready = !command.hub;
    socket.on('error', reject);
    socket.on('open', () => {
      if (command.hub) socket.send(`{"protocol":"json","version":1}${separator}`);
      else resolve();
    });
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (ready) return record(text);
      if (text.startsWith(`{}${separator}`)) {
        const login = command.login!;
        const args = [login.username, login.token, 43200, login.database];
        socket.send(
          `${JSON.stringify({ type: 1, invocationId: '1', target: 'Login', arguments: args })}${separator}`,
        );
      } else if (text.includes('"invocationId":"1"')) {
        if (text.includes('"error"')) return reject(new Error(`Login failed: ${text}`));
        ready = true;
        resolve();
      }
    });
    sockets.push(socket);
  });
}

// A hub client must be heard from within the server's timeout: ping as the official client does.
setInterval(() => {
  for (const socket of sockets) {
    if (socket.readyState === WebSocket.OPEN) socket.send(`{"type":6}${separator}`);
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
      parentPort!.postMessage({ type: 'report', received, latencies });
    } else {
      for (const socket of sockets.splice(0)) socket.terminate();
      parentPort!.postMessage({ type: 'closed' });
    }
  })().catch((error: unknown) =>
    parentPort!.postMessage({ type: 'error', message: String(error) }),
  );
});
