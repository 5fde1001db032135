import { randomBytes } from 'node:crypto';

/** 128 random bits, URL-safe: unguessable, and needs no escaping in `?id=`. */
export function newRandomId(): string {
  return randomBytes(16).toString('base64url');
}

type TokenEntry = { connectionId: string; expiresAt: number; claimed: boolean };

export type ClaimResult =
  { kind: 'claimed'; connectionId: string } | { kind: 'unknown' } | { kind: 'conflict' };

/**
 * Connection tokens handed out by negotiate. A token is pending until a WebSocket claims it,
 * claimed while that socket lives (a second socket gets 409), and forgotten afterwards (404).
 */
export function createConnectionTokens(lifetimeMs: number) {
  const entries = new Map<string, TokenEntry>();

  return {
    /** Negotiate v1 keeps the token secret; v0 uses the public connectionId as the token. */
    issue(negotiateVersion: 0 | 1, now: number): { connectionId: string; connectionToken: string } {
      const connectionId = newRandomId();
      const connectionToken = negotiateVersion === 0 ? connectionId : newRandomId();
      entries.set(connectionToken, { connectionId, expiresAt: now + lifetimeMs, claimed: false });
      return { connectionId, connectionToken };
    },

    claim(token: string, now: number): ClaimResult {
      const entry = entries.get(token);
      if (entry === undefined || (!entry.claimed && entry.expiresAt <= now)) {
        return { kind: 'unknown' };
      }
      if (entry.claimed) {
        return { kind: 'conflict' };
      }
      entry.claimed = true;
      return { kind: 'claimed', connectionId: entry.connectionId };
    },

    release(token: string): void {
      entries.delete(token);
    },

    /** Forgets negotiated tokens that were never connected. */
    expire(now: number): void {
      for (const [token, entry] of entries) {
        if (!entry.claimed && entry.expiresAt <= now) {
          entries.delete(token);
        }
      }
    },

    clear(): void {
      entries.clear();
    },
  };
}

export type ConnectionTokens = ReturnType<typeof createConnectionTokens>;
