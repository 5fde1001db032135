/**
 * R-ENTITY-1, R-LOGIN-1..4, R-ERR-1..3: the login status and the login sequence. The reducer never
 * holds the password: the caller keeps the credentials it was given and runs the effects the state
 * lists.
 */
import { z } from 'zod';
import { flag, optionalDateSchema, optionalText, textLength } from '../api/fields';
import { timeouts } from '../constants';
import { isRetryableAuthErrorCode, messages } from '../messages';
import { checkReturnedDatabase } from './database';
import { formattedTokenExpiry } from './token-expiry';

/** R-ENTITY-1: the client's login status. Parsing `{}` gives the logged-out state. */
export const loginStatusSchema = z.object({
  username: optionalText(textLength.short),
  loggedIn: flag(),
  authToken: z.string().max(4096).nullable().default(null),
  /** Formatted 'YYYY-MM-DDTHH:mm:ss', computed from the token's lifetime in seconds. */
  authTokenExpirationDate: optionalDateSchema,
  database: optionalText(textLength.short),
  serverAccess: flag(),
  legacyAccess: flag(),
});
export type LoginStatus = z.infer<typeof loginStatusSchema>;

export const loggedOutStatus: LoginStatus = loginStatusSchema.parse({});

export function sameUsername(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** A lifetime the token answer cannot mean (negative, NaN) leaves the expiry unknown. */
function expiryOf(expiresInSeconds: number, now: Date): string | null {
  return Number.isFinite(expiresInSeconds) && expiresInSeconds >= 0
    ? formattedTokenExpiry(expiresInSeconds, now)
    : null;
}

export type LoginPhase =
  'idle' | 'authenticating' | 'fetchingDatabase' | 'authenticatingLegacy' | 'loggedIn' | 'failed';

export type LoginEffect =
  /** POST /token with the credentials the caller holds. */
  | { readonly kind: 'authenticate' }
  | { readonly kind: 'fetchDatabase'; readonly databaseName: string }
  /** Classic Authenticate; no answer within `timeoutMs` is reported as `legacyTimedOut`. */
  | {
      readonly kind: 'authenticateLegacy';
      readonly server: string;
      readonly database: string;
      readonly username: string;
      readonly timeoutMs: number;
    }
  /** Load the user's groups (and so the allowed system types) and form permissions. */
  | { readonly kind: 'loadSession' }
  /** Forget remembered login details and tokens. */
  | { readonly kind: 'clearLoginData' };

export type LoginState = {
  readonly phase: LoginPhase;
  readonly status: LoginStatus;
  /** The database named at submit, fetched once the server has authenticated the user. */
  readonly requestedDatabase: string;
  readonly skipMode: boolean;
  /** The login answer's admin-only flag: such users are sent to /admin-only. */
  readonly adminOnly: boolean;
  /** Whether the one automatic retry of a token error was used. */
  readonly authRetried: boolean;
  /** The text to show the user, or null. */
  readonly message: string | null;
  readonly effects: readonly LoginEffect[];
};

export type LoginEvent =
  | {
      readonly type: 'submitted';
      readonly username: string;
      readonly databaseName: string;
      readonly skipMode: boolean;
    }
  | {
      readonly type: 'authenticated';
      readonly accessToken: string;
      readonly expiresInSeconds: number;
      readonly adminOnly: boolean;
      readonly now: Date;
    }
  | { readonly type: 'authenticationFailed'; readonly code?: string; readonly description?: string }
  /** The server refused the credentials. */
  | { readonly type: 'authenticationRejected' }
  /** The raw answer of GET /api/servers/{databaseName}. */
  | { readonly type: 'databaseFetched'; readonly answer: unknown }
  | { readonly type: 'databaseFetchFailed'; readonly status?: number }
  /** Classic authenticated the user and reported this username. */
  | { readonly type: 'legacyAuthenticated'; readonly username: string }
  /** Classic answered with an error (its ErrorLoggingIn event). */
  | { readonly type: 'legacyFailed'; readonly description?: string }
  | { readonly type: 'legacyTimedOut' }
  | { readonly type: 'skipModeEntered' }
  | { readonly type: 'loggedOut' };

export const initialLoginState: LoginState = {
  phase: 'idle',
  status: loggedOutStatus,
  requestedDatabase: '',
  skipMode: false,
  adminOnly: false,
  authRetried: false,
  message: null,
  effects: [],
};

/** The phase each answer belongs to; an answer arriving in another phase is stale. */
const phaseOfAnswer: Partial<Record<LoginEvent['type'], LoginPhase>> = {
  authenticated: 'authenticating',
  authenticationFailed: 'authenticating',
  authenticationRejected: 'authenticating',
  databaseFetched: 'fetchingDatabase',
  databaseFetchFailed: 'fetchingDatabase',
  legacyAuthenticated: 'authenticatingLegacy',
  legacyFailed: 'authenticatingLegacy',
  legacyTimedOut: 'authenticatingLegacy',
};

function isStale(state: LoginState, event: LoginEvent): boolean {
  const expected = phaseOfAnswer[event.type];
  return expected !== undefined && expected !== state.phase;
}

/** R-ERR-2: other failures show the error description the server gave, or the generic text. */
function descriptionOr(description: string | undefined, fallback: string): string {
  return description === undefined || description.trim() === '' ? fallback : description;
}

function fail(
  state: LoginState,
  message: string,
  effects: readonly LoginEffect[] = [],
): LoginState {
  return { ...state, phase: 'failed', status: loggedOutStatus, adminOnly: false, message, effects };
}

function loggedIn(state: LoginState): LoginState {
  return {
    ...state,
    phase: 'loggedIn',
    status: { ...state.status, legacyAccess: true, loggedIn: true },
    message: null,
    effects: [{ kind: 'loadSession' }],
  };
}

/**
 * Authenticate, fetch the database (it must name its server), have classic authenticate with
 * that server, database and username (at once in skip mode), check classic's username case-insensitively, then loggedIn. Every failure
 * leaves the status logged out. Answers of an abandoned attempt (wrong phase) are ignored.
 */
export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  if (isStale(state, event)) return { ...state, effects: [] };
  switch (event.type) {
    case 'submitted':
      return {
        ...initialLoginState,
        phase: 'authenticating',
        status: { ...loggedOutStatus, username: event.username },
        requestedDatabase: event.databaseName,
        skipMode: event.skipMode,
        effects: [{ kind: 'authenticate' }],
      };
    case 'authenticated':
      return {
        ...state,
        phase: 'fetchingDatabase',
        adminOnly: event.adminOnly,
        message: null,
        status: {
          ...state.status,
          authToken: event.accessToken,
          authTokenExpirationDate: expiryOf(event.expiresInSeconds, event.now),
          serverAccess: true,
        },
        effects: [{ kind: 'fetchDatabase', databaseName: state.requestedDatabase }],
      };
    case 'authenticationFailed':
      if (event.code !== undefined && isRetryableAuthErrorCode(event.code)) {
        return state.authRetried
          ? fail(state, messages.authRetryFailed)
          : {
              ...state,
              authRetried: true,
              message: messages.attemptingAuthentication,
              effects: [{ kind: 'authenticate' }],
            };
      }
      return fail(state, descriptionOr(event.description, messages.loginInvalid));
    case 'authenticationRejected':
      return fail(state, messages.userLoginFailed, [{ kind: 'clearLoginData' }]);
    case 'databaseFetched': {
      const checked = checkReturnedDatabase(event.answer);
      if (!checked.ok) return fail(state, checked.error);
      const { databaseName, serverName } = checked.database;
      const withDatabase: LoginState = {
        ...state,
        status: { ...state.status, database: databaseName },
      };
      if (state.skipMode) return loggedIn(withDatabase);
      return {
        ...withDatabase,
        phase: 'authenticatingLegacy',
        effects: [
          {
            kind: 'authenticateLegacy',
            server: serverName,
            database: databaseName,
            username: state.status.username,
            timeoutMs: timeouts.legacyLoginAnswerMs,
          },
        ],
      };
    }
    case 'databaseFetchFailed':
      return fail(
        state,
        event.status === 404 ? messages.databaseNotFound : messages.databaseServerError,
      );
    case 'legacyAuthenticated':
      return sameUsername(event.username, state.status.username)
        ? loggedIn(state)
        : fail(state, messages.serverUserMismatch);
    case 'legacyFailed':
      return fail(state, descriptionOr(event.description, messages.loginInvalid));
    case 'legacyTimedOut':
      return fail(state, messages.classicTimeout);
    case 'skipModeEntered':
      return state.phase === 'authenticatingLegacy'
        ? loggedIn({ ...state, skipMode: true })
        : { ...state, skipMode: true, effects: [] };
    case 'loggedOut':
      return { ...initialLoginState, skipMode: state.skipMode };
  }
}
