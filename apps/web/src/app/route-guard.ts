/**
 * Route guarding (R-ROUTE-3..5) for the data router: guarded routes need loggedIn, the requested
 * URL is remembered for after login (never /admin-only), opening a form the user may not view
 * shows the insufficient-permission warning, and redirects stop at the absolute limit (31).
 */
import { redirect } from 'react-router';
import { absoluteRedirectLimit } from '@dispatch/domain/constants';
import { isMenuEntryVisible } from '@dispatch/domain/menu/visible-menu';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import { appConfig } from '../lib/app-config';
import { readStored, webStorageKeys, writeStored } from '../lib/storage';
import { isClassicUsableNow } from '../realtime/classic-usable';
import { showInsufficientPermission, showOk } from '../components/dialogs/dialog-store';
import { i18n } from '../lib/i18n/i18n';
import { ensureSessionChecked } from '../session/session-check';
import type { UserAccess } from '../session/session-queries';
import { isLoggedIn, sessionStore } from '../session/session-store';

export const routePaths = {
  login: '/security/login',
  home: '/home',
  adminOnly: '/admin-only',
  /** R-AUDIT-4: no catalogue entry is an audit log (R-MENU-11), so its route is our own. */
  auditTrail: '/administration/audit-trail',
} as const;

let redirectsInARow = 0;
/** The path of the last page that rendered, where a refused navigation stays. */
let settledPath: string | null = null;

export function setSettledPath(path: string): void {
  settledPath = path;
}

/** Redirects, unless the redirects in a row have passed the absolute limit: then it fails. */
export function limitedRedirect(to: string): Response {
  redirectsInARow += 1;
  if (redirectsInARow > absoluteRedirectLimit) {
    redirectsInARow = 0;
    throw new Error(`More than ${absoluteRedirectLimit} redirects in a row; stopped at ${to}.`);
  }
  return redirect(to);
}

/** A navigation that arrived resets the count. */
export function navigationArrived(): void {
  redirectsInARow = 0;
}

function isRememberable(path: string): boolean {
  return !path.startsWith(routePaths.adminOnly) && !path.startsWith(routePaths.login);
}

export function rememberRequestedUrl(url: string): void {
  if (isRememberable(url)) writeStored(webStorageKeys.lastRequestedUrl, url, 'session');
}

/** Where login sends the user: the last requested URL, else /home. Read once. */
export function takeRequestedUrl(): string {
  const url = readStored(webStorageKeys.lastRequestedUrl, 'session');
  writeStored(webStorageKeys.lastRequestedUrl, null, 'session');
  return url !== null && isRememberable(url) ? url : routePaths.home;
}

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Loader of every guarded route: settles the session first, then needs loggedIn. Returns the
 * redirect the loader must return, or null to let the route render.
 */
export async function requireLoggedIn(request: Request): Promise<Response | null> {
  const check = await ensureSessionChecked();
  if (isLoggedIn()) {
    if (check.kind === 'entryLogin' && check.adminOnly && !pathOf(request).startsWith('/admin')) {
      return limitedRedirect(routePaths.adminOnly);
    }
    return null;
  }
  rememberRequestedUrl(pathOf(request));
  return limitedRedirect(routePaths.login);
}

export async function loadUserAccess(): Promise<UserAccess> {
  const [{ queryClient }, { formPermissionsQuery, sysadminQuery, toUserAccess, userGroupsQuery }] =
    await Promise.all([import('../lib/query-client'), import('../session/session-queries')]);
  const [groups, permissions, isAdmin] = await Promise.all([
    queryClient.ensureQueryData(userGroupsQuery()),
    queryClient.ensureQueryData(formPermissionsQuery()),
    queryClient.ensureQueryData(sysadminQuery()),
  ]);
  return toUserAccess(groups, permissions, isAdmin);
}

/** The visible-menu rule decides whether a form may be opened, so menu and URL agree. */
export function canOpenForm(entry: MenuEntry, access: UserAccess): boolean {
  return isMenuEntryVisible(entry, {
    allowedSystemTypes: access.allowedSystemTypes,
    isAdmin: access.isAdmin,
    canView: access.permissions.canView,
    disabledForms: appConfig().server.disabledForms,
    classicUsable: isClassicUsableNow(sessionStore.get().skipMode),
  });
}

/** Logged in, and `allowed` by the user's access; else the insufficient-permission warning. */
export async function requireAccess(
  request: Request,
  allowed: (access: UserAccess) => boolean,
  screenName: string,
  entry?: MenuEntry,
): Promise<Response | null> {
  const loginRedirect = await requireLoggedIn(request);
  if (loginRedirect) return loginRedirect;
  let access: UserAccess;
  try {
    access = await loadUserAccess();
  } catch {
    // Without the permissions the form cannot be judged; the page itself reports the failure.
    return null;
  }
  if (allowed(access)) {
    navigationArrived();
    return null;
  }
  // R-PARAM-11: a form a system parameter switched off says so, not that permission is lacking.
  const off = entry
    ? (await import('./switched-off')).switchedOffNotice(i18n.t, entry, appConfig().server)
    : null;
  if (off) void showOk({ title: off.title, paragraphs: [off.text, off.hint] });
  else void showInsufficientPermission(screenName);
  // Stay where the user was; on a first load there is nowhere to stay, so go home.
  const stay = settledPath !== null && settledPath !== new URL(request.url).pathname;
  return limitedRedirect(stay && settledPath !== null ? settledPath : routePaths.home);
}

/** Loader of the administrators' own screens outside the catalogue (the audit trail). */
export function requireAdministrator(
  request: Request,
  screenName: string,
): Promise<Response | null> {
  return requireAccess(request, (access) => access.isAdmin, screenName);
}
