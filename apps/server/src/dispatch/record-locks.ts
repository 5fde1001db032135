/**
 * LockRecord (R-HUB-1, R-MAINT-6): one editor per record. The first connection to ask holds the
 * record; others learn who holds it. A lock ends when its holder unlocks, logs out or disconnects.
 * Locks are advisory and kept by the dispatcher process the holder is connected to.
 */
export type LockHolder = { connectionId: string; username: string };
export type LockAnswer = { locked: boolean; heldBy: string };

export type RecordLocks = {
  lock(database: string, table: string, recordId: number, holder: LockHolder): LockAnswer;
  unlock(database: string, table: string, recordId: number, connectionId: string): boolean;
  releaseAll(connectionId: string): void;
};

export function createRecordLocks(): RecordLocks {
  const holders = new Map<string, LockHolder>();
  const keyOf = (database: string, table: string, recordId: number) =>
    `${database.toUpperCase()}\u0000${table.toLowerCase()}\u0000${recordId}`;

  return {
    lock(database, table, recordId, holder) {
      const key = keyOf(database, table, recordId);
      const current = holders.get(key);
      if (current && current.connectionId !== holder.connectionId) {
        return { locked: false, heldBy: current.username };
      }
      holders.set(key, holder);
      return { locked: true, heldBy: holder.username };
    },
    unlock(database, table, recordId, connectionId) {
      const key = keyOf(database, table, recordId);
      if (holders.get(key)?.connectionId !== connectionId) return false;
      holders.delete(key);
      return true;
    },
    releaseAll(connectionId) {
      for (const [key, holder] of holders) {
        if (holder.connectionId === connectionId) holders.delete(key);
      }
    },
  };
}
