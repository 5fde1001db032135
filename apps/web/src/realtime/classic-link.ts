/// <reference types="signalr" />
/**
 * The link to the classic Intercom (R-CLASSIC, R-INTERCOM): the official ASP.NET SignalR 2 client
 * (a jQuery plugin), loaded only when the link is used, talking to the `intercomHub` at
 * `<legacyUrl>/signalr`. Skip mode (R-SKIP-1) swaps it for a stub that is always connected
 * and authenticated with no unsaved forms.
 */
import {
  classicConnectionReducer,
  initialClassicConnection,
  toDirtyFormsCount,
  type ClassicConnectionEvent,
} from '@dispatch/domain/connection/classic-connection';
import { canOpenClassicForm, skipModeLink } from '@dispatch/domain/connection/skip-mode';
import {
  nextTokenLoginStep,
  type TokenLoginOutcome,
} from '@dispatch/domain/connection/token-login';
import { timeouts } from '@dispatch/domain/constants';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import { databaseSchema } from '@dispatch/domain/session/database';
import type { ClassicSessionSignal, DirtyFormsAnswer } from '@dispatch/domain/session/logout';
import { logger } from '../lib/logger';
import { delay, timedOut, withTimeout } from '../lib/timeout';
import { fetchDatabase } from '../session/auth-api';
import { classicStateStore } from './connection-status';

export const classicHubName = 'intercomHub';

type Proxy = SignalR.Hub.Proxy;
type Link = { readonly connection: SignalR.Hub.Connection; readonly proxy: Proxy };

let link: Link | null = null;
let skipMode = false;
/** Bumped by every connect and stop, so events of an abandoned link do nothing. */
let generation = 0;
/** Whether the user is logged in: from then on classic saying otherwise ends the session. */
let sessionActive = false;
let sessionListener: ((signal: ClassicSessionSignal) => void) | null = null;
let dropListener: (() => void) | null = null;

type Waiter<T> = (value: T) => void;
const authWaiters = new Set<Waiter<ClassicAuthResult>>();
const pingWaiters = new Set<Waiter<boolean>>();
/** Token login's answer: AuthTokenAccepted, or ErrorLoggingIn with classic's message. */
type TokenAnswer =
  | { readonly kind: 'accepted'; readonly username: string }
  | { readonly kind: 'refused'; readonly message: string };
const tokenWaiters = new Set<Waiter<TokenAnswer>>();

export type ClassicAuthResult =
  | { readonly kind: 'authenticated'; readonly username: string }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'timedOut' };

function apply(event: ClassicConnectionEvent): void {
  if (skipMode) return;
  classicStateStore.set((current) => classicConnectionReducer(current, event));
}

function settle<T>(waiters: Set<Waiter<T>>, value: T): void {
  for (const waiter of [...waiters]) waiter(value);
  waiters.clear();
}

/** How the session hears of classic ending it (R-LOGOUT-5..6). Set once by the session wiring. */
export function setClassicSessionListener(listener: (signal: ClassicSessionSignal) => void): void {
  sessionListener = listener;
}

/** Called when an established link drops for good, so the connect flow can reconnect. */
export function setClassicDropListener(listener: () => void): void {
  dropListener = listener;
}

/** From login until logout, classic's logged-out and error events end the session. */
export function setClassicSessionActive(active: boolean): void {
  sessionActive = active;
}

function signal(value: ClassicSessionSignal): void {
  if (sessionActive && !skipMode) sessionListener?.(value);
}

async function loadClient(): Promise<JQueryStatic> {
  const { default: jQuery } = await import('jquery');
  // The SignalR 2 client is a jQuery plugin that looks for window.jQuery when it loads.
  (window as unknown as { jQuery: JQueryStatic }).jQuery = jQuery;
  await import('signalr');
  return jQuery;
}

function stateEvent(state: number): ClassicConnectionEvent {
  switch (state) {
    case 1:
      return { type: 'connected' };
    case 4:
      return { type: 'disconnected' };
    default:
      // 0 connecting, 2 reconnecting: the reducer tells a reconnection from a first connection.
      return { type: 'connecting' };
  }
}

