/**
 * R-CONNECT-1..3: the connect flow behind the Connecting modal. The reducer owns the decisions
 * (reconnect, give up, offer buttons, skip); the caller only runs the effects the state lists and
 * reports back what happened.
 */
import { autoReconnectLimit } from '../constants';
import { messages } from '../messages';
import type { StatusModal, StatusModalView } from './status-modal';
import {
  createStatusModal,
  startProgress,
  statusItem,
  statusItemProgress,
  statusModalView,
} from './status-modal';

export const connectFlowTitle = 'Connecting';

export const connectFlowItems = { dispatcher: 'Dispatcher', classic: 'Classic Intercom' } as const;

export const connectFlowButtons = {
  retryDispatcher: 'Retry Dispatcher',
  skipIntercom: 'Skip Intercom',
  retryIntercom: 'Retry Intercom',
} as const;
export type ConnectFlowButton = (typeof connectFlowButtons)[keyof typeof connectFlowButtons];

export const skipConfirmation = {
  title: 'Confirm Skip Classic Intercom',
  text: messages.skipClassicWarning,
  confirmText: 'Yes',
  denyText: 'No',
} as const;
export type SkipConfirmation = typeof skipConfirmation;

export type DispatcherLinkPhase = 'connecting' | 'connected' | 'failed';
export type ClassicLinkPhase = DispatcherLinkPhase | 'skipped';

export type ConnectFlowEffect =
  | { readonly kind: 'connectDispatcher' }
  | { readonly kind: 'connectClassic' }
  /** Replace the classic link by the skip-mode stub. */
  | { readonly kind: 'enterSkipMode' }
  /** Schedule a `closed` event after this delay. */
  | { readonly kind: 'closeAfter'; readonly delayMs: number };

export type ConnectFlowState = {
  readonly dispatcher: { readonly phase: DispatcherLinkPhase; readonly attempts: number };
  readonly classic: { readonly phase: ClassicLinkPhase; readonly attempts: number };
  readonly skipMode: boolean;
  /** The Yes/No dialog to show over the modal, or null. */
  readonly confirmation: SkipConfirmation | null;
  readonly visible: boolean;
  /** The progress a link shows while it connects, drawn once at the start. */
  readonly startProgress: number;
  readonly modal: StatusModal<ConnectFlowButton>;
  readonly view: StatusModalView;
  /** What the caller runs after this transition; a new array after every transition. */
  readonly effects: readonly ConnectFlowEffect[];
};

export type ConnectFlowEvent =
  | { readonly type: 'dispatcherConnected' }
  /** The dispatcher connection dropped or could not be made. */
  | { readonly type: 'dispatcherDisconnected' }
  /** Classic is connected and has authenticated the user. */
  | { readonly type: 'classicConnected' }
  /** Classic could not be reached or did not authenticate (timeout, refused token, drop). */
  | { readonly type: 'classicFailed' }
  | { readonly type: 'buttonPressed'; readonly button: ConnectFlowButton }
  | { readonly type: 'skipConfirmed' }
  | { readonly type: 'skipDenied' }
  /** A `closeAfter` delay has run out. */
  | { readonly type: 'closed' };

export type ConnectFlowOptions = {
  /** From the server config; false starts the flow in skip mode. */
  readonly useLegacyIntegrator: boolean;
  readonly random: () => number;
};

type Links = Pick<ConnectFlowState, 'dispatcher' | 'classic'>;
/** The part of the state that transitions change; the rest is derived from it. */
type FlowCore = Omit<ConnectFlowState, 'modal' | 'view' | 'effects'>;

function coreOf(state: ConnectFlowState): FlowCore {
  return {
    dispatcher: state.dispatcher,
    classic: state.classic,
    skipMode: state.skipMode,
    confirmation: state.confirmation,
    visible: state.visible,
    startProgress: state.startProgress,
  };
}

function itemProgress(phase: ClassicLinkPhase, start: number): number {
  switch (phase) {
    case 'connecting':
      return start;
    case 'failed':
      return statusItemProgress.error;
    case 'connected':
    case 'skipped':
      return statusItemProgress.success;
  }
}

function buildModal(links: Links, start: number): StatusModal<ConnectFlowButton> {
  const buttons: ConnectFlowButton[] = [];
  if (links.dispatcher.phase === 'failed') buttons.push(connectFlowButtons.retryDispatcher);
  if (links.classic.phase === 'failed') {
    buttons.push(connectFlowButtons.skipIntercom, connectFlowButtons.retryIntercom);
  }
  return createStatusModal(
    connectFlowTitle,
    [
      statusItem(connectFlowItems.dispatcher, itemProgress(links.dispatcher.phase, start)),
      statusItem(connectFlowItems.classic, itemProgress(links.classic.phase, start)),
    ],
    buttons,
  );
}

