export type Flushable = { flush(): void };

/**
 * Collects the sockets written to and flushes them together. A burst (several NOTIFYs read in one
 * chunk, a method that sends and then answers) then costs one system call per socket instead of one
 * per message. With `intervalMs` 0 the delay is at most one loop turn. Above 0, flushes are at
 * least that far apart: a quiet hub still sends at once, but under a stream of broadcasts each
 * socket gets one write per interval carrying everything queued, which is what lets one process
 * feed a thousand dispatch screens (a socket write costs about as much as the kernel's loopback
 * path, whatever its size).
 */
export function createFlushScheduler(intervalMs = 0, now: () => number = Date.now) {
  let due: Flushable[] = [];
  let scheduled = false;
  let lastFlush = Number.NEGATIVE_INFINITY;

  function flushDue(): void {
    scheduled = false;
    lastFlush = now();
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
      if (scheduled) return;
      scheduled = true;
      const wait = lastFlush + intervalMs - now();
      if (wait <= 0) setImmediate(flushDue);
      else setTimeout(flushDue, wait);
    },
  };
}

export type FlushScheduler = ReturnType<typeof createFlushScheduler>;
