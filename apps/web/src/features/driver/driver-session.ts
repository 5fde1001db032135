/**
 * The driver's session. Sign-in is the product's own `/token` login (session/auth-api.ts). A
 * driver's phone opens the app from its home screen in a new window each time, where this tab's
 * session storage is empty, so the driver app also keeps its token on the device until it
 * expires (a shift, `TOKEN_TTL_SECONDS`): what waits in the outbox is sent without signing in
 * again. Signing out, or the server refusing the token (401), forgets it.
 */
import { z } from 'zod';
import { readStored, writeStored } from '../../lib/storage';
import { getAccessToken, setAccessToken } from '../../session/access-token';
import { requestToken } from '../../session/auth-api';
import { storedSession } from '../../session/session-store';

const storageKey = 'driverSession';

const driverSessionSchema = z.object({
  token: z.string().min(1),
  username: z.string().min(1),
  database: z.string().min(1),
  /** Epoch milliseconds; null when the server gave no lifetime. */
  expiresAt: z.number().nullable(),
});
export type DriverSession = z.infer<typeof driverSessionSchema>;

/** Whose outbox items these are: the same driver in the same database. */
export const ownerOf = (session: Pick<DriverSession, 'username' | 'database'>) =>
  `${session.database.toUpperCase()}/${session.username.toLowerCase()}`;

function save(session: DriverSession | null): void {
  writeStored(storageKey, session === null ? null : JSON.stringify(session));
}

function kept(now: number): DriverSession | null {
  const raw = readStored(storageKey);
  if (raw === null) return null;
  try {
    const parsed = driverSessionSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    return parsed.data.expiresAt !== null && parsed.data.expiresAt <= now ? null : parsed.data;
  } catch {
    return null;
  }
}

/**
 * The session to work in: this tab's (a driver who signed in at the product's login page), else
 * the one kept on the device; null when the driver must sign in.
 */
export function restoreDriverSession(now = Date.now()): DriverSession | null {
  const token = getAccessToken();
  const tab = storedSession();
  if (token !== null && tab !== null) {
    const expiresAt = tab.expiresIn === null ? null : now + tab.expiresIn * 1000;
    const session = { token, username: tab.username, database: tab.database, expiresAt };
    save(session);
    return session;
  }
  const device = kept(now);
  if (device) setAccessToken(device.token);
  return device;
}

export type SignInResult =
  | { readonly ok: true; readonly session: DriverSession }
  | { readonly ok: false; readonly message: string | null };

export async function signInDriver(
  credentials: { username: string; password: string; database: string },
  now = Date.now(),
): Promise<SignInResult> {
  const result = await requestToken(credentials);
  if (result.kind !== 'ok') {
    return { ok: false, message: result.kind === 'failed' ? (result.description ?? null) : null };
  }
  const session: DriverSession = {
    token: result.answer.access_token,
    username: credentials.username.trim(),
    database: credentials.database.trim(),
    expiresAt: now + result.answer.expires_in * 1000,
  };
  setAccessToken(session.token);
  save(session);
  return { ok: true, session };
}

/** Forgets the token (the outbox keeps its items for the next sign-in). */
export function forgetDriverSession(): void {
  setAccessToken(null);
  save(null);
}
