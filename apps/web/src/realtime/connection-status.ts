/**
 * The live states of both links, as the top bar and the menu show them (R-DISPATCH-1, R-CLASSIC-1).
 */
import {
  initialClassicConnection,
  type ClassicConnection,
} from '@dispatch/domain/connection/classic-connection';
import type { DispatchConnectionState } from '@dispatch/domain/connection/dispatch-connection';
import { createStore, useStore } from '../lib/store';

export const dispatchStateStore = createStore<DispatchConnectionState>('disconnected');
export const classicStateStore = createStore<ClassicConnection>(initialClassicConnection);

export function useDispatchState(): DispatchConnectionState {
  return useStore(dispatchStateStore);
}

export function useClassicConnection(): ClassicConnection {
  return useStore(classicStateStore);
}
