import { describe, expect, it } from 'vitest';
import {
  dispatchConnectionState,
  hubConnectionStates,
  wakeUpPingDelayMs,
} from './dispatch-connection';

describe('R-DISPATCH-1: dispatch connection', () => {
  it('maps every hub client state onto disconnected, connecting or connected', () => {
    expect(hubConnectionStates.map((state) => [state, dispatchConnectionState(state)])).toEqual([
      ['Disconnected', 'disconnected'],
      ['Connecting', 'connecting'],
      ['Connected', 'connected'],
      ['Disconnecting', 'disconnected'],
      ['Reconnecting', 'connecting'],
    ]);
  });
});

describe('R-HUB-3: dispatcher wake-up ping', () => {
  it('goes out after 500 ms, and after 2 s once a ping failed', () => {
    expect(wakeUpPingDelayMs(0)).toBe(500);
    expect(wakeUpPingDelayMs(1)).toBe(2000);
    expect(wakeUpPingDelayMs(7)).toBe(2000);
  });
});
