import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import type { LoginEvent, LoginState } from './login-status';
import {
  initialLoginState,
  loggedOutStatus,
  loginReducer,
  loginStatusSchema,
  sameUsername,
} from './login-status';

// Local time: the expiry is formatted in the browser's zone.
const now = new Date(2025, 2, 1, 8, 0, 0);

function run(state: LoginState, ...events: LoginEvent[]): LoginState {
  return events.reduce(loginReducer, state);
}

const submitted = (skipMode = false): LoginEvent => ({
  type: 'submitted',
  username: 'Dispatch1',
  databaseName: 'DEMO',
  skipMode,
});
const authenticated: LoginEvent = {
  type: 'authenticated',
  accessToken: 'tok',
  expiresInSeconds: 3600,
  adminOnly: false,
  now,
};
const databaseFetched: LoginEvent = {
  type: 'databaseFetched',
  answer: { databaseName: 'DEMO', serverName: 'sql01' },
};

const atLegacyStep = (): LoginState =>
  run(initialLoginState, submitted(), authenticated, databaseFetched);

describe('R-LOGIN-1..4: login sequence', () => {
  it('authenticates, fetches the database, authenticates classic, then logs in', () => {
    const authenticating = run(initialLoginState, submitted());
    expect(authenticating.phase).toBe('authenticating');
    expect(authenticating.effects).toEqual([{ kind: 'authenticate' }]);

    const fetching = run(authenticating, authenticated);
    expect(fetching.phase).toBe('fetchingDatabase');
    expect(fetching.effects).toEqual([{ kind: 'fetchDatabase', databaseName: 'DEMO' }]);
    expect(fetching.status.serverAccess).toBe(true);
    expect(fetching.status.authToken).toBe('tok');
    expect(fetching.status.authTokenExpirationDate).toBe('2025-03-01T09:00:00');
    expect(fetching.status.loggedIn).toBe(false);

    const legacy = run(fetching, databaseFetched);
    expect(legacy.phase).toBe('authenticatingLegacy');
    expect(legacy.effects).toEqual([
      {
        kind: 'authenticateLegacy',
        server: 'sql01',
        database: 'DEMO',
        username: 'Dispatch1',
        timeoutMs: 2000,
      },
    ]);
    expect(legacy.status.database).toBe('DEMO');

    const done = run(legacy, { type: 'legacyAuthenticated', username: 'DISPATCH1' });
    expect(done.phase).toBe('loggedIn');
    expect(done.effects).toEqual([{ kind: 'loadSession' }]);
    expect(done.status).toEqual({
      username: 'Dispatch1',
      loggedIn: true,
      authToken: 'tok',
      authTokenExpirationDate: '2025-03-01T09:00:00',
      database: 'DEMO',
      serverAccess: true,
      legacyAccess: true,
    });
    expect(done.message).toBeNull();
  });

  it('keeps the admin-only flag of the login answer', () => {
    const state = run(initialLoginState, submitted(), { ...authenticated, adminOnly: true });
    expect(state.adminOnly).toBe(true);
  });

  it('compares usernames case-insensitively and refuses a different user', () => {
    expect(sameUsername('dispatch1', 'DISPATCH1')).toBe(true);
    expect(sameUsername('dispatch1', 'dispatch2')).toBe(false);
    const refused = run(atLegacyStep(), { type: 'legacyAuthenticated', username: 'someone' });
    expect(refused.phase).toBe('failed');
    expect(refused.message).toBe(messages.serverUserMismatch);
    expect(refused.status).toEqual(loggedOutStatus);
  });

  it('needs a database that names its server', () => {
    for (const answer of [
      { databaseName: 'DEMO', serverName: '' },
      { databaseName: 'DEMO', serverName: null },
      { databaseName: 'DEMO' },
      { databaseName: ' ', serverName: 'sql01' },
      null,
    ]) {
      const state = run(initialLoginState, submitted(), authenticated, {
        type: 'databaseFetched',
        answer,
      });
      expect(state.phase).toBe('failed');
      expect(state.message).toBe(messages.databaseInvalid);
      expect(state.status.authToken).toBeNull();
    }
  });

  it('reports a missing database and a server error while fetching it', () => {
    const fetching = run(initialLoginState, submitted(), authenticated);
    expect(run(fetching, { type: 'databaseFetchFailed', status: 404 }).message).toBe(
      messages.databaseNotFound,
    );
    expect(run(fetching, { type: 'databaseFetchFailed', status: 500 }).message).toBe(
      messages.databaseServerError,
    );
    expect(run(fetching, { type: 'databaseFetchFailed' }).message).toBe(
      messages.databaseServerError,
    );
  });

  it('fails on a classic timeout or a classic error', () => {
    expect(run(atLegacyStep(), { type: 'legacyTimedOut' }).message).toBe(messages.classicTimeout);
    expect(run(atLegacyStep(), { type: 'legacyFailed', description: 'Locked' }).message).toBe(
      'Locked',
    );
    expect(run(atLegacyStep(), { type: 'legacyFailed' }).message).toBe(messages.loginInvalid);
  });

  it('in skip mode counts the classic step as authenticated at once', () => {
    const state = run(initialLoginState, submitted(true), authenticated, databaseFetched);
    expect(state.phase).toBe('loggedIn');
    expect(state.status.legacyAccess).toBe(true);
    expect(state.effects).toEqual([{ kind: 'loadSession' }]);
  });

  it('finishes a waiting classic step when skip mode is entered', () => {
    const state = run(atLegacyStep(), { type: 'skipModeEntered' });
    expect(state.phase).toBe('loggedIn');
    expect(state.skipMode).toBe(true);
    const early = run(initialLoginState, { type: 'skipModeEntered' });
    expect(early.phase).toBe('idle');
    expect(early.skipMode).toBe(true);
  });

  it('ignores answers that do not belong to the current step', () => {
    const fetching = run(initialLoginState, submitted(), authenticated);
    const stale = run(fetching, { type: 'legacyAuthenticated', username: 'Dispatch1' });
    expect(stale.phase).toBe('fetchingDatabase');
    expect(stale.effects).toEqual([]);
    expect(run(initialLoginState, authenticated).phase).toBe('idle');
  });

  it('logs out to the initial state, keeping skip mode', () => {
    const done = run(initialLoginState, submitted(true), authenticated, databaseFetched);
    const out = run(done, { type: 'loggedOut' });
    expect(out).toEqual({ ...initialLoginState, skipMode: true });
  });

  it('formats the token expiry from its lifetime in seconds, unknown when the lifetime is not', () => {
    const expiry = (expiresInSeconds: number): string | null =>
      run(initialLoginState, submitted(), { ...authenticated, expiresInSeconds }).status
        .authTokenExpirationDate;
    expect(expiry(90)).toBe('2025-03-01T08:01:30');
    expect(expiry(-1)).toBeNull();
    expect(expiry(Number.NaN)).toBeNull();
  });
});

