/**
 * The wire shapes of ASP.NET SignalR 2 (the "persistent connection" framing and the hub layer
 * on top), as the official jquery.signalR 2.x client reads and writes them.
 */
import { z } from 'zod';

/** The versions a 2.x server accepts; the 2.4.3 client sends clientProtocol=2.1. */
const protocolVersions = ['1.2', '1.3', '1.4', '1.5', '2.0', '2.1'] as const;
const newestProtocolVersion = '2.1';

/** The server answers the client's version when it knows it (the client checks the echo). */
export function protocolVersionFor(clientProtocol: string | null): string {
  return protocolVersions.find((version) => version === clientProtocol) ?? newestProtocolVersion;
}

export type ConnectionTimings = {
  /** The client reconnects when nothing (not even a keep-alive) arrived for this long. */
  readonly keepAliveTimeoutSeconds: number;
  /** How long a dropped connection is kept for a reconnect. */
  readonly disconnectTimeoutSeconds: number;
  readonly connectionTimeoutSeconds: number;
  readonly transportConnectTimeoutSeconds: number;
};

/** SignalR 2's own defaults. */
export const defaultTimings: ConnectionTimings = {
  keepAliveTimeoutSeconds: 20,
  disconnectTimeoutSeconds: 30,
  connectionTimeoutSeconds: 110,
  transportConnectTimeoutSeconds: 5,
};

export function negotiateAnswer(options: {
  basePath: string;
  connectionId: string;
  connectionToken: string;
  protocolVersion: string;
  timings: ConnectionTimings;
}) {
  const { timings } = options;
  return {
    Url: options.basePath,
    ConnectionToken: options.connectionToken,
    ConnectionId: options.connectionId,
    KeepAliveTimeout: timings.keepAliveTimeoutSeconds,
    DisconnectTimeout: timings.disconnectTimeoutSeconds,
    ConnectionTimeout: timings.connectionTimeoutSeconds,
    TryWebSockets: true,
    ProtocolVersion: options.protocolVersion,
    TransportConnectTimeout: timings.transportConnectTimeoutSeconds,
    LongPollDelay: 0,
  };
}

/** connectionData is `[{"name":"intercomhub"}]`: the hubs the client subscribed to, lowercased. */
export function parseConnectionData(raw: string | null): string[] | null {
  if (raw === null || raw === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = z
    .array(z.object({ name: z.string().min(1).max(200) }))
    .max(50)
    .safeParse(value);
  return parsed.success ? parsed.data.map((hub) => hub.name.toLowerCase()) : null;
}

const hubInvocationSchema = z.object({
  H: z.string().min(1).max(200),
  M: z.string().min(1).max(200),
  A: z.array(z.unknown()).max(100).default([]),
  // The client counts invocations from 0 and sends a number; replies carry it as a string.
  I: z.union([z.int().nonnegative(), z.string().min(1).max(50)]).transform(String),
});

export type HubInvocation = {
  readonly hub: string;
  readonly method: string;
  readonly args: readonly unknown[];
  readonly id: string;
};

/** A hub invocation sent over the socket, or null for anything else. */
export function parseHubInvocation(text: string): HubInvocation | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = hubInvocationSchema.safeParse(value);
  if (!parsed.success) return null;
  const { H, M, A, I } = parsed.data;
  return { hub: H, method: M, args: A, id: I };
}

/** `{"I":"3","R":true}`; a void method's reply carries no R. */
export function hubResult(id: string, result: unknown): string {
  return JSON.stringify(result === undefined ? { I: id } : { I: id, R: result });
}

/** H marks a HubException: an error the hub meant to tell the caller about. */
export function hubError(id: string, message: string, isHubException: boolean): string {
  return JSON.stringify(isHubException ? { I: id, E: message, H: true } : { I: id, E: message });
}

/** The first frame on a new connection: S marks it initialised, which completes `start()`. */
export function initMessage(cursor: string): string {
  return JSON.stringify({ C: cursor, S: 1, M: [] });
}

/** Server-to-client hub calls, in the persistent connection's message envelope. */
export function hubEventMessage(
  cursor: string,
  hubName: string,
  event: string,
  args: readonly unknown[],
): string {
  return JSON.stringify({ C: cursor, M: [{ H: hubName, M: event, A: args }] });
}

export const keepAliveMessage = '{}';
