/**
 * Worker thread of the dispatch-latency benchmark (load-board-bench.ts): board screens on the
 * official @microsoft/signalr client, logged in to the hub, each noting when every loadUpdate_v1
 * reaches it. For each load the main thread awaits, it answers the time the last of the clients
 * received that load's event, so the request and the fan-out are timed end to end. The same
 * clients note the delivered quantity each orderUpdate_v1 carries, for the delivery figure.
 */
import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { parentPort } from 'node:worker_threads';

export type BoardClientsCommand =
  | {
      type: 'connect';
      url: string;
      count: number;
      username: string;
      token: string;
      database: string;
    }
  | { type: 'await'; loadId: number; timeoutMs: number }
  /** Until every client has an orderUpdate_v1 of the order delivering at least `delivered`. */
  | { type: 'awaitOrder'; orderId: number; delivered: number; timeoutMs: number }
  | { type: 'close' };

export type BoardClientsMessage =
  | { type: 'connected'; count: number }
  | { type: 'arrived'; loadId: number; lastAt: number; clients: number }
  | { type: 'orderArrived'; orderId: number; lastAt: number; clients: number }
  | { type: 'closed' }
  | { type: 'error'; message: string };

const connections: HubConnection[] = [];
let nextClient = 0;
/** Per load: how many clients have it, and when the last of them got it. */
const seen = new Map<number, { clients: number; lastAt: number }>();
const waiting = new Map<number, () => void>();

type OrderHeard = { clients: number; lastAt: number };
type ClientHeard = { lastAt: number; delivered: number };
/** Per order, per client: the most it has heard the order deliver, and when. */
const deliveredHeard = new Map<number, Map<number, ClientHeard>>();
const waitingOrders = new Map<number, { delivered: number; done: () => void }>();

type LiveOrder = {
  id?: number;
  schedules?: { primaryProduct?: { deliveredQuantity?: number } | null }[];
};

/** What the board shows as delivered: the primary products' delivered quantities. */
const deliveredOf = (data: LiveOrder) =>
  (data.schedules ?? []).reduce(
    (sum, form) => sum + (form.primaryProduct?.deliveredQuantity ?? 0),
    0,
  );

function orderReached(orderId: number, delivered: number): OrderHeard {
  const clients = [...(deliveredHeard.get(orderId)?.values() ?? [])].filter(
    (entry) => entry.delivered >= delivered - 0.0005,
  );
  return { clients: clients.length, lastAt: Math.max(0, ...clients.map((entry) => entry.lastAt)) };
}

function heardOrder(client: number, data: LiveOrder): void {
  if (typeof data?.id !== 'number') return;
  const delivered = deliveredOf(data);
  const byClient = deliveredHeard.get(data.id) ?? new Map<number, ClientHeard>();
  const before = byClient.get(client);
  // The first time a client hears the order reach a quantity is when its screen showed it.
  if (!before || delivered > before.delivered) {
    byClient.set(client, { lastAt: Date.now(), delivered });
  }
  deliveredHeard.set(data.id, byClient);
  const waiting = waitingOrders.get(data.id);
  if (waiting && orderReached(data.id, waiting.delivered).clients >= connections.length) {
    waiting.done();
  }
}

function heard(loadId: number): void {
  const at = Date.now();
  const entry = seen.get(loadId) ?? { clients: 0, lastAt: 0 };
  entry.clients += 1;
  entry.lastAt = Math.max(entry.lastAt, at);
  seen.set(loadId, entry);
  if (entry.clients >= connections.length) waiting.get(loadId)?.();
}

async function connect(command: Extract<BoardClientsCommand, { type: 'connect' }>) {
  // A few at a time: two hundred negotiations at once would be measured as the hub's start-up.
  for (let start = 0; start < command.count; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, command.count - start) }, async () => {
        const connection = new HubConnectionBuilder()
          .withUrl(command.url, {
            accessTokenFactory: () => command.token,
            transport: HttpTransportType.WebSockets,
          })
          .configureLogging(LogLevel.None)
          .build();
        connection.on('loadUpdate_v1', (data: { id?: number }) => {
          if (typeof data?.id === 'number') heard(data.id);
        });
        const client = nextClient++;
        connection.on('orderUpdate_v1', (data: LiveOrder) => heardOrder(client, data));
        await connection.start();
        await connection.invoke('Login', command.username, command.token, 43200, command.database);
        connections.push(connection);
      }),
    );
  }
  return connections.length;
}

function awaitLoad(
  loadId: number,
  timeoutMs: number,
): Promise<{ lastAt: number; clients: number }> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(loadId);
      const entry = seen.get(loadId) ?? { clients: 0, lastAt: 0 };
      seen.delete(loadId);
      resolve(entry);
    };
    const timer = setTimeout(done, timeoutMs);
    waiting.set(loadId, done);
    if ((seen.get(loadId)?.clients ?? 0) >= connections.length) done();
  });
}

function awaitOrder(orderId: number, delivered: number, timeoutMs: number): Promise<OrderHeard> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waitingOrders.delete(orderId);
      resolve(orderReached(orderId, delivered));
    };
    const timer = setTimeout(done, timeoutMs);
    waitingOrders.set(orderId, { delivered, done });
    if (orderReached(orderId, delivered).clients >= connections.length) done();
  });
}

parentPort!.on('message', (command: BoardClientsCommand) => {
  const reply = (message: BoardClientsMessage) => parentPort!.postMessage(message);
  void (async () => {
    try {
      if (command.type === 'connect') {
        reply({ type: 'connected', count: await connect(command) });
      } else if (command.type === 'awaitOrder') {
        const { lastAt, clients } = await awaitOrder(
          command.orderId,
          command.delivered,
          command.timeoutMs,
        );
        reply({ type: 'orderArrived', orderId: command.orderId, lastAt, clients });
      } else if (command.type === 'await') {
        const { lastAt, clients } = await awaitLoad(command.loadId, command.timeoutMs);
        reply({ type: 'arrived', loadId: command.loadId, lastAt, clients });
      } else {
        await Promise.allSettled(connections.map((connection) => connection.stop()));
        reply({ type: 'closed' });
      }
    } catch (error) {
      reply({ type: 'error', message: String(error) });
    }
  })();
});
