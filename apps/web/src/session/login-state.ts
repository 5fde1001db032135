/**
 * The login sequence's state for the login page, apart from the sequence so the page loads
 * lightly; null before the first attempt (the reducer's idle state).
 */
import type { LoginState } from '@dispatch/domain/session/login-status';
import { createStore, useStore } from '../lib/store';

export const loginStore = createStore<LoginState | null>(null);

export function useLoginState(): LoginState | null {
  return useStore(loginStore);
}
