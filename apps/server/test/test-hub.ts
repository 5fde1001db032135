/**
 * Test helper: a real dispatcher (the DispatchHub) on loopback over a test app's databases, with its
 * change feed, and official SignalR clients on it that it stops again on close.
 */
import pino from 'pino';
import { createChangeFeed } from '../src/dispatch/change-feed';
import { dispatchHubPath, type Dispatcher } from '../src/dispatch/dispatcher';
import { createDispatchHub, type DispatchHubDeps } from '../src/dispatch/hub-wiring';
import { connectHub, type HubClient } from './hub-client';
import type { TestApp } from './test-app';

export type TestHub = {
  url: string;
  /** A client connected with the token but not logged in (the hub refuses what it may not do). */
  connect(token: string): Promise<HubClient>;
  /** A client logged in as the user, on the test app's database unless another is named. */
  login(username: string, token: string, database?: string): Promise<HubClient>;
  /** The dispatcher's connection list (access flags, last Ping). */
  connections: Dispatcher['connections'];
  /** Stops every client, then the dispatcher and its change feed. */
  close(): Promise<void>;
};

/** What a test may choose of the dispatcher; its clock is the real one unless given. */
export type TestHubOptions = Partial<Pick<DispatchHubDeps, 'now' | 'scaleSource' | 'printing'>>;

export async function startTestHub(t: TestApp, options: TestHubOptions = {}): Promise<TestHub> {
  const feed = createChangeFeed(t.tenancy);
  const dispatcher = createDispatchHub({
    tenancy: t.tenancy,
    changeFeed: feed,
    now: () => new Date(),
    logger: pino({ level: 'silent' }),
    ...options,
  });
  const { port } = await dispatcher.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}${dispatchHubPath}`;
  const clients: HubClient[] = [];
  const connect = async (token: string) => {
    const client = await connectHub(url, token);
    clients.push(client);
    return client;
  };
  return {
    url,
    connect,
    connections: () => dispatcher.connections(),
    async login(username, token, database = t.database) {
      const client = await connect(token);
      await client.connection.invoke('Login', username, token, 43200, database);
      return client;
    },
    async close() {
      await Promise.allSettled(clients.map((client) => client.connection.stop()));
      await dispatcher.close();
      await feed.close();
    },
  };
}
