/**
 * The DispatchHub client (R-HUB-1..3): the official @microsoft/signalr client over WebSockets,
 * loaded on first use so it stays out of the login page's bundle. After every (re)connection it
 * logs in with the session's token; every message it receives goes onto the hub-events bus.
 *
 * R-CONNECT-1: the client's own automatic reconnect is not used. A drop closes the link and the
 * connect flow reconnects, counting each attempt, so its limit of 2 is the only one: the drop,
 * two reconnects, then Retry Dispatcher, and not SignalR's 4 retries over 42 s first.
 */
import type { HubConnection } from '@microsoft/signalr';
import type * as SignalR from '@microsoft/signalr';
import type { z } from 'zod';
import {
  dispatchConnectionState,
  wakeUpPingDelayMs,
  type HubConnectionState,
} from '@dispatch/domain/connection/dispatch-connection';
import { dispatchEventNames } from '@dispatch/domain/dispatch/dispatch-events';
import { quickLaunchFormUpdateSchema } from '@dispatch/domain/menu/quick-menu';
import { forceLogoutEventSchema, shouldForceLogout } from '@dispatch/domain/session/forced-logout';
import { sameUsername } from '@dispatch/domain/session/login-status';
import { getServerBaseUrl } from '../lib/api-client';
import { logger } from '../lib/logger';
import { getAccessToken } from '../session/access-token';
import { seatToken } from '../session/seat-token';
import { reloadUserAccess } from '../session/session-loader';
import { setQuickLaunchFormIds, sessionStore } from '../session/session-store';
import { dispatchStateStore } from './connection-status';
import { emitHubEvent, emitHubReconnected } from './hub-events';

export type DispatchHubOptions = {
  /** The hub's URL (from /api/v1/connection/signalr-info or the server configuration override). */
  readonly url: string;
  /** The link is up and logged in (first connection and every reconnection). */
  readonly onConnected: () => void;
  /** The link is gone and the client's own reconnecting gave up (or the first start failed). */
  readonly onDisconnected: () => void;
  /** The dispatcher's logoutEvent_v1 applies to this browser (R-LOGOUT-4's seat rule). */
  readonly onForcedLogout: () => void;
  readonly signalLogging?: boolean;
};

let connection: HubConnection | null = null;
/** The client module, once loaded (its enums are needed to read a connection's state). */
let signalRModule: typeof SignalR | null = null;

function isConnected(hub: HubConnection): boolean {
  return signalRModule !== null && hub.state === signalRModule.HubConnectionState.Connected;
}
/** Bumped by every start and stop, so callbacks of an abandoned connection do nothing. */
let generation = 0;
let pingTimer: ReturnType<typeof setTimeout> | undefined;
/**
 * Whether this session's link was up before: a start after that is a reconnection, after which
 * screens read again what they show (R-LIVE-3). Cleared when the session's link is stopped.
 */
let connectedBefore = false;

function setState(hubState: HubConnectionState): void {
  dispatchStateStore.set(dispatchConnectionState(hubState));
}

/**
 * R-HUB-3: after a connecting event the server is woken with GET /api/v1/ping/anonymous 500 ms
 * later, and again 2 s after each failure while the hub is still connecting.
 */
function scheduleWakeUpPing(owner: number, failedPings = 0): void {
  clearTimeout(pingTimer);
  pingTimer = setTimeout(() => {
    if (owner !== generation || dispatchStateStore.get() !== 'connecting') return;
    fetch(`${getServerBaseUrl()}/api/v1/ping/anonymous`)
      .then((response) => {
        if (!response.ok) throw new Error(`ping answered ${response.status}`);
      })
      .catch(() => scheduleWakeUpPing(owner, failedPings + 1));
  }, wakeUpPingDelayMs(failedPings));
}

async function login(hub: HubConnection): Promise<void> {
  const { status, expiresIn } = sessionStore.get();
  await hub.invoke(
    'Login',
    status.username,
    getAccessToken() ?? '',
    expiresIn ?? 0,
    status.database,
  );
}

