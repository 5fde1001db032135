/** R-ENTITY-2: the token's expiry, shown as a date computed from its lifetime in seconds. */
import { formatDateTime } from '../dates/date-format';

export function tokenExpiryDate(expiresInSeconds: number, now: Date): Date {
  if (!Number.isFinite(expiresInSeconds) || expiresInSeconds < 0) {
    throw new RangeError(
      `Token lifetime must be a non-negative number of seconds, got ${expiresInSeconds}`,
    );
  }
  return new Date(now.getTime() + expiresInSeconds * 1000);
}

/** The expiry as 'YYYY-MM-DDTHH:mm:ss', the value stored in the login status. */
export function formattedTokenExpiry(expiresInSeconds: number, now: Date): string {
  return formatDateTime(tokenExpiryDate(expiresInSeconds, now));
}
