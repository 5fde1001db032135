import { createHash, randomBytes } from 'node:crypto';

/** Access tokens are 256 random bits; only their SHA-256 is stored, so a database leak yields no sessions. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
