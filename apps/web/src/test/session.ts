/** A signed-in session for screen tests, as login leaves it (skip mode: no classic intercom). */
import { loginStatusSchema } from '@dispatch/domain/entities/login-status';
import { startSession } from '../session/session-store';

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
