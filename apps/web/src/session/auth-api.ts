/**
 * The login calls (R-API-6, R-API-8..10): POST /token (password or token as credentials), the named
 * databases, the session check and the server-side logout. Answers are returned as values, not
 * thrown, because the login sequence maps each failure to its own R-ERR message.
 */
import { apiEnvelopeSchema } from '@dispatch/domain/api/envelope';
import {
  connectionInfoSchema,
  type ConnectionInfo,
} from '@dispatch/domain/session/connection-info';
import {
  databasePathSegment,
  databaseSchema,
  type Database,
} from '@dispatch/domain/session/database';
import { messages } from '@dispatch/domain/messages';
import { z } from 'zod';
import { ApiError, apiGet, apiSend, getServerBaseUrl, logIfSlow } from '../lib/api-client';
import { logger } from '../lib/logger';
import { getAccessToken } from './access-token';
import { connectionId, seatToken } from './seat-token';
import { fieldProblemSchema, type FieldProblem } from '@dispatch/domain/api/field-problem';

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  adminOnly: z.boolean().default(false),
  mqServer: z.string().default(''),
});
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

const tokenErrorSchema = z.object({
  error: z.string().optional(),
  error_description: z.string().optional(),
});

export type TokenResult =
  | { readonly kind: 'ok'; readonly answer: TokenAnswer }
  | { readonly kind: 'failed'; readonly code?: string; readonly description?: string }
  /** A success status without a usable token: the server did not accept the user. */
  | { readonly kind: 'rejected' };

export type TokenCredentials =
  | { readonly username: string; readonly database: string; readonly password: string }
  | { readonly username: string; readonly database: string; readonly token: string };

export const unreachableServerMessage =
  'The server could not be reached. Check the network connection and try again.';

/** POST /token, form-encoded, with the database, connection id and seat token headers. */
export async function requestToken(credentials: TokenCredentials): Promise<TokenResult> {
  const body = new URLSearchParams({
    client_id: credentials.username,
    grant_type: 'client_credentials',
  });
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
    database: credentials.database.trim(),
    connection_id: connectionId(),
  };
  const seat = seatToken();
  if (seat !== null) headers.seat_token = seat;
  if ('password' in credentials) body.set('client_secret', credentials.password);
  else headers.token = credentials.token;

  const startedAt = performance.now();
  let response: Response;
  try {
    response = await fetch(`${getServerBaseUrl()}/token`, { method: 'POST', headers, body });
  } catch {
    return { kind: 'failed', description: unreachableServerMessage };
  }
  logIfSlow('POST', '/token', startedAt);
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const answer = tokenAnswerSchema.safeParse(json);
    return answer.success ? { kind: 'ok', answer: answer.data } : { kind: 'rejected' };
  }
  logger.warn(`POST /token answered ${response.status}`);
  const error = tokenErrorSchema.safeParse(json);
  const code = error.success ? error.data.error : undefined;
  const description = error.success ? error.data.error_description : undefined;
  return {
    kind: 'failed',
    ...(code !== undefined ? { code } : {}),
    ...(description !== undefined ? { description } : {}),
  };
}

export type DatabaseResult =
  | { readonly kind: 'ok'; readonly answer: unknown }
  | { readonly kind: 'failed'; readonly status?: number };

/** GET /api/servers/{databaseName}, the name escaped as one path segment (R-VALID-2). */
export async function fetchDatabase(name: string): Promise<DatabaseResult> {
  try {
    return {
      kind: 'ok',
      // The login flow parses it (its shape decides the next step).
      answer: await apiGet(`/api/servers/${databasePathSegment(name)}`, z.unknown()),
    };
  } catch (error) {
    return error instanceof ApiError
      ? { kind: 'failed', status: error.status }
      : { kind: 'failed' };
  }
}

const databaseListSchema = apiEnvelopeSchema(z.array(databaseSchema));

/** R-API-8: the list of every database, kept once read until a refresh is asked for. */
let cachedDatabaseList: Database[] | null = null;

