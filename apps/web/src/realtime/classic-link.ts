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
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import type { ClassicSessionSignal, DirtyFormsAnswer } from '@dispatch/domain/session/logout';
import { logger } from '../lib/logger';
import { delay, timedOut, withTimeout } from '../lib/timeout';
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
      if (authWaiters.size > 0) settle(authWaiters, { kind: 'error', message: text });
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
  proxy.on('AuthTokenAccepted', () => undefined);
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

export type TokenLoginResult = { readonly outcome: TokenLoginOutcome; readonly username: string };

/**
 * R-TOKEN-1..2: token login to classic over HTTP, tried up to 10 times 2 s apart, stopping on
 * 200 (logged in), 401 (token refused) or 409 (nobody logged in to the classic application).
 */
export async function classicTokenLogin(options: {
  readonly legacyUrl: string;
  readonly token: string;
  readonly database: string;
}): Promise<TokenLoginResult> {
  if (skipMode) return { outcome: 'success', username: '' };
  const owner = generation;
  for (let attempt = 1; ; attempt += 1) {
    let status: number | null;
    let username = '';
    try {
      const response = await fetch(`${options.legacyUrl.replace(/\/+$/, '')}/api/token-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: options.token, database: options.database }),
      });
      status = response.status;
      if (response.ok) {
        const body = (await response.json().catch(() => ({}))) as { username?: unknown };
        username = typeof body.username === 'string' ? body.username : '';
      }
    } catch {
      status = null;
    }
    const step = nextTokenLoginStep(attempt, status);
    if (step.kind === 'done') {
      if (step.outcome === 'success') apply({ type: 'userAuthenticated' });
      return { outcome: step.outcome, username };
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

/** Opens a classic form through the intercom; in skip mode it only logs a warning. */
export async function openClassicForm(entry: MenuEntry): Promise<boolean> {
  const access = canOpenClassicForm(skipMode);
  if (!access.allowed) {
    logger.warn(access.warning);
    return false;
  }
  try {
    return (await invoke<boolean>('OpenForm', entry.enumId)) !== false;
  } catch (error) {
    logger.error(`The classic intercom could not open ${entry.enumId}.`, error);
    return false;
  }
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
