/**
 * Runs the connect flow (R-CONNECT-1..3): the domain reducer decides (reconnect, give up, offer
 * buttons, skip), this module carries out its effects on the two links and keeps the state the
 * "Connecting" modal shows.
 */
import {
  connectFlowReducer,
  createConnectFlow,
  type ConnectFlowButton,
  type ConnectFlowEffect,
  type ConnectFlowEvent,
  type ConnectFlowState,
} from '@dispatch/domain/connection/connect-flow';
import { appConfig } from '../lib/app-config';
import { logger } from '../lib/logger';
import { delay } from '../lib/timeout';
import {
  classicTokenLogin,
  connectClassicLink,
  enterClassicSkipMode,
  leaveClassicSkipMode,
  setClassicDropListener,
  stopClassicLink,
} from '../realtime/classic-link';
import { dispatchStateStore } from '../realtime/connection-status';
import { overriddenHubUrl, startDispatchHub, stopDispatchHub } from '../realtime/dispatch-hub';
import { getAccessToken } from './access-token';
import { connectFlowStore } from './connect-flow-state';
import { fetchSignalrInfo } from './auth-api';
import { sessionStore, setSkipMode } from './session-store';

/**
 * Who authenticates classic once its hub is up: during login the login sequence does (it needs
 * the answer), afterwards a reconnection logs in with the session's token.
 */
export type ClassicAuthentication = 'byLogin' | 'byToken';

export type ConnectFlowOptions = {
  readonly classicAuthentication: ClassicAuthentication;
  /** Start without classic: the server does not use it, or the user skipped it before. */
  readonly skipClassic: boolean;
  /** The dispatcher's forced logout applies to this browser. */
  readonly onForcedLogout: () => void;
  readonly random?: () => number;
};

export type ClassicHubReady = 'connected' | 'skipped' | 'cancelled';

let options: ConnectFlowOptions | null = null;
/** Bumped by every start and stop, so effects of an abandoned flow do nothing. */
let generation = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
const hubReadyWaiters = new Set<(ready: ClassicHubReady) => void>();
let classicHubUp = false;

function settleHubReady(ready: ClassicHubReady): void {
  for (const waiter of [...hubReadyWaiters]) waiter(ready);
  hubReadyWaiters.clear();
}

function dispatch(event: ConnectFlowEvent, owner = generation): void {
  const current = connectFlowStore.get();
  if (current === null || owner !== generation) return;
  const next = connectFlowReducer(current, event);
  connectFlowStore.set(next);
  for (const effect of next.effects) run(effect, next, owner);
}

/** Failed attempts wait a little longer each time, so a dead link is not hammered. */
function backoff(attempts: number): Promise<void> {
  return attempts > 0 ? delay(Math.min(attempts, 5) * 1000) : Promise.resolve();
}

async function hubUrl(): Promise<string> {
  const { addresses } = appConfig();
  const fallback = overriddenHubUrl(addresses.dispatcher, 'dispatchHub');
  if (addresses.dispatcherOverridden) return fallback;
  try {
    return (await fetchSignalrInfo()).url;
  } catch (error) {
    logger.warn('The dispatcher address could not be read from the server.', error);
    return fallback;
  }
}

async function connectDispatcher(state: ConnectFlowState, owner: number): Promise<void> {
  // R-DISPATCH-1: a reconnection shows as connecting, the wait before its attempt included.
  if (state.dispatcher.attempts > 0) dispatchStateStore.set('connecting');
  await backoff(state.dispatcher.attempts);
  if (owner !== generation) return;
  try {
    await startDispatchHub({
      url: await hubUrl(),
      onConnected: () => dispatch({ type: 'dispatcherConnected' }, owner),
      onDisconnected: () => dispatch({ type: 'dispatcherDisconnected' }, owner),
      onForcedLogout: () => options?.onForcedLogout(),
      signalLogging: appConfig().client.signalLoggingEnabled,
    });
  } catch (error) {
    logger.warn('The dispatcher could not be reached.', error);
    dispatch({ type: 'dispatcherDisconnected' }, owner);
  }
}

