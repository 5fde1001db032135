import { and, count, eq, gt, min } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema/auth';

/**
 * A guesser gets few tries: five wrong passwords for one username, or twenty from one address,
 * within fifteen minutes lock further attempts until the oldest of them ages out. A correct
 * password does not clear the count: it would let a guesser who also knows one password reset it.
 */
export const throttlePolicy = {
  windowMs: 15 * 60_000,
  maxFailuresPerUsername: 5,
  maxFailuresPerAddress: 20,
} as const;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function checkLoginThrottle(
  db: Db,
  options: { usernameLower: string; ipAddress: string; now: Date },
): Promise<ThrottleVerdict> {
  const since = new Date(options.now.getTime() - throttlePolicy.windowMs);
  const failuresWhere = (column: 'usernameLower' | 'ipAddress', value: string) =>
    and(
      eq(loginAttempts[column], value),
      eq(loginAttempts.succeeded, false),
      gt(loginAttempts.attemptedAt, since),
    );
  const [byUser, byAddress] = await Promise.all([
    db
      .select({ failures: count(), oldest: min(loginAttempts.attemptedAt) })
      .from(loginAttempts)
      .where(failuresWhere('usernameLower', options.usernameLower)),
    db
      .select({ failures: count(), oldest: min(loginAttempts.attemptedAt) })
      .from(loginAttempts)
      .where(failuresWhere('ipAddress', options.ipAddress)),
  ]);
  const limits = [
    { row: byUser[0], max: throttlePolicy.maxFailuresPerUsername },
    { row: byAddress[0], max: throttlePolicy.maxFailuresPerAddress },
  ];
  for (const { row, max } of limits) {
    if (row && row.failures >= max && row.oldest) {
      const unlockAt = new Date(row.oldest).getTime() + throttlePolicy.windowMs;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((unlockAt - options.now.getTime()) / 1000)),
      };
    }
  }
  return { allowed: true };
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