function handleForcedLogout(data: unknown, options: DispatchHubOptions): void {
  const parsed = forceLogoutEventSchema.safeParse(data);
  if (!parsed.success) {
    logger.warn('logoutEvent_v1 had an unexpected shape; it was ignored.');
    return;
  }
  if (shouldForceLogout(parsed.data, seatToken())) options.onForcedLogout();
}

function handleQuickLaunch(data: unknown): void {
  const parsed = quickLaunchFormUpdateSchema.safeParse(data);
  if (!parsed.success) return;
  if (sameUsername(parsed.data.username, sessionStore.get().status.username)) {
    setQuickLaunchFormIds(parsed.data.formIds);
  }
}

/** Connects (or reconnects after a give-up) and logs in; rejects when that fails. */
export async function startDispatchHub(options: DispatchHubOptions): Promise<void> {
  await closeDispatchHub();
  const owner = ++generation;
  setState('Connecting');
  scheduleWakeUpPing(owner);
  const signalR = await import('@microsoft/signalr');
  signalRModule = signalR;
  const hub = new signalR.HubConnectionBuilder()
    .withUrl(options.url, {
      accessTokenFactory: () => getAccessToken() ?? '',
      transport: signalR.HttpTransportType.WebSockets,
    })
    .configureLogging(options.signalLogging ? signalR.LogLevel.Information : signalR.LogLevel.None)
    .build();
  for (const name of dispatchEventNames) {
    hub.on(name, (data: unknown) => {
      if (owner !== generation) return;
      if (name === 'logoutEvent_v1') handleForcedLogout(data, options);
      if (name === 'quickLaunchFormUpdate_v1') handleQuickLaunch(data);
      if (name === 'permissionsChanged_v1') void reloadUserAccess();
      emitHubEvent(name, data);
    });
  }
  let started = false;
  hub.onclose(() => {
    // A start that fails is reported by the start itself, not here.
    if (owner !== generation || !started) return;
    setState('Disconnected');
    options.onDisconnected();
  });
  connection = hub;
  try {
    await hub.start();
    await login(hub);
  } catch (error) {
    if (owner === generation) {
      connection = null;
      setState('Disconnected');
      void hub.stop();
    }
    throw error;
  }
  if (owner !== generation) return;
  started = true;
  setState('Connected');
  // A reconnection is a new connection, logged in again above: screens read again what they show.
  if (connectedBefore) emitHubReconnected();
  connectedBefore = true;
  options.onConnected();
}

/** Logs out of the hub when connected, then closes the link; callbacks stop at once. */
export async function stopDispatchHub(): Promise<void> {
  connectedBefore = false;
  const closing = closeDispatchHub();
  dispatchStateStore.set('disconnected');
  await closing;
}

/** Closes the current link (if any) without forgetting that the session had one. */
async function closeDispatchHub(): Promise<void> {
  generation += 1;
  clearTimeout(pingTimer);
  const hub = connection;
  connection = null;
  if (!hub) return;
  if (isConnected(hub)) {
    await hub.invoke('Logout').catch(() => undefined);
  }
  await hub.stop().catch(() => undefined);
}

/** What a hub call rejects with when the link is down, so a screen can say it in its language. */
export class HubOfflineError extends Error {
  constructor() {
    super('The dispatcher is not connected.');
  }
}

/** Calls a hub method (LockRecord, SubscribeToScale, ...); rejects when the link is down. */
export function invokeDispatchHub(method: string, ...args: unknown[]): Promise<unknown> {
  if (!connection || !isConnected(connection)) {
    return Promise.reject(new HubOfflineError());
  }
  return connection.invoke<unknown>(method, ...args);
}

/** An invocation whose answer `answer` (a schema of packages/domain) parses. */
export async function askDispatchHub<Answer extends z.ZodType>(
  answer: Answer,
  method: string,
  ...args: unknown[]
): Promise<z.output<Answer>> {
  return answer.parse(await invokeDispatchHub(method, ...args));
}

/** The hub URL when the server configuration overrides the dispatcher's address. */
export function overriddenHubUrl(dispatcher: string, hubName: string): string {
  return `${dispatcher.replace(/\/+$/, '')}/${hubName}`;
}
