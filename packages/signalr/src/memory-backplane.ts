import type { Backplane, BackplaneMessage } from './types';

/** Delivers synchronously to every subscriber of this process: the default, and the way to test several hubs. */
export function createMemoryBackplane(): Backplane {
  const handlers = new Set<(message: BackplaneMessage) => void>();
  return {
    publish(message) {
      for (const handler of handlers) {
        handler(message);
      }
    },
    subscribe(handler) {
      // A wrapper per subscription, so subscribing the same function twice delivers twice and unsubscribes independently.
      const subscription = (message: BackplaneMessage): void => handler(message);
      handlers.add(subscription);
      return () => {
        handlers.delete(subscription);
      };
    },
  };
}
