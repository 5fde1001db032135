/**
 * Worker thread of the dispatch-latency benchmark (load-board-bench.ts): board screens on the
 * official @microsoft/signalr client, logged in to the hub, each noting when every loadUpdate_v1
 * reaches it. For each load the main thread awaits, it answers the time the last of the clients
 * received that load's event, so the request and the fan-out are timed end to end.
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
  | { type: 'close' };

export type BoardClientsMessage =
  | { type: 'connected'; count: number }
  | { type: 'arrived'; loadId: number; lastAt: number; clients: number }
  | { type: 'closed' }
  | { type: 'error'; message: string };

const connections: HubConnection[] = [];
/** Per load: how many clients have it, and when the last of them got it. */
const seen = new Map<number, { clients: number; lastAt: number }>();
const waiting = new Map<number, () => void>();

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

parentPort!.on('message', (command: BoardClientsCommand) => {
  const reply = (message: BoardClientsMessage) => parentPort!.postMessage(message);
  void (async () => {
    try {
      if (command.type === 'connect') {
        reply({ type: 'connected', count: await connect(command) });
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
