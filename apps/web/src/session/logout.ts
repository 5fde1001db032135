/**
 * Logout (R-LOGOUT-1..3): ask classic for its unsaved forms (5 s), log out at once on zero, else
 * let Confirm Logout decide; then tell the server, stop both links and forget everything cached.
 * Forced logouts (the dispatcher's seat rule, classic dropping the user) skip the question.
 */
import {
  classicSignalLogsOut,
  initialLogoutState,
  logoutReducer,
  type LogoutEffect,
  type LogoutEvent,
  type LogoutState,
} from '@dispatch/domain/session/logout';
import { queryClient } from '../lib/query-client';
import { createStore, useStore } from '../lib/store';
import {
  classicLogout,
  queryClassicDirtyForms,
  setClassicSessionActive,
  setClassicSessionListener,
} from '../realtime/classic-link';
import { getAccessToken } from './access-token';
import { serverLogout, serverLogoutEverywhere } from './auth-api';
import { stopConnectFlow } from './connect-flow';
import { resetLoginState } from './login-flow';
import { emitLoggedOut } from './logout-events';
import { endSession, isLoggedIn } from './session-store';

export const logoutStore = createStore<LogoutState>(initialLogoutState);

export function useLogoutState(): LogoutState {
  return useStore(logoutStore);
}

function dispatch(event: LogoutEvent): void {
  const next = logoutReducer(logoutStore.get(), event);
  logoutStore.set(next);
  for (const effect of next.effects) void run(effect);
}

async function run(effect: LogoutEffect): Promise<void> {
  switch (effect.kind) {
    case 'queryDirtyForms':
      dispatch({
        type: 'dirtyFormsAnswered',
        answer: await queryClassicDirtyForms(effect.timeoutMs),
      });
      return;
    case 'logOut':
      await logOutNow();
      dispatch({ type: 'completed' });
      return;
  }
}

/** Set when the server itself ended the session (a forced logout): it needs no telling. */
let endedByServer = false;
/** Set while the logout asked for is "log out everywhere" (R-API-7). */
let everywhere = false;

/** Clears the session everywhere; safe to call when part of it is already gone. */
export async function logOutNow(): Promise<void> {
  setClassicSessionActive(false);
  if (getAccessToken() !== null && !endedByServer) {
    await (everywhere ? serverLogoutEverywhere() : serverLogout());
  }
  endedByServer = false;
  everywhere = false;
  await classicLogout();
  await stopConnectFlow();
  endSession();
  resetLoginState();
  // Off the screens first, so none of them refetches what is about to be cleared.
  await emitLoggedOut();
  // Groups, form permissions, order statuses and system types live in the query cache.
  queryClient.clear();
}

export function requestLogout(): void {
  everywhere = false;
  dispatch({ type: 'requested' });
}

/**
 * R-API-7: log out everywhere: the same logout (classic's unsaved forms asked about first), and
 * the server ends every session of the user, in other tabs and on other devices too.
 */
export function requestLogoutEverywhere(): void {
  everywhere = true;
  dispatch({ type: 'requested' });
}

export function confirmLogout(): void {
  dispatch({ type: 'confirmed' });
}

export function denyLogout(): void {
  everywhere = false;
  dispatch({ type: 'denied' });
}

/** A logout nobody is asked about: forced by the dispatcher, or classic dropped the user. */
export function forceLogout(by: 'dispatcher' | 'classic'): void {
  if (!isLoggedIn()) return;
  // The dispatcher's logoutEvent_v1 follows the server ending the session; classic dropping the
  // user leaves the server's session live, so the server is told as on any logout.
  endedByServer = by === 'dispatcher';
  dispatch({ type: 'forced' });
}

setClassicSessionListener((signal) => {
  if (classicSignalLogsOut(signal)) forceLogout('classic');
});
