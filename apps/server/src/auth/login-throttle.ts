import { and, count, eq, gt, max, min } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema/auth';

/**
 * A guesser gets few tries, and the real user is never locked out by someone else (OWASP's
 * authentication guidance). Failures count per username and address together: after five in
 * fifteen minutes, each further try from that address waits 30 s after the last failure, twice as
 * long for each failure more, up to the fifteen minutes. An address that fails twenty times in
 * fifteen minutes, whatever the usernames, waits until the oldest of them ages out. A guesser
 * elsewhere therefore never stops the user signing in from their own address. A correct password
 * does not clear the count: it would let a guesser who also knows one password reset it.
 */
export const throttlePolicy = {
  windowMs: 15 * 60_000,
  freeFailuresPerUserAndAddress: 5,
  firstDelayMs: 30_000,
  maxFailuresPerAddress: 20,
} as const;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** How long after its last failure a username may be tried again from one address. */
export function delayAfterFailures(failures: number): number {
  const beyond = failures - throttlePolicy.freeFailuresPerUserAndAddress;
  if (beyond < 0) return 0;
  return Math.min(throttlePolicy.windowMs, throttlePolicy.firstDelayMs * 2 ** beyond);
}

export async function checkLoginThrottle(
  db: Db,
  options: { usernameLower: string; ipAddress: string; now: Date },
): Promise<ThrottleVerdict> {
  const since = new Date(options.now.getTime() - throttlePolicy.windowMs);
  const failed = and(
    eq(loginAttempts.ipAddress, options.ipAddress),
    eq(loginAttempts.succeeded, false),
    gt(loginAttempts.attemptedAt, since),
  );
  const [[byUser], [byAddress]] = await Promise.all([
    db
      .select({ failures: count(), latest: max(loginAttempts.attemptedAt) })
      .from(loginAttempts)
      .where(and(failed, eq(loginAttempts.usernameLower, options.usernameLower))),
    db
      .select({ failures: count(), oldest: min(loginAttempts.attemptedAt) })
      .from(loginAttempts)
      .where(failed),
  ]);
  const unlockTimes: number[] = [];
  if (byUser?.latest) {
    const delay = delayAfterFailures(byUser.failures);
    if (delay > 0) unlockTimes.push(new Date(byUser.latest).getTime() + delay);
  }
  if (byAddress?.oldest && byAddress.failures >= throttlePolicy.maxFailuresPerAddress) {
    unlockTimes.push(new Date(byAddress.oldest).getTime() + throttlePolicy.windowMs);
  }
  const unlockAt = Math.max(0, ...unlockTimes);
  if (unlockAt <= options.now.getTime()) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((unlockAt - options.now.getTime()) / 1000)),
  };
}

export async function recordLoginAttempt(
  db: Db,
  options: { usernameLower: string; ipAddress: string; now: Date; succeeded: boolean },
): Promise<void> {
  await db.insert(loginAttempts).values({
    usernameLower: options.usernameLower,
    ipAddress: options.ipAddress,
    attemptedAt: options.now,
    succeeded: options.succeeded,
  });
}

export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
