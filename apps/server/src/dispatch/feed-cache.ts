import type { ChangeFeed, NotifiedEvent } from './change-feed';

/**
 * Answers kept per named database until a write that matters commits there. Every write publishes
 * its event inside its transaction and the change feed delivers it after commit, in every process;
 * a write made through this process also drops the cache before its answer is sent, so a client
 * reads its own write at once. Hot reads (the dispatch board, the session behind every request)
 * then cost no query while nothing changes.
 */
export type FeedCache = {
  read<T>(
    database: string,
    key: string,
    load: () => Promise<T>,
    options?: { keep?: (value: T) => boolean },
  ): Promise<T>;
  invalidate(database: string): void;
};

export type FeedCacheOptions = {
  /** A safety net: should a notification ever be lost, no answer outlives this. */
  maxAgeMs: number;
  /** Which events drop the database's answers (default: every committed write). */
  invalidatedBy?: (event: NotifiedEvent) => boolean;
  maxEntriesPerDatabase?: number;
  now?: () => number;
};

type DatabaseCache = {
  generation: number;
  watching: Promise<boolean>;
  entries: Map<string, { value: unknown; generation: number; storedAt: number }>;
  /** Loads under way, by key: readers that miss together share one load (no stampede). */
  loading: Map<string, { generation: number; promise: Promise<unknown> }>;
};

export function createFeedCache(feed: ChangeFeed, options: FeedCacheOptions): FeedCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntriesPerDatabase ?? 1000;
  const databases = new Map<string, DatabaseCache>();

  function bump(cache: DatabaseCache): void {
    cache.generation += 1;
    cache.entries.clear();
  }

  function cacheOf(database: string): DatabaseCache {
    const name = database.toUpperCase();
    let cache = databases.get(name);
    if (!cache) {
      const created: DatabaseCache = {
        generation: 0,
        entries: new Map(),
        loading: new Map(),
        watching: Promise.resolve(false),
      };
      // Until the LISTEN is in place nothing is kept, so no event can be missed.
      created.watching = feed
        .subscribe(name, (event) => {
          if (!options.invalidatedBy || options.invalidatedBy(event)) bump(created);
        })
        .then(
          () => true,
          () => false,
        );
      databases.set(name, created);
      cache = created;
    }
    return cache;
  }

  return {
    async read(database, key, load, readOptions) {
      const cache = cacheOf(database);
      const hit = cache.entries.get(key);
      if (hit && hit.generation === cache.generation && now() - hit.storedAt < options.maxAgeMs) {
        return hit.value as never;
      }
      const generation = cache.generation;
      const shared = cache.loading.get(key);
      if (shared && shared.generation === generation) return (await shared.promise) as never;
      const promise = load();
      cache.loading.set(key, { generation, promise });
      let value: Awaited<typeof promise>;
      try {
        value = await promise;
      } finally {
        if (cache.loading.get(key)?.promise === promise) cache.loading.delete(key);
      }
      // A write that committed while this read ran may be missing from it: keep it only if none did.
      const keep = readOptions?.keep?.(value) ?? true;
      if (keep && (await cache.watching) && generation === cache.generation) {
        if (cache.entries.size >= maxEntries) cache.entries.clear();
        cache.entries.set(key, { value, generation, storedAt: now() });
      }
      return value;
    },
    invalidate(database) {
      const cache = databases.get(database.toUpperCase());
      if (cache) bump(cache);
    },
  };
}
