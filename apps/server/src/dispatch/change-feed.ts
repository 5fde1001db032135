import type { FastifyBaseLogger } from 'fastify';
import type { Tenancy } from '../db/tenancy';
import { dispatchChannel } from './publish';

/** An event as it arrives from NOTIFY: what `publish` sent inside the committed transaction. */
export type NotifiedEvent = {
  name: string;
  data?: unknown;
  ids?: number[];
  /** When set, the event concerns only these sessions (forced logout), not the whole database. */
  sessionIds?: number[];
  /** When set, the event concerns only users of this system type. */
  systemTypeId?: number;
  /** When set, only connections that set this access flag (SetConnectionAccessFlag) receive it. */
  accessFlag?: string;
};

export type ChangeHandler = (event: NotifiedEvent) => void;

/**
 * One LISTEN per named database and process, shared by everything in the process that reacts to
 * committed writes: the dispatcher's fan-out and the API's read caches.
 */
export type ChangeFeed = {
  /** Resolves once the LISTEN is in place: from then on no committed event is missed. */
  subscribe(database: string, handler: ChangeHandler): Promise<() => void>;
  close(): Promise<void>;
};

type Channel = { handlers: Set<ChangeHandler>; ready: Promise<() => Promise<void>> };

export function createChangeFeed(
  tenancy: Tenancy,
  logger?: Pick<FastifyBaseLogger, 'warn'>,
): ChangeFeed {
  const channels = new Map<string, Channel>();
  let closed = false;

  function deliver(channel: Channel, payload: string): void {
    let event: NotifiedEvent;
    try {
      event = JSON.parse(payload) as NotifiedEvent;
    } catch {
      logger?.warn({ channel: dispatchChannel }, 'ignored a notification that is not JSON');
      return;
    }
    for (const handler of channel.handlers) {
      try {
        handler(event);
      } catch (error) {
        logger?.warn({ err: error, event: event.name }, 'a change handler failed');
      }
    }
  }

  return {
    async subscribe(database, handler) {
      if (closed) throw new Error('The change feed is closed.');
      const key = database.toUpperCase();
      let channel = channels.get(key);
      if (!channel) {
        const created: Channel = { handlers: new Set(), ready: Promise.resolve(async () => {}) };
        created.ready = tenancy
          .open(key)
          .then((connection) => connection.listen(dispatchChannel, (p) => deliver(created, p)));
        created.ready.catch(() => channels.delete(key));
        channels.set(key, created);
        channel = created;
      }
      channel.handlers.add(handler);
      await channel.ready;
      const subscribed = channel;
      return () => {
        subscribed.handlers.delete(handler);
      };
    },
    async close() {
      closed = true;
      const all = [...channels.values()];
      channels.clear();
      await Promise.allSettled(all.map(async (channel) => (await channel.ready)()));
    },
  };
}
