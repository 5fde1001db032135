import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export type ConnectionTokens = {
  issue(): { connectionId: string; connectionToken: string };
  /** The connection id the token was issued for, or null for a forged or mangled token. */
  verify(token: string | null): string | null;
};

/**
 * SignalR 2 protects its connection token instead of storing it, so negotiating costs the server
 * nothing until the client connects, and a token can't be guessed from a connection id. A signed
 * id does the same here.
 */
export function createConnectionTokens(): ConnectionTokens {
  const key = randomBytes(32);
  const sign = (connectionId: string) =>
    createHmac('sha256', key).update(connectionId).digest('base64url');

  return {
    issue() {
      const connectionId = randomUUID();
      return { connectionId, connectionToken: `${connectionId}:${sign(connectionId)}` };
    },
    verify(token) {
      if (!token || token.length > 200) return null;
      const separator = token.indexOf(':');
      if (separator <= 0) return null;
      const connectionId = token.slice(0, separator);
      const given = Buffer.from(token.slice(separator + 1));
      const expected = Buffer.from(sign(connectionId));
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? connectionId
        : null;
    },
  };
}
