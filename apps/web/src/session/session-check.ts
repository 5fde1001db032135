/**
 * Before the first guarded route decides, the session is settled once: an entry URL with a token
 * logs in without the form (R-ENTRY-2), else a session kept in this tab is restored when the
 * server still accepts its token.
 */
import type { EntryUrl } from '@dispatch/domain/entry-url';
import type * as EntryUrlModule from '@dispatch/domain/entry-url';
import type * as LinksModule from '@dispatch/domain/links';
import { appConfig } from '../lib/app-config';
import { logger } from '../lib/logger';
import { getAccessToken, setAccessToken } from './access-token';
import { fetchConnection } from './auth-api';
import { endSession, loggedOutSession, startSession, storedSession } from './session-store';

export type SessionCheck =
  | { readonly kind: 'none' }
  | { readonly kind: 'restored' }
  /** An entry URL logged in; `target` is the form it asked for, or null. */
  | { readonly kind: 'entryLogin'; readonly target: string | null; readonly adminOnly: boolean }
  | { readonly kind: 'entryLoginFailed'; readonly message: string };

let check: Promise<SessionCheck> | null = null;
let entryFailure: string | null = null;

export function ensureSessionChecked(): Promise<SessionCheck> {
  check ??= runCheck();
  return check;
}

/** For tests and logout: the next guard checks again. */
export function resetSessionCheck(): void {
  check = Promise.resolve({ kind: 'none' });
}

/** The message of a failed entry URL login, shown once on the login form. */
export function takeEntryLoginMessage(): string | null {
  const message = entryFailure;
  entryFailure = null;
  return message;
}

/** The address without the entry parameters: a token must not stay in the address bar. */
function withoutEntryParams(
  href: string,
  { entryUrlParams }: typeof EntryUrlModule,
  { buildQuery, parseQuery, splitLink }: typeof LinksModule,
): string {
  const url = new URL(href);
  const { query } = splitLink(url.search);
  const names = new Set<string>(Object.values(entryUrlParams));
  const kept = Object.fromEntries(
    [...parseQuery(query).entries()].filter(([name]) => !names.has(name)),
  );
  const rest = buildQuery(kept);
  return `${url.pathname}${rest === '' ? '' : `?${rest}`}${url.hash}`;
}

/** The catalogue loads only for an entry URL: the login route does without it. */
async function entryTarget(entry: EntryUrl): Promise<string | null> {
  const { menuEntryByEnumId, menuEntryById } = await import('@dispatch/domain/menu/menu-catalogue');
  const byId = entry.formId !== null ? menuEntryById(entry.formId) : undefined;
  const form = byId ?? (entry.formEnum !== null ? menuEntryByEnumId(entry.formEnum) : undefined);
  return form?.path ?? null;
}

async function entryLogin(entry: EntryUrl): Promise<SessionCheck> {
  let { username, database } = entry;
  if (username === null || database === null) {
    // The link did not say whose token it is: the server knows.
    setAccessToken(entry.token);
    const info = await fetchConnection();
    setAccessToken(null);
    username ??= info?.username ?? null;
    database ??= info?.database ?? null;
  }
  if (username === null || database === null) {
    entryFailure = 'The link to this page has expired. Please log in.';
    return { kind: 'entryLoginFailed', message: entryFailure };
  }
  const [{ runLogin }, { forceLogout }] = await Promise.all([
    import('./login-flow'),
    import('./logout'),
  ]);
  const result = await runLogin(
    { kind: 'token', username, database, token: entry.token, classic: entry.classic },
    { onForcedLogout: () => forceLogout('dispatcher') },
  );
  if (!result.ok) {
    entryFailure = result.message;
    return { kind: 'entryLoginFailed', message: result.message };
  }
  return { kind: 'entryLogin', target: await entryTarget(entry), adminOnly: result.adminOnly };
}

async function restore(): Promise<SessionCheck> {
  const kept = storedSession();
  const token = getAccessToken();
  if (kept === null || token === null) {
    if (kept !== null || token !== null) endSession();
    return { kind: 'none' };
  }
  const info = await fetchConnection();
  if (info === null || info.username.toLowerCase() !== kept.username.toLowerCase()) {
    endSession();
    return { kind: 'none' };
  }
  const skipMode = kept.skipMode || !appConfig().server.useLegacyIntegrator;
  startSession({
    status: {
      ...loggedOutSession.status,
      username: info.username,
      database: info.database,
      authToken: token,
      authTokenExpirationDate: kept.authTokenExpirationDate,
      loggedIn: true,
      serverAccess: true,
      legacyAccess: true,
    },
    adminOnly: kept.adminOnly,
    skipMode,
    expiresIn: kept.expiresIn,
    quickLaunchFormIds: null,
  });
  const [{ startConnectFlow }, { forceLogout }, { setClassicSessionActive }] = await Promise.all([
    import('./connect-flow'),
    import('./logout'),
    import('../realtime/classic-link'),
    import('./session-loader').then((loader) => loader.loadSessionData()),
  ]);
  startConnectFlow({
    classicAuthentication: 'byToken',
    skipClassic: skipMode,
    onForcedLogout: () => forceLogout('dispatcher'),
  });
  setClassicSessionActive(!skipMode);
  return { kind: 'restored' };
}

async function runCheck(): Promise<SessionCheck> {
  try {
    // Only a query string can carry an entry URL; without one its parser need not load.
    if (window.location.search.length > 1) {
      const [entryUrl, links] = await Promise.all([
        import('@dispatch/domain/entry-url'),
        import('@dispatch/domain/links'),
      ]);
      const entry = entryUrl.parseEntryUrl(window.location.search);
      if (entry !== null) {
        window.history.replaceState(
          window.history.state,
          '',
          withoutEntryParams(window.location.href, entryUrl, links),
        );
        return await entryLogin(entry);
      }
    }
    return await restore();
  } catch (error) {
    logger.error('The session could not be checked.', error);
    return { kind: 'none' };
  }
}