/** Rebuilds the modal from the links and adds the close timer whenever the modal may close. */
function settle(state: FlowCore, effects: readonly ConnectFlowEffect[]): ConnectFlowState {
  const modal = buildModal(state, state.startProgress);
  const view = statusModalView(modal);
  const closing =
    state.visible && view.autoCloseAfterMs !== null
      ? [{ kind: 'closeAfter', delayMs: view.autoCloseAfterMs } as const]
      : [];
  return { ...state, modal, view, effects: [...effects, ...closing] };
}

export function createConnectFlow(options: ConnectFlowOptions): ConnectFlowState {
  const skipMode = !options.useLegacyIntegrator;
  return settle(
    {
      dispatcher: { phase: 'connecting', attempts: 0 },
      classic: { phase: skipMode ? 'skipped' : 'connecting', attempts: 0 },
      skipMode,
      confirmation: null,
      visible: true,
      startProgress: startProgress(options.random),
    },
    [{ kind: 'connectDispatcher' }, { kind: skipMode ? 'enterSkipMode' : 'connectClassic' }],
  );
}

/**
 * A dispatcher drop reconnects by itself until the attempt counter passes the limit (2), then
 * waits for Retry Dispatcher. Classic failures are retried 2 times, then Skip and Retry Intercom
 * are offered. A successful connection resets its counter, so the limit applies to consecutive
 * failures, not to a whole working day.
 */
export function connectFlowReducer(
  state: ConnectFlowState,
  event: ConnectFlowEvent,
): ConnectFlowState {
  const current = coreOf(state);
  switch (event.type) {
    case 'dispatcherConnected':
      return settle({ ...current, dispatcher: { phase: 'connected', attempts: 0 } }, []);
    case 'dispatcherDisconnected': {
      if (state.dispatcher.phase === 'failed') return settle(current, []);
      const attempts = state.dispatcher.attempts + 1;
      const gaveUp = attempts > autoReconnectLimit.dispatcher;
      return settle(
        {
          ...current,
          visible: true,
          dispatcher: { phase: gaveUp ? 'failed' : 'connecting', attempts },
        },
        gaveUp ? [] : [{ kind: 'connectDispatcher' }],
      );
    }
    case 'classicConnected':
      if (state.skipMode) return settle(current, []);
      return settle({ ...current, classic: { phase: 'connected', attempts: 0 } }, []);
    case 'classicFailed': {
      if (state.skipMode || state.classic.phase === 'failed') return settle(current, []);
      const attempts = state.classic.attempts + 1;
      const gaveUp = attempts > autoReconnectLimit.legacy;
      return settle(
        {
          ...current,
          visible: true,
          classic: { phase: gaveUp ? 'failed' : 'connecting', attempts },
        },
        gaveUp ? [] : [{ kind: 'connectClassic' }],
      );
    }
    case 'buttonPressed':
      return pressButton(state, current, event.button);
    case 'skipConfirmed':
      if (state.confirmation === null) return settle(current, []);
      return settle(
        {
          ...current,
          confirmation: null,
          skipMode: true,
          classic: { phase: 'skipped', attempts: 0 },
        },
        [{ kind: 'enterSkipMode' }],
      );
    case 'skipDenied':
      return settle({ ...current, confirmation: null }, []);
    case 'closed':
      return settle(
        { ...current, visible: state.visible && state.view.autoCloseAfterMs === null },
        [],
      );
  }
}

function pressButton(
  state: ConnectFlowState,
  current: FlowCore,
  button: ConnectFlowButton,
): ConnectFlowState {
  // A click on a button that is no longer shown (a stale render) changes nothing.
  if (!state.modal.buttons.includes(button)) return settle(current, []);
  switch (button) {
    case connectFlowButtons.retryDispatcher:
      return settle({ ...current, dispatcher: { phase: 'connecting', attempts: 0 } }, [
        { kind: 'connectDispatcher' },
      ]);
    case connectFlowButtons.retryIntercom:
      return settle(
        { ...current, confirmation: null, classic: { phase: 'connecting', attempts: 0 } },
        [{ kind: 'connectClassic' }],
      );
    case connectFlowButtons.skipIntercom:
      return settle({ ...current, confirmation: skipConfirmation }, []);
  }
}
