/** R-LOGOUT-4: whether the dispatcher's forced logout (logoutEvent_v1) applies to this browser. */
import type { ForceLogoutEvent } from '../entities/events';

/**
 * Without an identifier every browser logs out. A seat identifier logs out only the browser whose
 * seat token it is; a browser with no seat token is never that seat. An identifier sent with
 * logoutType 'none' names no seat, so it is treated as no identifier.
 */
export function shouldForceLogout(event: ForceLogoutEvent, seatToken: string | null): boolean {
  const identifier = event.identifier ?? '';
  if (event.logoutType === 'none' || identifier === '') return true;
  return seatToken !== null && identifier === seatToken;
}
