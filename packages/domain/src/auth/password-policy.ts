/**
 * R-PASS-1: passwords follow OWASP ASVS level 2 (V2.1): at least 12 characters, at most 128, any
 * characters (spaces and Unicode too), no composition rules. Twelve of one character is not a
 * password, though: it needs five different characters, spaces aside. The server also refuses the
 * most common passwords (apps/server/src/auth/common-passwords.ts); the form checks the rest at once.
 */
import { z } from 'zod';

export const passwordLength = { min: 12, max: 128 } as const;

export const passwordSchema = z
  .string({ error: 'is required' })
  .min(passwordLength.min, `must be at least ${passwordLength.min} characters`)
  .max(passwordLength.max, `must be at most ${passwordLength.max} characters`);

export const commonPasswordReason =
  'is one of the most common passwords: choose one that is harder to guess';

export const sameAsUsernameReason = 'must not be the username';

const minDistinctCharacters = 5;

export const tooFewCharactersReason = `must use at least ${minDistinctCharacters} different characters, spaces aside`;

/** What the policy says of a password, or null when it passes (common passwords aside). */
export function passwordProblem(password: string, username: string): string | null {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]!.message;
  if (password.trim().toLowerCase() === username.trim().toLowerCase()) return sameAsUsernameReason;
  const distinct = new Set(Array.from(password.replace(/\s/gu, '').toLowerCase()));
  if (distinct.size < minDistinctCharacters) return tooFewCharactersReason;
  return null;
}
