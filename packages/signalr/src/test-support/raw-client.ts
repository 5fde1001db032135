import { WebSocket } from 'ws';

export const RS = '\u001e';

export type RawRecord = Record<string, unknown>;

export type RawClient = {
  socket: WebSocket;
  /** Every frame the server sent, as text. */
  frames: string[];
  /** Every record the server sent, parsed, handshake answer included. */
  records: RawRecord[];
  send(text: string): void;
  /** The first record (already received or still to come) that matches. */
  waitFor(predicate: (record: RawRecord) => boolean): Promise<RawRecord>;
  closed: Promise<{ code: number }>;
};

export function toWebSocketUrl(httpUrl: string): string {
  return httpUrl.replace(/^http/, 'ws');
}

/** A bare WebSocket client speaking the JSON hub protocol by hand, for what the official client cannot express. */
export async function openRaw(
  httpUrl: string,
  options: { handshake?: string | false; headers?: Record<string, string> } = {},
): Promise<RawClient> {
  const socket = new WebSocket(toWebSocketUrl(httpUrl), { headers: options.headers });
  const frames: string[] = [];
  const records: RawRecord[] = [];
  const waiters: { predicate: (record: RawRecord) => boolean; resolve: (r: RawRecord) => void }[] =
    [];
  socket.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    frames.push(text);
    for (const part of text.split(RS).slice(0, -1)) {
      const record = JSON.parse(part) as RawRecord;
      records.push(record);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(record)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(record);
        }
      }
    }
  });
  const closed = new Promise<{ code: number }>((resolve) => {
    socket.on('close', (code: number) => resolve({ code }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const client: RawClient = {
    socket,
    frames,
    records,
    send: (text) => socket.send(text),
    waitFor(predicate) {
      const found = records.find(predicate);
      if (found !== undefined) {
        return Promise.resolve(found);
      }
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    closed,
  };
  const handshake = options.handshake ?? `{"protocol":"json","version":1}${RS}`;
  if (handshake !== false) {
    client.send(handshake);
    await client.waitFor(() => true);
  }
  return client;
}

/** Opens a WebSocket that the server is expected to refuse, and returns the HTTP status it answered. */
export function refusedStatus(
  httpUrl: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(toWebSocketUrl(httpUrl), { headers });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      socket.terminate();
    });
    socket.on('open', () => {
      socket.terminate();
      reject(new Error('The server accepted a socket it should have refused.'));
    });
    socket.on('error', () => {});
  });
}

export async function negotiate(
  httpUrl: string,
  query = '?negotiateVersion=1',
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> | undefined }> {
  const response = await fetch(`${httpUrl}/negotiate${query}`, { method: 'POST', headers });
  const text = await response.text();
  return {
    status: response.status,
    body: response.ok ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}
