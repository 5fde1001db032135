import { connectionInfoSchema } from '@dispatch/domain/session/connection-info';
import { timeouts } from '@dispatch/domain/constants';
import {
  intercomMessages,
  tokenCheckUnavailable,
  tokenForOtherDatabase,
} from './intercom-messages';

export type TokenCheck =
  | { readonly kind: 'valid'; readonly username: string; readonly database: string }
  /** The API refused the token, or it names no session in the requested database. */
  | { readonly kind: 'rejected'; readonly message: string }
  /** The API could not be asked; worth trying again later. */
  | { readonly kind: 'unavailable'; readonly message: string };

export type TokenChecker = (token: string, database: string) => Promise<TokenCheck>;

/** A .NET API may send null for an empty string; both mean blank here. */
function blankNulls(answer: unknown): unknown {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return answer;
  const fields = answer as Record<string, unknown>;
  return {
    ...fields,
    ...(fields.database === null ? { database: '' } : {}),
    ...(fields.username === null ? { username: '' } : {}),
  };
}

/**
 * R-API-5: GET {api}/api/v1/connection with the token tells whose session it is. The session is
 * valid only when database and username are non-blank, and here only for the database asked for
 * (case-insensitively, like every database name).
 */
export function createTokenChecker(options: { apiUrl: string; timeoutMs?: number }): TokenChecker {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/api/v1/connection`;
  const timeoutMs = options.timeoutMs ?? timeouts.authenticationCheckMs;

  return async (token, database) => {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
      return { kind: 'unavailable', message: tokenCheckUnavailable(reason) };
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      return { kind: 'rejected', message: intercomMessages.tokenRejected };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'unavailable', message: tokenCheckUnavailable(`HTTP ${response.status}`) };
    }
    const parsed = connectionInfoSchema.safeParse(
      blankNulls(await response.json().catch(() => null)),
    );
    if (!parsed.success) {
      return { kind: 'unavailable', message: tokenCheckUnavailable('unreadable answer') };
    }
    const session = {
      username: parsed.data.username.trim(),
      database: parsed.data.database.trim(),
    };
    if (session.username === '' || session.database === '') {
      return { kind: 'rejected', message: intercomMessages.tokenWithoutSession };
    }
    if (session.database.toLowerCase() !== database.trim().toLowerCase()) {
      return {
        kind: 'rejected',
        message: tokenForOtherDatabase(session.database, database.trim()),
      };
    }
    return { kind: 'valid', ...session };
  };
}
