import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnection, IHttpConnectionOptions } from '@microsoft/signalr';

export type ClientOptions = IHttpConnectionOptions & {
  reconnectDelays?: number[];
  keepAliveIntervalMs?: number;
};

/** The official client, unchanged, as the browser app uses it (only logging is silenced). */
export function buildClient(url: string, options: ClientOptions = {}): HubConnection {
  const { reconnectDelays, keepAliveIntervalMs, ...httpOptions } = options;
  let builder = new HubConnectionBuilder()
    .withUrl(url, httpOptions)
    .configureLogging(LogLevel.None);
  if (reconnectDelays !== undefined) {
    builder = builder.withAutomaticReconnect(reconnectDelays);
  }
  const connection = builder.build();
  if (keepAliveIntervalMs !== undefined) {
    connection.keepAliveIntervalInMilliseconds = keepAliveIntervalMs;
  }
  return connection;
}

export async function startClient(
  url: string,
  options: ClientOptions = {},
): Promise<HubConnection> {
  const connection = buildClient(url, options);
  await connection.start();
  return connection;
}

/** Resolves with the arguments of the next call the server makes to `target`. */
export function nextCall(connection: HubConnection, target: string): Promise<unknown[]> {
  return new Promise((resolve) => {
    const handler = (...args: unknown[]): void => {
      connection.off(target, handler);
      resolve(args);
    };
    connection.on(target, handler);
  });
}