function subscribe(proxy: Proxy, owner: number): void {
  const mine =
    (handler: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (owner === generation) handler(...args);
    };
  proxy.on(
    'UserIsAuthenticated',
    mine((username) => {
      apply({ type: 'userAuthenticated' });
      settle(authWaiters, {
        kind: 'authenticated',
        username: typeof username === 'string' ? username : '',
      });
    }),
  );
  proxy.on(
    'ErrorLoggingIn',
    mine((message) => {
      const text = typeof message === 'string' ? message : '';
      if (tokenWaiters.size > 0) settle(tokenWaiters, { kind: 'refused', message: text });
      else if (authWaiters.size > 0) settle(authWaiters, { kind: 'error', message: text });
      else signal('errorEvent');
    }),
  );
  proxy.on(
    'LoggedOut',
    mine(() => {
      apply({ type: 'loggedOut' });
      signal('notAuthenticated');
    }),
  );
  proxy.on(
    'DirtyFormsCount',
    mine((count) => apply({ type: 'dirtyFormsCount', count: Number(count) })),
  );
  proxy.on(
    'AuthPingback',
    mine((isAuthenticated) => settle(pingWaiters, isAuthenticated === true)),
  );
  proxy.on(
    'AuthTokenAccepted',
    mine((username) =>
      settle(tokenWaiters, {
        kind: 'accepted',
        username: typeof username === 'string' ? username : '',
      }),
    ),
  );
}

/** Starts the link over WebSockets; rejects when the intercom cannot be reached. */
export async function connectClassicLink(legacyUrl: string): Promise<void> {
  await stopClassicLink();
  skipMode = false;
  const owner = ++generation;
  classicStateStore.set(initialClassicConnection);
  apply({ type: 'connecting' });
  const jQuery = await loadClient();
  if (owner !== generation) return;
  const connection = jQuery.hubConnection(`${legacyUrl.replace(/\/+$/, '')}/signalr`, {
    useDefaultPath: false,
  });
  const proxy = connection.createHubProxy(classicHubName);
  subscribe(proxy, owner);
  connection.stateChanged((change) => {
    if (owner === generation) apply(stateEvent(change.newState));
  });
  connection.reconnected(() => {
    if (owner !== generation) return;
    // The classic side may have restarted meanwhile: check it still knows the user.
    void verifyClassicAuthentication().then((result) => {
      if (owner === generation && result !== 'authenticated') signal(result);
    });
  });
  let started = false;
  connection.disconnected(() => {
    // A start that fails also ends here; that failure is reported by the start itself.
    if (owner !== generation || !started) return;
    link = null;
    dropListener?.();
  });
  link = { connection, proxy };
  try {
    await new Promise<void>((resolve, reject) => {
      connection
        .start({ transport: 'webSockets' })
        .done(() => {
          started = true;
          resolve();
        })
        .fail((error: unknown) =>
          reject(error instanceof Error ? error : new Error(String(error))),
        );
    });
  } catch (error) {
    if (owner === generation) {
      link = null;
      connection.stop();
      apply({ type: 'disconnected' });
    }
    throw error;
  }
}

export async function stopClassicLink(): Promise<void> {
  generation += 1;
  const current = link;
  link = null;
  settle(authWaiters, { kind: 'timedOut' });
  settle(pingWaiters, false);
  tokenWaiters.clear();
  if (!skipMode) classicStateStore.set(initialClassicConnection);
  current?.connection.stop();
  await Promise.resolve();
}

