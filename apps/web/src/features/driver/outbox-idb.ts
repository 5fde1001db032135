/**
 * The outbox kept in IndexedDB, so what the driver did offline survives closing the app or the
 * phone restarting. A small wrapper of our own (the `idb` package is not a dependency): one
 * database, one object store keyed by an auto-increment id, which is the order items are sent in.
 */
import { memoryOutboxStore, type NewOutboxItem, type OutboxItem, type OutboxStore } from './outbox';

const databaseName = 'dispatch-driver';
const storeName = 'outbox';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const request = indexedDB.open(databaseName, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(storeName, { keyPath: 'id', autoIncrement: true });
  };
  return promised(request);
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });
}

/** The IndexedDB outbox, or one in memory when this browser has no IndexedDB. */
export function indexedDbOutboxStore(): OutboxStore {
  if (typeof indexedDB === 'undefined') return memoryOutboxStore();
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => (opened ??= openDatabase());
  const objects = async (mode: IDBTransactionMode) => {
    const transaction = (await database()).transaction(storeName, mode);
    return { transaction, store: transaction.objectStore(storeName) };
  };
  return {
    async add(item: NewOutboxItem) {
      const { transaction, store } = await objects('readwrite');
      const waiting = { ...item, state: 'waiting' as const, message: null };
      const id = await promised(store.add(waiting));
      await done(transaction);
      return { ...waiting, id: Number(id) };
    },
    async list() {
      const { store } = await objects('readonly');
      // getAll answers in key order: the order the items were made.
      return (await promised(store.getAll())) as OutboxItem[];
    },
    async put(item: OutboxItem) {
      const { transaction, store } = await objects('readwrite');
      store.put(item);
      await done(transaction);
    },
    async remove(ids: readonly number[]) {
      if (ids.length === 0) return;
      const { transaction, store } = await objects('readwrite');
      for (const id of ids) store.delete(id);
      await done(transaction);
    },
  };
}