describe('R-ERR-1..3: authentication failures', () => {
  it('retries a token error once with "Attempting Authentication..."', () => {
    for (const code of ['missing_token_error', 'token_error']) {
      const retrying = run(initialLoginState, submitted(), { type: 'authenticationFailed', code });
      expect(retrying.phase).toBe('authenticating');
      expect(retrying.message).toBe(messages.attemptingAuthentication);
      expect(retrying.effects).toEqual([{ kind: 'authenticate' }]);
      const failed = run(retrying, { type: 'authenticationFailed', code });
      expect(failed.phase).toBe('failed');
      expect(failed.message).toBe(messages.authRetryFailed);
      expect(failed.effects).toEqual([]);
    }
  });

  it('a new submit gets its own retry', () => {
    const failed = run(
      initialLoginState,
      submitted(),
      { type: 'authenticationFailed', code: 'token_error' },
      { type: 'authenticationFailed', code: 'token_error' },
      submitted(),
      { type: 'authenticationFailed', code: 'token_error' },
    );
    expect(failed.message).toBe(messages.attemptingAuthentication);
  });

  it("shows the server's description of other failures, or the generic text", () => {
    const withText = run(initialLoginState, submitted(), {
      type: 'authenticationFailed',
      code: 'invalid_grant',
      description: 'Account locked',
    });
    expect(withText.message).toBe('Account locked');
    const without = run(initialLoginState, submitted(), {
      type: 'authenticationFailed',
      description: '  ',
    });
    expect(without.message).toBe(messages.loginInvalid);
  });

  it('a rejected authentication shows "User Login Failed" and clears the login data', () => {
    const state = run(initialLoginState, submitted(), { type: 'authenticationRejected' });
    expect(state.phase).toBe('failed');
    expect(state.message).toBe(messages.userLoginFailed);
    expect(state.status).toEqual(loggedOutStatus);
    expect(state.effects).toEqual([{ kind: 'clearLoginData' }]);
  });
});

describe('R-ENTITY-1: login status', () => {
  it('parses {} as the logged-out state', () => {
    expect(loginStatusSchema.parse({})).toEqual({
      username: '',
      loggedIn: false,
      authToken: null,
      authTokenExpirationDate: null,
      database: '',
      serverAccess: false,
      legacyAccess: false,
    });
  });

  it('carries a logged-in session', () => {
    const status = loginStatusSchema.parse({
      username: 'ann',
      loggedIn: true,
      authToken: 'tok',
      authTokenExpirationDate: '2024-05-01T11:00:00',
      database: 'LIVE',
      serverAccess: true,
      legacyAccess: true,
    });
    expect(status.loggedIn).toBe(true);
    expect(loginStatusSchema.safeParse({ loggedIn: 'yes' }).success).toBe(false);
  });
});