function invoke<T>(method: string, ...args: unknown[]): Promise<T> {
  if (!link) return Promise.reject(new Error('The classic intercom is not connected.'));
  const { proxy } = link;
  return new Promise<T>((resolve, reject) => {
    proxy
      .invoke(method, ...args)
      .done((result: T) => resolve(result))
      .fail((error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
  });
}

/**
 * R-LOGIN-1..2: classic logs the user in with server, database and username, and answers with
 * UserIsAuthenticated(username) or ErrorLoggingIn(message); no answer in time is a time-out.
 */
export async function authenticateClassic(options: {
  readonly server: string;
  readonly database: string;
  readonly username: string;
  readonly timeoutMs: number;
}): Promise<ClassicAuthResult> {
  if (skipMode) return { kind: 'authenticated', username: options.username };
  const answer = new Promise<ClassicAuthResult>((resolve) => authWaiters.add(resolve));
  invoke('Authenticate', options.server, options.database, options.username).catch(
    (error: unknown) => {
      settle(authWaiters, {
        kind: 'error',
        message: error instanceof Error ? error.message : String(error),
      });
    },
  );
  const result = await withTimeout(answer, options.timeoutMs);
  if (result === timedOut) {
    authWaiters.clear();
    return { kind: 'timedOut' };
  }
  return result;
}

export type TokenLoginResult = {
  readonly outcome: TokenLoginOutcome;
  /** Who classic logged in (AuthTokenAccepted's argument), or '' when it did not say. */
  readonly username: string;
  /** Classic's own words (ErrorLoggingIn) when it refused the token. */
  readonly message?: string;
};

/** The server name classic logs in against: the database's, as GET /api/servers/{name} says. */
async function serverOfDatabase(database: string): Promise<string | null> {
  const result = await fetchDatabase(database);
  if (result.kind !== 'ok') return null;
  const parsed = databaseSchema.safeParse(result.answer);
  return parsed.success && parsed.data.serverName.trim() !== '' ? parsed.data.serverName : null;
}

/**
 * One token login over the classic hub: AuthenticateWithToken(server, database, token), answered
 * by AuthTokenAccepted or ErrorLoggingIn. Read as R-TOKEN-2's statuses: accepted is 200, refused
 * 401; a call that fails (classic could not check the token, the link is down) or no answer in
 * time is null, a try worth repeating.
 */
async function tokenLoginTry(
  server: string,
  database: string,
  token: string,
): Promise<{ status: number | null; username: string; message?: string }> {
  const answer = new Promise<TokenAnswer>((resolve) => tokenWaiters.add(resolve));
  try {
    await invoke('AuthenticateWithToken', server, database, token);
  } catch (error) {
    tokenWaiters.clear();
    logger.warn('Token login to classic failed; it is tried again.', error);
    return { status: null, username: '' };
  }
  const result = await withTimeout(answer, timeouts.legacyLoginAnswerMs);
  if (result === timedOut) {
    tokenWaiters.clear();
    return { status: null, username: '' };
  }
  return result.kind === 'accepted'
    ? { status: 200, username: result.username }
    : { status: 401, username: '', message: result.message };
}

/**
 * R-TOKEN-1..2: token login to classic through its hub (AuthenticateWithToken, answered by
 * AuthTokenAccepted or ErrorLoggingIn), tried up to 10 times 2 s apart. It stops when classic
 * accepts or refuses the token; a call that fails or goes unanswered is tried again.
 */
export async function classicTokenLogin(options: {
  readonly token: string;
  readonly database: string;
  /** The database's server; looked up from the API when not given. */
  readonly server?: string;
}): Promise<TokenLoginResult> {
  if (skipMode) return { outcome: 'success', username: '' };
  const owner = generation;
  let server = options.server?.trim() || null;
  for (let attempt = 1; ; attempt += 1) {
    server ??= await serverOfDatabase(options.database);
    const answer =
      server === null
        ? { status: null, username: '' }
        : await tokenLoginTry(server, options.database, options.token);
    if (owner !== generation) return { outcome: 'gaveUp', username: '' };
    const step = nextTokenLoginStep(attempt, answer.status);
    if (step.kind === 'done') {
      if (step.outcome === 'success') apply({ type: 'userAuthenticated' });
      return {
        outcome: step.outcome,
        username: answer.username,
        ...(answer.message !== undefined ? { message: answer.message } : {}),
      };
    }
    await delay(step.delayMs);
    if (owner !== generation) return { outcome: 'gaveUp', username: '' };
  }
}

/** R-LOGOUT-1: the unsaved-forms count before logout; skip mode always has none. */
export async function queryClassicDirtyForms(timeoutMs: number): Promise<DirtyFormsAnswer> {
  if (skipMode) return { kind: 'count', count: skipModeLink.dirtyFormsCount };
  if (!link) return { kind: 'count', count: 0 };
  try {
    const result = await withTimeout(invoke<unknown>('QueryDirtyFormsCount'), timeoutMs);
    if (result === timedOut) return { kind: 'timedOut' };
    const count = typeof result === 'number' ? result : classicStateStore.get().dirtyFormsCount;
    apply({ type: 'dirtyFormsCount', count });
    return { kind: 'count', count: toDirtyFormsCount(count) };
  } catch {
    return { kind: 'failed' };
  }
}

/** Asks classic whether it still has the user (AuthPing, answered by AuthPingback). */
export async function verifyClassicAuthentication(
  timeoutMs = 5000,
): Promise<'authenticated' | 'notAuthenticated' | 'verificationFailed'> {
  if (skipMode) return 'authenticated';
  const answer = new Promise<boolean>((resolve) => pingWaiters.add(resolve));
  try {
    await invoke('AuthPing');
  } catch {
    pingWaiters.clear();
    return 'verificationFailed';
  }
  const result = await withTimeout(answer, timeoutMs);
  if (result === timedOut) {
    pingWaiters.clear();
    return 'verificationFailed';
  }
  return result ? 'authenticated' : 'notAuthenticated';
}

/**
 * The classic ticketing forms (R-LEGACY-2): asking for one asks classic for a new ticket
 * (CreateTicket, R-INTERCOM-2), of the form's system type when it has one.
 */
const classicTicketingForms: ReadonlySet<string> = new Set([
  'LegacyAggregateTicketing',
  'LegacyQuickTicketing',
  'LegacyBlockTicketing',
  'LegacyConcreteTicketing',
]);

/** Runs a classic call that opens something; false (and a log line) when it could not. */
async function openInClassic(what: string, method: string, ...args: unknown[]): Promise<boolean> {
  const access = canOpenClassicForm(skipMode);
  if (!access.allowed) {
    logger.warn(access.warning);
    return false;
  }
  try {
    return (await invoke<unknown>(method, ...args)) !== false;
  } catch (error) {
    logger.error(`The classic intercom could not open ${what}.`, error);
    return false;
  }
}

/**
 * Opens a classic form through the intercom (OpenForm); a ticketing form asks for a new ticket
 * (CreateTicket). In skip mode it only logs a warning.
 */
export async function openClassicForm(entry: MenuEntry): Promise<boolean> {
  if (classicTicketingForms.has(entry.enumId)) {
    return entry.systemTypeId === null
      ? openInClassic(entry.enumId, 'CreateTicket')
      : openInClassic(entry.enumId, 'CreateTicket', { systemTypeId: entry.systemTypeId });
  }
  return openInClassic(entry.enumId, 'OpenForm', entry.enumId);
}

/** Shows a ticket in classic (ViewTicket, R-INTERCOM-2). */
export function viewClassicTicket(ticketId: number): Promise<boolean> {
  return openInClassic(`ticket ${ticketId}`, 'ViewTicket', ticketId);
}

/** Logs the classic user out (on our logout); a link that is down has nobody to log out. */
export async function classicLogout(timeoutMs = 2000): Promise<void> {
  if (skipMode || !link) return;
  await withTimeout(
    invoke('Logout').catch(() => undefined),
    timeoutMs,
  );
}

/** R-SKIP-1: replaces the link by the stub that is always connected and authenticated. */
export async function enterClassicSkipMode(): Promise<void> {
  await stopClassicLink();
  skipMode = true;
  classicStateStore.set(skipModeLink);
}

export function leaveClassicSkipMode(): void {
  skipMode = false;
  classicStateStore.set(initialClassicConnection);
}

export function isClassicSkipMode(): boolean {
  return skipMode;
}
