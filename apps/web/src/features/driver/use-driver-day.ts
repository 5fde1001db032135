/**
 * The driver's day (R-DRV-1): read on opening, every 15 seconds while the app is in front, when
 * the network comes back and after each change the phone sends. The last answer is kept on the
 * device, so the app opened without network still shows the day, marked as of when it was read.
 * (The phone does not hold a hub connection: the 15-second read is how a dispatcher's change
 * reaches it.)
 */
import { driverDaySchema, type DriverDay } from '@dispatch/domain/driver/driver-day';
import type { TruckLiveViewResponse } from '@dispatch/domain/trucks/truck-views';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { readStored, writeStored } from '../../lib/storage';
import { fetchDriverDay, type DayResult } from './driver-api';
import type { Refreshed } from './outbox';

export const dayRefreshMs = 15_000;

export type DayState =
  | { readonly kind: 'loading' }
  | {
      readonly kind: 'day';
      readonly day: DriverDay;
      /** Set when this is the copy kept on the device, read at that time (no network now). */
      readonly savedAt: string | null;
    }
  | { readonly kind: 'noTruck'; readonly message: string }
  | { readonly kind: 'error'; readonly message: string };

const keptDaySchema = z.object({ day: driverDaySchema, savedAt: z.string() });
const keptKey = (owner: string) => `driverDay:${owner}`;

function keptDay(owner: string): { day: DriverDay; savedAt: string } | null {
  const raw = readStored(keptKey(owner));
  if (raw === null) return null;
  try {
    const parsed = keptDaySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function refreshedOf(day: DriverDay): Refreshed {
  return {
    truckVersion: day.truck.version,
    tickets: new Map(
      day.loads.map((load) => [
        load.ticketId,
        { version: load.ticketVersion, signed: load.signed },
      ]),
    ),
  };
}

export type DriverDayView = {
  readonly state: DayState;
  /** Reads the day now; the answer, or null when it could not be read. */
  readonly reload: () => Promise<DriverDay | null>;
  /** A status change's answer, shown at once (the day is read again after it). */
  readonly applyLive: (view: TruckLiveViewResponse) => void;
};

export function useDriverDay(owner: string, onSignedOut: () => void): DriverDayView {
  const [state, setState] = useState<DayState>(() => {
    const kept = keptDay(owner);
    return kept ? { kind: 'day', day: kept.day, savedAt: kept.savedAt } : { kind: 'loading' };
  });
  const signedOut = useRef(onSignedOut);
  useLayoutEffect(() => {
    signedOut.current = onSignedOut;
  });

  const apply = useCallback(
    (result: DayResult): DriverDay | null => {
      switch (result.kind) {
        case 'day': {
          writeStored(
            keptKey(owner),
            JSON.stringify({ day: result.day, savedAt: new Date().toISOString() }),
          );
          setState({ kind: 'day', day: result.day, savedAt: null });
          return result.day;
        }
        case 'noTruck':
          setState({ kind: 'noTruck', message: result.message });
          return null;
        case 'signedOut':
          signedOut.current();
          return null;
        case 'failed': {
          const kept = keptDay(owner);
          setState((current) => {
            if (current.kind === 'day') {
              return { ...current, savedAt: current.savedAt ?? kept?.savedAt ?? null };
            }
            return kept
              ? { kind: 'day', day: kept.day, savedAt: kept.savedAt }
              : { kind: 'error', message: result.message };
          });
          return null;
        }
      }
    },
    [owner],
  );

  const reload = useCallback(async () => apply(await fetchDriverDay()), [apply]);

  const applyLive = useCallback(
    (view: TruckLiveViewResponse) => {
      setState((current) => {
        if (current.kind !== 'day' || current.day.truck.id !== view.id) return current;
        const truck = {
          ...current.day.truck,
          statusId: view.statusId,
          statusFromGps: view.statusFromGps,
          statusDateTime: view.statusDateTime,
          version: view.version,
        };
        const day = { ...current.day, truck };
        writeStored(keptKey(owner), JSON.stringify({ day, savedAt: new Date().toISOString() }));
        return { ...current, day };
      });
    },
    [owner],
  );

  useEffect(() => {
    const read = () => void fetchDriverDay().then(apply);
    read();
    const every = setInterval(() => {
      if (document.visibilityState !== 'hidden') read();
    }, dayRefreshMs);
    const onOnline = () => read();
    const onVisible = () => {
      if (document.visibilityState === 'visible') read();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(every);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [apply]);

  return { state, reload, applyLive };
}