/** For tests: forget the kept list, as a new page load does. */
export function forgetDatabaseList(): void {
  cachedDatabaseList = null;
}

/**
 * The databases for the login list: the user's accessible ones when the server can tell (it
 * needs a session), else every named database, read once and kept until `refresh` is asked for
 * (R-API-8). Throws the R-ERR text to show.
 */
export async function fetchDatabaseList(
  signal?: AbortSignal,
  { refresh = false }: { refresh?: boolean } = {},
): Promise<Database[]> {
  // Only a session can say which databases are the user's; before login every one is listed.
  if (getAccessToken() !== null) {
    try {
      return (await apiGet('/api/servers/accessible', databaseListSchema, { signal })).data;
    } catch (error) {
      if (signal?.aborted) throw error;
    }
  }
  if (cachedDatabaseList !== null && !refresh) return cachedDatabaseList;
  try {
    const list = (await apiGet('/api/servers', databaseListSchema, { signal })).data;
    cachedDatabaseList = list;
    return list;
  } catch (error) {
    if (error instanceof ApiError) {
      logger.error(`${messages.databaseListError} (status ${error.status})`);
      throw new Error(
        error.status >= 500 ? messages.databaseListServerError : messages.databaseListError,
        { cause: error },
      );
    }
    logger.error(messages.databaseListError, error);
    throw new Error(messages.databaseListError, { cause: error });
  }
}

/** GET /api/v1/connection: the session is valid only when database and username are non-blank. */
export async function fetchConnection(): Promise<ConnectionInfo | null> {
  try {
    const info = await apiGet('/api/v1/connection', connectionInfoSchema);
    return info.database.trim() !== '' && info.username.trim() !== '' ? info : null;
  } catch {
    return null;
  }
}

/** Tells the server the session ended; a failure is logged, logout goes on regardless. */
export async function serverLogout(): Promise<void> {
  try {
    await apiSend('POST', '/api/v1/auth/logout');
  } catch (error) {
    logger.warn('The server could not be told about the logout.', error);
  }
}

/** R-API-7: ends every session of the user, on every device; this tab's included. */
export async function serverLogoutEverywhere(): Promise<void> {
  try {
    await apiSend('POST', '/api/v1/auth/logout/all');
  } catch (error) {
    logger.warn('The server could not be told to log out everywhere.', error);
  }
}

const signalrInfoSchema = z.object({ url: z.string().min(1), hubName: z.string().default('') });
export type SignalrInfo = z.infer<typeof signalrInfoSchema>;

export async function fetchSignalrInfo(): Promise<SignalrInfo> {
  return await apiGet('/api/v1/connection/signalr-info', signalrInfoSchema);
}

export type PasswordChange = {
  readonly username: string;
  readonly database: string;
  readonly currentPassword: string;
  readonly newPassword: string;
};

export type PasswordChangeResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly message: string;
      readonly problems: readonly FieldProblem[];
    };

/** POST /api/v1/auth/change-password (R-PASS-3): anonymous, as a temporary password has no token. */
export async function changePassword(change: PasswordChange): Promise<PasswordChangeResult> {
  let response: Response;
  try {
    response = await fetch(`${getServerBaseUrl()}/api/v1/auth/change-password`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        database: change.database.trim(),
      },
      body: JSON.stringify({
        username: change.username,
        currentPassword: change.currentPassword,
        newPassword: change.newPassword,
      }),
    });
  } catch {
    return { ok: false, message: unreachableServerMessage, problems: [] };
  }
  if (response.ok) return { ok: true };
  const body = (await response.json().catch(() => null)) as {
    message?: unknown;
    data?: unknown;
  } | null;
  const problems = Array.isArray(body?.data)
    ? body.data.filter(
        (problem): problem is FieldProblem => fieldProblemSchema.safeParse(problem).success,
      )
    : [];
  const message =
    typeof body?.message === 'string' ? body.message : `The server answered ${response.status}.`;
  return { ok: false, message, problems };
}
