/**
 * R-ENTITY-37, R-LOGOUT-4: the dispatcher's forced logout (logoutEvent_v1), and whether it applies
 * to this browser.
 */
import { z } from 'zod';
import { textLength } from '../api/fields';

const logoutTypes = ['none', 'seatId'] as const;

/** logoutEvent_v1: 'none' logs everyone it reaches out; 'seatId' only the seat named by identifier. */
export const forceLogoutEventSchema = z.object({
  logoutType: z.enum(logoutTypes),
  identifier: z.string().max(textLength.long).nullable().default(null),
});
export type ForceLogoutEvent = z.infer<typeof forceLogoutEventSchema>;

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
