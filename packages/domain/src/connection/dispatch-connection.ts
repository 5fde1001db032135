/** R-DISPATCH-1: the real-time dispatch connection, and R-HUB-3's wake-up ping. */
import { dispatcherWakeUp } from '../constants';

export const dispatchConnectionStates = ['disconnected', 'connecting', 'connected'] as const;
export type DispatchConnectionState = (typeof dispatchConnectionStates)[number];

/** The states of the SignalR hub client (its HubConnectionState values). */
export const hubConnectionStates = [
  'Disconnected',
  'Connecting',
  'Connected',
  'Disconnecting',
  'Reconnecting',
] as const;
export type HubConnectionState = (typeof hubConnectionStates)[number];

/** Disconnecting already means the link is unusable, so it shows as disconnected. */
const stateOfHub = {
  Disconnected: 'disconnected',
  Connecting: 'connecting',
  Connected: 'connected',
  Disconnecting: 'disconnected',
  Reconnecting: 'connecting',
} as const satisfies Record<HubConnectionState, DispatchConnectionState>;

export function dispatchConnectionState(hubState: HubConnectionState): DispatchConnectionState {
  return stateOfHub[hubState];
}

/**
 * After a connecting event the dispatcher is woken with a ping: the first goes out after 500 ms,
 * each one after a failed ping after 2 s. `failedPings` counts the pings that failed so far.
 */
export function wakeUpPingDelayMs(failedPings: number): number {
  return failedPings > 0 ? dispatcherWakeUp.retryDelayMs : dispatcherWakeUp.firstPingDelayMs;
}
