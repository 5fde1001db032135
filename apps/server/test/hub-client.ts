/** Test helper: the official SignalR client on the DispatchHub, recording every event it hears. */
import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { dispatchEventNames } from '@dispatch/domain/dispatch/dispatch-events';

export type Received = { name: string; data: unknown };

export type HubClient = {
  connection: HubConnection;
  received: Received[];
  /** Resolves with the first event of that name (and matching `where`), waiting up to `timeoutMs`. */
  next(name: string, where?: (data: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  /** The events of that name (and matching `where`) heard so far. */
  all(name: string, where?: (data: unknown) => boolean): unknown[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Connects (not logged in yet) with a bearer token, over WebSockets as the web app does. */
export async function connectHub(url: string, token: string): Promise<HubClient> {
  const connection = new HubConnectionBuilder()
    .withUrl(url, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  const received: Received[] = [];
  for (const name of dispatchEventNames) {
    connection.on(name, (data: unknown) => received.push({ name, data }));
  }
  await connection.start();
  const all = (name: string, where: (data: unknown) => boolean = () => true) =>
    received.filter((event) => event.name === name && where(event.data)).map((e) => e.data);
  return {
    connection,
    received,
    all,
    async next(name, where = () => true, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((event) => event.name === name && where(event.data));
        if (found) return found.data;
        if (Date.now() > deadline) throw new Error(`no ${name} within ${timeoutMs} ms`);
        await sleep(10);
      }
    },
  };
}
