/**
 * Worker thread of the order-creation benchmark: the clients that save orders and a LISTEN
 * connection of their own on the dispatch channel, so that neither the requests nor the events
 * are handled on the server's thread (a client on the server's event loop would be measured too).
 */
import http from 'node:http';
import { parentPort } from 'node:worker_threads';
import pg from 'pg';
import { dispatchChannel } from '../src/dispatch/publish';

export type CreateClientsCommand = {
  apiUrl: string;
  token: string;
  physicalUrl: string;
  body: string;
  connections: number;
  seconds: number;
};

export type CreateClientsResult = {
  latencies: number[];
  elapsedSeconds: number;
  /** Orders saved in the warm-up and the measured part. */
  ordersSaved: number;
  failures: number;
  lastFailure: string;
};

async function run(command: CreateClientsCommand): Promise<CreateClientsResult> {
  const waiting = new Map<number, () => void>();
  const arrived = new Set<number>();
  const listener = new pg.Client({ connectionString: command.physicalUrl });
  await listener.connect();
  listener.on('notification', (message) => {
    const event = JSON.parse(message.payload ?? '{}') as {
      name?: string;
      data?: { id?: number };
      ids?: number[];
    };
    if (event.name !== 'orderUpdate_v1') return;
    for (const id of event.data?.id !== undefined ? [event.data.id] : (event.ids ?? [])) {
      arrived.add(id);
      waiting.get(id)?.();
    }
  });
  await listener.query(`LISTEN ${pg.escapeIdentifier(dispatchChannel)}`);
  const eventOf = (id: number) =>
    arrived.has(id) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(id, resolve));

  // node:http on kept-alive sockets, one per client: fetch (undici) took about 1.4 ms of this
  // machine's CPU per order, a third of what the server itself spends, and slowed the server.
  const agent = new http.Agent({ keepAlive: true, maxSockets: command.connections });
  const url = new URL('/api/v1/orders', command.apiUrl);
  const headers = {
    authorization: `Bearer ${command.token}`,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(command.body)),
  };
  const post = () =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(url, { method: 'POST', headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(command.body);
    });
  const latencies: number[] = [];
  let failures = 0;
  let lastFailure = '';
  let ordersSaved = 0;
  const client = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await post();
      if (response.status !== 201) {
        failures += 1;
        lastFailure = `${response.status} ${response.text.slice(0, 200)}`;
        continue;
      }
      const { id } = JSON.parse(response.text) as { id: number };
      ordersSaved += 1;
      await eventOf(id);
      waiting.delete(id);
      if (record) latencies.push(performance.now() - started);
    }
  };
  const clients = (seconds: number, record: boolean) => {
    const until = performance.now() + seconds * 1000;
    return Promise.all(Array.from({ length: command.connections }, () => client(until, record)));
  };
  // A short warm-up, so the measured part runs with hot caches and JIT-compiled handlers.
  await clients(2, false);
  const started = performance.now();
  await clients(command.seconds, true);
  const elapsedSeconds = (performance.now() - started) / 1000;
  await listener.end();
  agent.destroy();
  return { latencies, elapsedSeconds, ordersSaved, failures, lastFailure };
}

parentPort?.once('message', (command: CreateClientsCommand) => {
  run(command).then(
    (result) => parentPort?.postMessage({ type: 'done', result }),
    (error: unknown) => parentPort?.postMessage({ type: 'error', message: String(error) }),
  );
});
