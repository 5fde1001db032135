/** Whether classic forms can be offered right now (domain rule over the live link state). */
import { isClassicUsable } from '@dispatch/domain/connection/skip-mode';
import { useSession } from '../session/session-store';
import { classicStateStore, useClassicConnection } from './connection-status';

export function isClassicUsableNow(skipMode: boolean): boolean {
  return isClassicUsable(classicStateStore.get(), skipMode);
}

/** The same, re-rendering as the link or skip mode changes. */
export function useClassicUsable(): boolean {
  const classic = useClassicConnection();
  const { skipMode } = useSession();
  return isClassicUsable(classic, skipMode);
}
