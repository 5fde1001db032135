/** Test helper: the events a test database's writes publish, as the dispatcher hears them. */
import type { DatabaseConnection } from '../src/db/client';
import type { NotifiedEvent } from '../src/dispatch/change-feed';
import { dispatchChannel } from '../src/dispatch/publish';

export type DispatchEvent = NotifiedEvent;

export type DispatchListener = {
  events: DispatchEvent[];
  /** Resolves once an event of that name (and matching `where`) has arrived, or rejects after `timeoutMs`. */
  next(
    name: string,
    where?: (event: DispatchEvent) => boolean,
    timeoutMs?: number,
  ): Promise<DispatchEvent>;
  clear(): void;
  stop(): Promise<void>;
};

/** LISTENs through the connection's own `listen`, the path the dispatcher's change feed takes. */
export async function listenToDispatch(connection: DatabaseConnection): Promise<DispatchListener> {
  const events: DispatchEvent[] = [];
  const stop = await connection.listen(dispatchChannel, (payload) =>
    events.push(JSON.parse(payload) as DispatchEvent),
  );
  return {
    events,
    async next(name, where = () => true, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((event) => event.name === name && where(event));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No ${name} event within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    clear: () => events.splice(0),
    stop: () => stop(),
  };
}

/** Gives notifications already sent time to arrive, before asserting that none did. */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
