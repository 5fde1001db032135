/**
 * A scale's address kept open: connects, reports when it is connected and when it is lost, and
 * connects again after a pause that doubles on each failure (0.5 s up to 10 s by default), so a
 * scale house whose converter is off is not flooded, and a brief drop is healed at once.
 */
import type { ScaleAddress } from '@dispatch/domain/plants/scale';
import type { Connection, ConnectionHandlers } from './connection';
import { connectSerial } from './serial-transport';
import { connectTcp } from './tcp-transport';

export type Backoff = { firstMs: number; maxMs: number };

export const defaultBackoff: Backoff = { firstMs: 500, maxMs: 10_000 };

export type LinkEvents = {
  data(chunk: Buffer): void;
  connected(): void;
  /** The connection was lost or could not be made; the next try is `retryInMs` away. */
  disconnected(event: { reason: string; retryInMs: number }): void;
};

export type ScaleLink = {
  /** Sends the bytes; false when there is no connection to send them on. */
  write(bytes: Buffer): boolean;
  /**
   * Drops the connection and connects again after the backoff: a connection that carries nothing
   * sensible is as good as lost (a half-open socket, a port at the wrong baud rate).
   */
  restart(reason: string): void;
  /** The device answered sensibly: the next loss is retried after the shortest pause again. */
  healthy(): void;
  close(): void;
};

export function openScaleLink(
  address: ScaleAddress,
  events: LinkEvents,
  options: { backoff?: Backoff; connectTimeoutMs?: number } = {},
): ScaleLink {
  const backoff = options.backoff ?? defaultBackoff;
  const connectTimeoutMs = options.connectTimeoutMs ?? 3000;
  let delay = backoff.firstMs;
  let current: Connection | null = null;
  // Each try has its number: events of a connection that was since dropped are ignored.
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const lost = (reason: string) => {
    current = null;
    attempt += 1;
    if (closed) return;
    const retryInMs = delay;
    delay = Math.min(delay * 2, backoff.maxMs);
    retry = setTimeout(connect, retryInMs);
    retry.unref();
    events.disconnected({ reason, retryInMs });
  };

  function connect() {
    retry = null;
    attempt += 1;
    const mine = attempt;
    const handlers: ConnectionHandlers = {
      data: (chunk) => {
        if (mine === attempt) events.data(chunk);
      },
      closed: (reason) => {
        if (mine === attempt) lost(reason);
      },
    };
    open(address, handlers, connectTimeoutMs).then(
      (connection) => {
        if (mine !== attempt) {
          connection.destroy();
          return;
        }
        current = connection;
        events.connected();
      },
      (error: unknown) => {
        if (mine === attempt) lost(error instanceof Error ? error.message : String(error));
      },
    );
  }

  connect();
  return {
    write(bytes) {
      if (!current) return false;
      current.write(bytes);
      return true;
    },
    restart(reason) {
      if (closed || retry) return;
      const dropped = current;
      lost(reason);
      dropped?.destroy();
    },
    healthy() {
      delay = backoff.firstMs;
    },
    close() {
      closed = true;
      attempt += 1;
      if (retry) clearTimeout(retry);
      current?.destroy();
      current = null;
    },
  };
}

async function open(
  address: ScaleAddress,
  handlers: ConnectionHandlers,
  connectTimeoutMs: number,
): Promise<Connection> {
  return address.kind === 'tcp'
    ? connectTcp(address, handlers, connectTimeoutMs)
    : connectSerial(address, handlers);
}
