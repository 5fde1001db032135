/** The connect flow's state for the modal, apart from the flow so the root layout loads lightly. */
import type { ConnectFlowState } from '@dispatch/domain/connection/connect-flow';
import { createStore, useStore } from '../lib/store';

export const connectFlowStore = createStore<ConnectFlowState | null>(null);

export function useConnectFlow(): ConnectFlowState | null {
  return useStore(connectFlowStore);
}
