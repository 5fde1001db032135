import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import type { LogoutEvent, LogoutState } from './logout';
import {
  classicSignalLogsOut,
  initialLogoutState,
  logoutClears,
  logoutConfirmation,
  logoutDecision,
  logoutReducer,
} from './logout';

function run(state: LogoutState, ...events: LogoutEvent[]): LogoutState {
  return events.reduce(logoutReducer, state);
}

const count = (n: number): LogoutEvent => ({
  type: 'dirtyFormsAnswered',
  answer: { kind: 'count', count: n },
});

describe('R-LOGOUT-1..6: logout', () => {
  it('first asks classic for its unsaved forms, with a 5 s timeout', () => {
    const state = run(initialLogoutState, { type: 'requested' });
    expect(state.phase).toBe('checkingDirtyForms');
    expect(state.effects).toEqual([{ kind: 'queryDirtyForms', timeoutMs: 5000 }]);
    expect(run(state, { type: 'requested' }).effects).toEqual([]);
  });

  it('logs out at once when nothing is unsaved', () => {
    const state = run(initialLogoutState, { type: 'requested' }, count(0));
    expect(state.phase).toBe('loggingOut');
    expect(state.effects).toEqual([{ kind: 'logOut' }]);
  });

  it('asks Confirm Logout when forms are unsaved, and the answer decides', () => {
    const asking = run(initialLogoutState, { type: 'requested' }, count(2));
    expect(asking.phase).toBe('confirming');
    expect(asking.confirmation).toEqual({
      title: 'Confirm Logout',
      text: messages.logoutUnsavedWarning,
      confirmText: 'Yes',
      denyText: 'No',
    });
    expect(asking.effects).toEqual([]);
    expect(run(asking, { type: 'confirmed' }).effects).toEqual([{ kind: 'logOut' }]);
    expect(run(asking, { type: 'denied' })).toEqual(initialLogoutState);
  });

  it('asks when classic does not answer in time or errs', () => {
    expect(logoutDecision({ kind: 'timedOut' })).toBe('confirm');
    expect(logoutDecision({ kind: 'failed' })).toBe('confirm');
    const state = run(
      initialLogoutState,
      { type: 'requested' },
      {
        type: 'dirtyFormsAnswered',
        answer: { kind: 'timedOut' },
      },
    );
    expect(state.confirmation).toBe(logoutConfirmation);
  });

  it('property: only a count of exactly zero logs out without asking', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.double()), (n) => {
        expect(logoutDecision({ kind: 'count', count: n })).toBe(n === 0 ? 'logOut' : 'confirm');
      }),
    );
  });

  it('a forced logout skips the questions', () => {
    const asking = run(initialLogoutState, { type: 'requested' }, count(2));
    expect(run(asking, { type: 'forced' }).effects).toEqual([{ kind: 'logOut' }]);
    expect(run(initialLogoutState, { type: 'forced' }).phase).toBe('loggingOut');
    const out = run(initialLogoutState, { type: 'forced' });
    expect(run(out, { type: 'forced' }).effects).toEqual([]);
    expect(run(out, { type: 'completed' })).toEqual(initialLogoutState);
  });

  it('ignores answers and clicks that come too late', () => {
    expect(run(initialLogoutState, count(0))).toEqual(initialLogoutState);
    expect(run(initialLogoutState, { type: 'confirmed' }).phase).toBe('idle');
    expect(run(initialLogoutState, { type: 'denied' }).phase).toBe('idle');
  });

  it('clears system types, order statuses, user groups, form permissions and tokens', () => {
    expect([...logoutClears].sort()).toEqual(
      ['formPermissions', 'orderStatuses', 'systemTypes', 'tokens', 'userGroups'].sort(),
    );
  });

  it('logs out when classic says the user is not authenticated, errs, or raises its error event', () => {
    expect(classicSignalLogsOut('authenticated')).toBe(false);
    expect(classicSignalLogsOut('notAuthenticated')).toBe(true);
    expect(classicSignalLogsOut('verificationFailed')).toBe(true);
    expect(classicSignalLogsOut('errorEvent')).toBe(true);
  });
});
