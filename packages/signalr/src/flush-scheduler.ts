export type Flushable = { flush(): void };

/**
 * Collects the sockets written to during one turn of the event loop and flushes them together just
 * after it. A burst (several NOTIFYs read in one chunk, a method that sends and then answers) then
 * costs one system call per socket instead of one per message, for at most one loop turn of delay.
 */
export function createFlushScheduler() {
  let due: Flushable[] = [];
  let scheduled = false;

  function flushDue(): void {
    scheduled = false;
    const flushing = due;
    due = [];
    for (const flushable of flushing) {
      flushable.flush();
    }
  }

  return {
    /** The caller schedules once per batch: when its first pending write arrives. */
    schedule(flushable: Flushable): void {
      due.push(flushable);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flushDue);
      }
    },
  };
}

export type FlushScheduler = ReturnType<typeof createFlushScheduler>;
