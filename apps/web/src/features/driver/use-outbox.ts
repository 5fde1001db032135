/**
 * The outbox in the driver's screens: what waits (for the strip), adding to it, and sending it
 * now, when the network comes back (`online`), when the app comes to the front, and on a timer
 * that backs off while there is no answer (2 s doubling to a minute).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  flushOutbox,
  retryDelayMs,
  type FlushHooks,
  type NewOutboxItem,
  type OutboxItem,
  type OutboxStore,
  type Sender,
} from './outbox';

export type OutboxPhase = 'idle' | 'sending' | 'offline' | 'sent';

export type OutboxView = {
  /** This driver's items still kept: waiting ones and failed ones. */
  readonly items: readonly OutboxItem[];
  readonly phase: OutboxPhase;
  /** When the next automatic try is, while offline. */
  readonly retryAt: number | null;
  readonly add: (item: Omit<NewOutboxItem, 'owner' | 'createdAt'>) => Promise<OutboxItem>;
  readonly flush: () => Promise<void>;
  readonly dismiss: (id: number) => Promise<void>;
};

export type OutboxOptions = {
  readonly store: OutboxStore;
  readonly owner: string;
  readonly send: Sender;
  readonly hooks: FlushHooks;
  readonly onSignedOut: () => void;
  /** How long "Sent" shows after everything went. */
  readonly sentForMs?: number;
};

export function useOutbox(options: OutboxOptions): OutboxView {
  const { store, owner } = options;
  const [items, setItems] = useState<readonly OutboxItem[]>([]);
  const [phase, setPhase] = useState<OutboxPhase>('idle');
  const [retryAt, setRetryAt] = useState<number | null>(null);
  // The latest options, read by the flush without restarting the effects that hold it.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const failures = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sentTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The flush, for the retry timer and the listeners (it is defined below). */
  const flushRef = useRef<() => Promise<void>>(() => Promise.resolve());

  const reload = useCallback(async () => {
    const all = await store.list();
    setItems(all.filter((item) => item.owner === owner));
  }, [store, owner]);

  const flushOnce = useCallback(async (): Promise<void> => {
    const { send, hooks, onSignedOut, sentForMs = 3_000 } = latest.current;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setRetryAt(null);
    const waiting = (await store.list()).some(
      (item) => item.owner === owner && item.state === 'waiting',
    );
    if (!waiting) return;
    setPhase('sending');
    const outcome = await flushOutbox(store, owner, send, {
      ...hooks,
      onSent: (item, answer) => {
        hooks.onSent?.(item, answer);
        void reload();
      },
    });
    await reload();
    if (outcome.kind === 'offline') {
      failures.current += 1;
      const delay = retryDelayMs(failures.current);
      setPhase('offline');
      setRetryAt(Date.now() + delay);
      timer.current = setTimeout(() => void flushRef.current(), delay);
      return;
    }
    failures.current = 0;
    if (outcome.kind === 'signedOut') {
      setPhase('idle');
      onSignedOut();
      return;
    }
    setPhase(outcome.sent > 0 ? 'sent' : 'idle');
    if (sentTimer.current) clearTimeout(sentTimer.current);
    sentTimer.current = setTimeout(
      () => setPhase((current) => (current === 'sent' ? 'idle' : current)),
      sentForMs,
    );
  }, [store, owner, reload]);

  /** One flush at a time; a call during one runs another after it. */
  const flush = useCallback(async (): Promise<void> => {
    if (running.current) {
      again.current = true;
      return running.current;
    }
    const run = (async () => {
      do {
        again.current = false;
        await flushOnce();
      } while (again.current);
    })();
    running.current = run;
    try {
      await run;
    } finally {
      running.current = null;
    }
  }, [flushOnce]);
  useLayoutEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  const add = useCallback(
    async (item: Omit<NewOutboxItem, 'owner' | 'createdAt'>) => {
      const added = await store.add({ ...item, owner, createdAt: new Date().toISOString() });
      await reload();
      void flushRef.current();
      return added;
    },
    [store, owner, reload],
  );

  const dismiss = useCallback(
    async (id: number) => {
      await store.remove([id]);
      await reload();
    },
    [store, reload],
  );

  // What waits from before (an app closed offline) is shown and sent as the screen opens.
  useEffect(() => {
    void store.list().then((all) => {
      setItems(all.filter((item) => item.owner === owner));
      void flushRef.current();
    });
    const onOnline = () => {
      failures.current = 0;
      void flushRef.current();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void flushRef.current();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      if (timer.current) clearTimeout(timer.current);
      if (sentTimer.current) clearTimeout(sentTimer.current);
    };
  }, [store, owner]);

  return { items, phase, retryAt, add, flush, dismiss };
}
