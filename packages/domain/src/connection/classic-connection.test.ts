import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClassicConnection, ClassicConnectionEvent } from './classic-connection';
import {
  classicConnectionReducer,
  classicConnectionStates,
  classicDisplayState,
  initialClassicConnection,
  toDirtyFormsCount,
} from './classic-connection';

function run(...events: ClassicConnectionEvent[]): ClassicConnection {
  return events.reduce(classicConnectionReducer, initialClassicConnection);
}

describe('R-CLASSIC-1..2: classic connection', () => {
  it('starts disconnected, unauthenticated, with no unsaved forms', () => {
    expect(initialClassicConnection).toEqual({
      state: 'disconnected',
      authenticated: false,
      dirtyFormsCount: 0,
    });
  });

  it('goes connecting, then connected, then authenticated', () => {
    expect(run({ type: 'connecting' }).state).toBe('connecting');
    expect(run({ type: 'connecting' }, { type: 'connected' }).state).toBe('connected');
    expect(
      run({ type: 'connecting' }, { type: 'connected' }, { type: 'userAuthenticated' }),
    ).toEqual({ state: 'connected', authenticated: true, dirtyFormsCount: 0 });
  });

  it('calls connecting after a live link reconnecting, and shows it as connecting', () => {
    const reconnecting = run({ type: 'connected' }, { type: 'connecting' });
    expect(reconnecting.state).toBe('reconnecting');
    expect(classicConnectionReducer(reconnecting, { type: 'connecting' }).state).toBe(
      'reconnecting',
    );
    expect(classicDisplayState(reconnecting.state)).toBe('connecting');
    expect(classicConnectionReducer(reconnecting, { type: 'connected' }).state).toBe('connected');
  });

  it('shows every other state as it is', () => {
    expect(classicConnectionStates.map(classicDisplayState)).toEqual([
      'connecting',
      'connected',
      'connecting',
      'disconnected',
    ]);
  });

  it('records the dirty forms count and forgets it on logout and on disconnect', () => {
    const dirty = run(
      { type: 'connected' },
      { type: 'userAuthenticated' },
      {
        type: 'dirtyFormsCount',
        count: 3,
      },
    );
    expect(dirty.dirtyFormsCount).toBe(3);
    expect(classicConnectionReducer(dirty, { type: 'loggedOut' })).toEqual({
      state: 'connected',
      authenticated: false,
      dirtyFormsCount: 0,
    });
    expect(classicConnectionReducer(dirty, { type: 'disconnected' })).toEqual(
      initialClassicConnection,
    );
  });

  it('property: a dirty forms count is always a whole number of at least 0', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), (count) => {
        const result = toDirtyFormsCount(count);
        expect(Number.isInteger(result) && result >= 0).toBe(true);
        expect(result).toBe(Number.isInteger(count) && count > 0 ? count : 0);
      }),
    );
  });
});
