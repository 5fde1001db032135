/**
 * Browser storage behind one small API. Storage can throw (private windows, quota, a blocked
 * origin); a preference that cannot be read or saved must never break start-up, so every access
 * falls back to "not stored".
 */
import { storageKeys } from '@dispatch/domain/constants';

export { storageKeys };

/** Keys the web client adds to R-ENTITY-41's: the logger override and this tab's session. */
export const webStorageKeys = {
  loggerLevel: 'loggerLevel',
  session: 'session',
  connectionId: 'connectionId',
  lastRequestedUrl: 'lastRequestedUrl',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStored(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null, which: Area = 'local'): void {
  try {
    const storage = area(which);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // A preference that cannot be saved is simply not remembered.
  }
}
