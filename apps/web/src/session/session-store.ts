/**
 * The session of this tab: the R-ENTITY-1 login status plus what login learnt about the user.
 * Kept in session storage (without the token, which access-token.ts keeps) so a reload can
 * restore it after checking the token with the server.
 */
import { loginStatusSchema, type LoginStatus } from '@dispatch/domain/session/login-status';
import { z } from 'zod';
import { createStore, useStore } from '../lib/store';
import { readStored, webStorageKeys, writeStored } from '../lib/storage';
import { setAccessToken } from './access-token';

export type Session = {
  readonly status: LoginStatus;
  /** The login answer's admin-only flag. */
  readonly adminOnly: boolean;
  /** Working without the classic intercom (R-SKIP-1). */
  readonly skipMode: boolean;
  /** The token's lifetime in seconds as the login answer gave it, for the hub and new tabs. */
  readonly expiresIn: number | null;
  /** The forms the dispatcher pinned to this user's quick menu; null until it sends some. */
  readonly quickLaunchFormIds: readonly number[] | null;
};

/** R-ENTITY-1: parsing `{}` gives the logged-out status. */
const loggedOutStatus: LoginStatus = loginStatusSchema.parse({});

export const loggedOutSession: Session = {
  status: loggedOutStatus,
  adminOnly: false,
  skipMode: false,
  expiresIn: null,
  quickLaunchFormIds: null,
};

export const sessionStore = createStore<Session>(loggedOutSession);

export function useSession(): Session {
  return useStore(sessionStore);
}

export function isLoggedIn(): boolean {
  return sessionStore.get().status.loggedIn;
}

const storedSessionSchema = z.object({
  username: z.string().min(1),
  database: z.string().min(1),
  authTokenExpirationDate: z.string().nullable(),
  adminOnly: z.boolean(),
  skipMode: z.boolean(),
  expiresIn: z.number().nullable(),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

/** What a reload may restore once the server confirms the token; null when nothing is kept. */
export function storedSession(): StoredSession | null {
  const raw = readStored(webStorageKeys.session, 'session');
  if (raw === null) return null;
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function persist(session: Session): void {
  const kept: StoredSession = {
    username: session.status.username,
    database: session.status.database,
    authTokenExpirationDate: session.status.authTokenExpirationDate,
    adminOnly: session.adminOnly,
    skipMode: session.skipMode,
    expiresIn: session.expiresIn,
  };
  writeStored(webStorageKeys.session, JSON.stringify(kept), 'session');
}

/** Makes the user logged in with this status and remembers it for a reload of this tab. */
export function startSession(session: Session): void {
  setAccessToken(session.status.authToken);
  persist(session);
  sessionStore.set(session);
}

/** Forgets the session and its token (R-LOGOUT-3: logout clears tokens). */
export function endSession(): void {
  setAccessToken(null);
  writeStored(webStorageKeys.session, null, 'session');
  sessionStore.set(loggedOutSession);
}

export function setSkipMode(skipMode: boolean): void {
  sessionStore.set((session) => ({ ...session, skipMode }));
  const session = sessionStore.get();
  if (session.status.loggedIn) persist(session);
}

export function setQuickLaunchFormIds(formIds: readonly number[]): void {
  sessionStore.set((session) => ({ ...session, quickLaunchFormIds: formIds }));
}
