/** Whether classic forms can be offered right now (domain rule over the live link state). */
import { isClassicUsable } from '@dispatch/domain/connection/skip-mode';
import { classicStateStore } from './connection-status';

export function isClassicUsableNow(skipMode: boolean): boolean {
  return isClassicUsable(classicStateStore.get(), skipMode);
}
