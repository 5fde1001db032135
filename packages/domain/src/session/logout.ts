/** R-LOGOUT-1..3: deciding when to log out, and what logging out clears. */
import { timeouts } from '../constants';
import { messages } from '../messages';

export const logoutConfirmation = {
  title: 'Confirm Logout',
  text: messages.logoutUnsavedWarning,
  confirmText: 'Yes',
  denyText: 'No',
} as const;
export type LogoutConfirmation = typeof logoutConfirmation;

/** The cached things logout clears, for the client to iterate. */
export const logoutClears = [
  'systemTypes',
  'orderStatuses',
  'userGroups',
  'formPermissions',
  'tokens',
] as const;
export type LogoutClearedCache = (typeof logoutClears)[number];

/** What classic said when asked for its count of unsaved forms. */
export type DirtyFormsAnswer =
  | { readonly kind: 'count'; readonly count: number }
  | { readonly kind: 'timedOut' }
  | { readonly kind: 'failed' };

/**
 * Exactly zero unsaved forms logs out at once; anything else asks. When classic does not answer
 * in time, errs, or sends a count that is not a whole number, unsaved work may still exist, so the
 * user is asked too: one extra click is cheaper than lost work.
 */
export function logoutDecision(answer: DirtyFormsAnswer): 'logOut' | 'confirm' {
  return answer.kind === 'count' && answer.count === 0 ? 'logOut' : 'confirm';
}

export type LogoutPhase = 'idle' | 'checkingDirtyForms' | 'confirming' | 'loggingOut';

export type LogoutEffect =
  /** Ask classic for QueryDirtyFormsCount; no answer within `timeoutMs` is `timedOut`. */
  | { readonly kind: 'queryDirtyForms'; readonly timeoutMs: number }
  /** Log out on the server, clear `logoutClears`, go to the login screen. */
  | { readonly kind: 'logOut' };

export type LogoutState = {
  readonly phase: LogoutPhase;
  /** The Confirm Logout dialog to show, or null. */
  readonly confirmation: LogoutConfirmation | null;
  readonly effects: readonly LogoutEffect[];
};

export type LogoutEvent =
  | { readonly type: 'requested' }
  | { readonly type: 'dirtyFormsAnswered'; readonly answer: DirtyFormsAnswer }
  | { readonly type: 'confirmed' }
  | { readonly type: 'denied' }
  /** A forced logout, or classic dropping the session: no question asked. */
  | { readonly type: 'forced' }
  /** The caller finished logging out. */
  | { readonly type: 'completed' };

export const initialLogoutState: LogoutState = { phase: 'idle', confirmation: null, effects: [] };

const loggingOut: LogoutState = {
  phase: 'loggingOut',
  confirmation: null,
  effects: [{ kind: 'logOut' }],
};

export function logoutReducer(state: LogoutState, event: LogoutEvent): LogoutState {
  const unchanged = { ...state, effects: [] };
  switch (event.type) {
    case 'requested':
      if (state.phase !== 'idle') return unchanged;
      return {
        phase: 'checkingDirtyForms',
        confirmation: null,
        effects: [{ kind: 'queryDirtyForms', timeoutMs: timeouts.dirtyFormsQueryMs }],
      };
    case 'dirtyFormsAnswered':
      if (state.phase !== 'checkingDirtyForms') return unchanged;
      return logoutDecision(event.answer) === 'logOut'
        ? loggingOut
        : { phase: 'confirming', confirmation: logoutConfirmation, effects: [] };
    case 'confirmed':
      return state.phase === 'confirming' ? loggingOut : unchanged;
    case 'denied':
      return state.phase === 'confirming' ? initialLogoutState : unchanged;
    case 'forced':
      return state.phase === 'loggingOut' ? unchanged : loggingOut;
    case 'completed':
      return initialLogoutState;
  }
}

/** What the classic side reported about the user's session. */
export type ClassicSessionSignal =
  | 'authenticated'
  | 'notAuthenticated'
  /** The verification call erred or did not answer within the authentication check timeout. */
  | 'verificationFailed'
  /** Classic's error event. */
  | 'errorEvent';

/** Anything but a confirmed authentication ends the session. */
export function classicSignalLogsOut(signal: ClassicSessionSignal): boolean {
  return signal !== 'authenticated';
}
