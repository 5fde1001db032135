/** Session set-up for the web's app-level tests. */
import { afterEach, beforeEach, vi } from 'vitest';
import { loginStatusSchema } from '@dispatch/domain/session/login-status';
import { resetAppConfig } from '../lib/app-config';
import { queryClient } from '../lib/query-client';
import { stopConnectFlow } from '../session/connect-flow';
import { resetSessionCheck } from '../session/session-check';
import { endSession, startSession } from '../session/session-store';

/** A signed-in session, as login leaves it (skip mode: no classic intercom). */
export function logInAs(username: string): void {
  startSession({
    status: loginStatusSchema.parse({
      username,
      database: 'DEMO',
      loggedIn: true,
      authToken: 'token-1',
      serverAccess: true,
      legacyAccess: true,
    }),
    adminOnly: false,
    skipMode: true,
    expiresIn: 3600,
    quickLaunchFormIds: null,
  });
}

/**
 * Around each test of the whole app: fresh configuration and session check, `fetch` from the
 * test (made anew each time), and afterwards the connect flow stopped, the session ended and the
 * query cache cleared, so no test sees another's state.
 */
export function appTestLifecycle(fetchOf: () => typeof fetch): void {
  beforeEach(() => {
    resetAppConfig();
    resetSessionCheck();
    vi.stubGlobal('fetch', fetchOf());
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await stopConnectFlow();
    endSession();
    queryClient.clear();
  });
}