async function connectClassic(state: ConnectFlowState, owner: number): Promise<void> {
  await backoff(state.classic.attempts);
  if (owner !== generation) return;
  const legacyUrl = appConfig().addresses.legacy;
  classicHubUp = false;
  try {
    await connectClassicLink(legacyUrl);
  } catch (error) {
    logger.warn('The classic intercom could not be reached.', error);
    dispatch({ type: 'classicFailed' }, owner);
    return;
  }
  if (owner !== generation) return;
  classicHubUp = true;
  if (options?.classicAuthentication === 'byLogin') {
    settleHubReady('connected');
    return;
  }
  const result = await classicTokenLogin({
    token: getAccessToken() ?? '',
    database: sessionStore.get().status.database,
  });
  if (owner !== generation) return;
  if (result.outcome === 'success') {
    dispatch({ type: 'classicConnected' }, owner);
  } else {
    logger.warn(`Token login to the classic intercom ended: ${result.outcome}.`);
    await stopClassicLink();
    dispatch({ type: 'classicFailed' }, owner);
  }
}

function run(effect: ConnectFlowEffect, state: ConnectFlowState, owner: number): void {
  switch (effect.kind) {
    case 'connectDispatcher':
      void connectDispatcher(state, owner);
      return;
    case 'connectClassic':
      void connectClassic(state, owner);
      return;
    case 'enterSkipMode':
      classicHubUp = false;
      void enterClassicSkipMode().then(() => {
        if (owner !== generation) return;
        setSkipMode(true);
        settleHubReady('skipped');
      });
      return;
    case 'closeAfter':
      clearTimeout(closeTimer);
      closeTimer = setTimeout(() => dispatch({ type: 'closed' }, owner), effect.delayMs);
      return;
  }
}

/** Opens the Connecting modal and connects both links. */
export function startConnectFlow(flowOptions: ConnectFlowOptions): void {
  stopFlowState();
  options = flowOptions;
  const owner = generation;
  if (!flowOptions.skipClassic) leaveClassicSkipMode();
  setClassicDropListener(() => {
    classicHubUp = false;
    dispatch({ type: 'classicFailed' }, owner);
  });
  const state = createConnectFlow({
    useLegacyIntegrator: !flowOptions.skipClassic,
    random: flowOptions.random ?? Math.random,
  });
  connectFlowStore.set(state);
  for (const effect of state.effects) run(effect, state, owner);
}

/** For the login sequence: resolves once classic's hub is up, or skip mode was chosen. */
export function waitForClassicHub(): Promise<ClassicHubReady> {
  const state = connectFlowStore.get();
  if (state === null) return Promise.resolve('cancelled');
  if (state.skipMode) return Promise.resolve('skipped');
  if (classicHubUp) return Promise.resolve('connected');
  return new Promise((resolve) => hubReadyWaiters.add(resolve));
}

/** The login sequence authenticated classic: the flow's classic item is done. */
export function reportClassicAuthenticated(): void {
  if (options) options = { ...options, classicAuthentication: 'byToken' };
  dispatch({ type: 'classicConnected' });
}

export function pressConnectFlowButton(button: ConnectFlowButton): void {
  dispatch({ type: 'buttonPressed', button });
}

export function confirmSkipClassic(): void {
  dispatch({ type: 'skipConfirmed' });
}

export function denySkipClassic(): void {
  dispatch({ type: 'skipDenied' });
}

function stopFlowState(): void {
  generation += 1;
  clearTimeout(closeTimer);
  classicHubUp = false;
  settleHubReady('cancelled');
  connectFlowStore.set(null);
}

/** Ends the flow and closes both links (logout, failed login). */
export async function stopConnectFlow(): Promise<void> {
  stopFlowState();
  options = null;
  setClassicDropListener(() => undefined);
  await Promise.all([stopDispatchHub(), stopClassicLink()]);
}
