/**
 * A minimal external store for state that lives outside React (session, connections, dialogs):
 * route loaders and hub clients change it, components read it with `useStore`.
 */
import { useSyncExternalStore } from 'react';

export type Store<T> = {
  readonly get: () => T;
  readonly set: (next: T | ((current: T) => T)) => void;
  readonly subscribe: (listener: () => void) => () => void;
};

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next) => {
      const value = typeof next === 'function' ? (next as (current: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
