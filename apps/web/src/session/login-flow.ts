/**
 * Runs the login sequence (R-LOGIN-1..4) with the domain reducer: authenticate, fetch the database,
 * have classic authenticate the user (unless skip mode), check classic's username, then load
 * the user's groups, permissions, order statuses and administrator flag.
 */
import {
  initialLoginState,
  loginReducer,
  type LoginEffect,
  type LoginEvent,
  type LoginState,
} from '@dispatch/domain/session/login-status';
import { appConfig } from '../lib/app-config';
import { setAccessToken } from './access-token';
import { fetchDatabase, requestToken, type TokenCredentials } from './auth-api';
import { loginStore } from './login-state';
import { loadSessionData } from './session-loader';
import { sessionStore, startSession, loggedOutSession } from './session-store';

/** The links (hub clients, connect flow) load while the first login call is under way. */
async function loadLinks() {
  const [flow, classic] = await Promise.all([
    import('./connect-flow'),
    import('../realtime/classic-link'),
  ]);
  return { flow, classic };
}

export type LoginRequest =
  | {
      readonly kind: 'password';
      readonly username: string;
      readonly password: string;
      readonly database: string;
    }
  | {
      readonly kind: 'token';
      readonly username: string;
      readonly database: string;
      readonly token: string;
      /** Whether the link that opened this tab asks for the classic connection. */
      readonly classic: boolean;
    };

export type LoginResult =
  | { readonly ok: true; readonly adminOnly: boolean }
  | {
      readonly ok: false;
      readonly message: string;
      /** The password was temporary: the user must choose a new one first (R-PASS-3). */
      readonly passwordChangeRequired?: boolean;
    };

export const classicTokenLoginMessages = {
  rejected: 'The classic intercom refused the session token.',
  noUser: 'Nobody is logged in to the classic application on this computer.',
  gaveUp: 'The classic intercom did not answer the token login.',
} as const;

export type LoginOptions = { readonly onForcedLogout: () => void; readonly now?: () => Date };

/** The /token error code of a temporary password (apps/server/src/modules/session/token.routes.ts). */
export const passwordChangeRequiredCode = 'password_change_required';

let attempt = 0;

/** Runs one login; a newer call abandons an older one (its answers are ignored). */
export function runLogin(request: LoginRequest, loginOptions: LoginOptions): Promise<LoginResult> {
  const mine = ++attempt;
  const now = loginOptions.now ?? (() => new Date());
  const skipMode =
    !appConfig().server.useLegacyIntegrator || (request.kind === 'token' && !request.classic);
  let state: LoginState = initialLoginState;
  let expiresIn: number | null = null;
  let flowStarted = false;
  let passwordChangeRequired = false;
  const links = loadLinks();

  return new Promise<LoginResult>((resolve) => {
    const credentials: TokenCredentials =
      request.kind === 'password'
        ? { username: request.username, database: request.database, password: request.password }
        : { username: request.username, database: request.database, token: request.token };

    const send = (event: LoginEvent): void => {
      if (mine !== attempt) return;
      state = loginReducer(state, event);
      loginStore.set(state);
      // The hub clients read the user and database from the session while logging in.
      if (!state.status.loggedIn) {
        sessionStore.set({ ...loggedOutSession, status: state.status, expiresIn, skipMode });
      }
      if (state.phase === 'failed') {
        void links.then(({ flow }) => flow.stopConnectFlow());
        setAccessToken(null);
        sessionStore.set(loggedOutSession);
        resolve({ ok: false, message: state.message ?? '', passwordChangeRequired });
        return;
      }
      if (!flowStarted && (state.phase === 'authenticatingLegacy' || state.phase === 'loggedIn')) {
        flowStarted = true;
        const skipClassic = state.skipMode;
        void links.then(({ flow }) => {
          if (mine !== attempt) return;
          flow.startConnectFlow({
            classicAuthentication: 'byLogin',
            skipClassic,
            onForcedLogout: loginOptions.onForcedLogout,
          });
        });
      }
      for (const effect of state.effects) void run(effect);
    };

    const run = async (effect: LoginEffect): Promise<void> => {
      switch (effect.kind) {
        case 'authenticate': {
          const result = await requestToken(credentials);
          if (result.kind === 'ok') {
            setAccessToken(result.answer.access_token);
            expiresIn = result.answer.expires_in;
            send({
              type: 'authenticated',
              accessToken: result.answer.access_token,
              expiresInSeconds: result.answer.expires_in,
              adminOnly: result.answer.adminOnly,
              now: now(),
            });
          } else if (result.kind === 'rejected') {
            send({ type: 'authenticationRejected' });
          } else {
            passwordChangeRequired = result.code === passwordChangeRequiredCode;
            send({
              type: 'authenticationFailed',
              ...(result.code !== undefined ? { code: result.code } : {}),
              ...(result.description !== undefined ? { description: result.description } : {}),
            });
          }
          return;
        }
        case 'fetchDatabase': {
          const result = await fetchDatabase(effect.databaseName);
          send(
            result.kind === 'ok'
              ? { type: 'databaseFetched', answer: result.answer }
              : {
                  type: 'databaseFetchFailed',
                  ...(result.status !== undefined ? { status: result.status } : {}),
                },
          );
          return;
        }
        case 'authenticateLegacy': {
          const { flow, classic } = await links;
          const ready = await flow.waitForClassicHub();
          if (ready === 'cancelled') return;
          if (ready === 'skipped') {
            send({ type: 'skipModeEntered' });
            return;
          }
          if (request.kind === 'password') {
            const answer = await classic.authenticateClassic(effect);
            if (answer.kind === 'authenticated') {
              send({ type: 'legacyAuthenticated', username: answer.username });
            } else if (answer.kind === 'error') {
              send({ type: 'legacyFailed', description: answer.message });
            } else {
              send({ type: 'legacyTimedOut' });
            }
            return;
          }
          const answer = await classic.classicTokenLogin({
            token: state.status.authToken ?? '',
            database: effect.database,
            server: effect.server,
          });
          send(
            answer.outcome === 'success'
              ? { type: 'legacyAuthenticated', username: answer.username || effect.username }
              : {
                  type: 'legacyFailed',
                  // Classic's own words (ErrorLoggingIn) when it gave some.
                  description: answer.message ?? classicTokenLoginMessages[answer.outcome],
                },
          );
          return;
        }
        case 'loadSession': {
          const { flow, classic } = await links;
          if (!state.skipMode) flow.reportClassicAuthenticated();
          await loadSessionData();
          if (mine !== attempt) return;
          startSession({
            status: state.status,
            adminOnly: state.adminOnly,
            skipMode: state.skipMode,
            expiresIn,
            quickLaunchFormIds: null,
          });
          classic.setClassicSessionActive(!state.skipMode);
          resolve({ ok: true, adminOnly: state.adminOnly });
          return;
        }
        case 'clearLoginData':
          setAccessToken(null);
          return;
      }
    };

    send({
      type: 'submitted',
      username: request.username.trim(),
      databaseName: request.database.trim(),
      skipMode,
    });
  });
}

/** Forgets an abandoned or finished attempt's state (the login page shows a fresh form). */
export function resetLoginState(): void {
  attempt += 1;
  loginStore.set(null);
}
