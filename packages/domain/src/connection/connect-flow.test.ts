import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import type { ConnectFlowEvent, ConnectFlowState } from './connect-flow';
import {
  connectFlowButtons,
  connectFlowItems,
  connectFlowReducer,
  connectFlowTitle,
  createConnectFlow,
  skipConfirmation,
} from './connect-flow';

const random = (): number => 0.5; // start progress 11

function run(state: ConnectFlowState, ...events: ConnectFlowEvent[]): ConnectFlowState {
  return events.reduce(connectFlowReducer, state);
}

function progressOf(state: ConnectFlowState, title: string): number | undefined {
  return state.modal.statusItems.find((item) => item.title === title)?.progress;
}

const start = (): ConnectFlowState => createConnectFlow({ useLegacyIntegrator: true, random });

describe('R-CONNECT-1..3: connect flow', () => {
  it('opens the Connecting modal with a Dispatcher and a Classic Intercom item and connects both', () => {
    const state = start();
    expect(state.modal.title).toBe(connectFlowTitle);
    expect(state.modal.title).toBe('Connecting');
    expect(state.modal.statusItems.map((item) => item.title)).toEqual([
      connectFlowItems.dispatcher,
      connectFlowItems.classic,
    ]);
    expect(progressOf(state, 'Dispatcher')).toBe(11);
    expect(progressOf(state, 'Classic Intercom')).toBe(11);
    expect(state.modal.buttons).toEqual([]);
    expect(state.effects).toEqual([{ kind: 'connectDispatcher' }, { kind: 'connectClassic' }]);
    expect(state.view.running).toBe(true);
    expect(state.visible).toBe(true);
  });

  it('all good: reaches 100 and closes after the close delay', () => {
    const half = run(start(), { type: 'dispatcherConnected' });
    expect(half.view.progress).toBe(55);
    expect(half.effects).toEqual([]);
    const done = run(half, { type: 'classicConnected' });
    expect(done.view).toEqual({
      progress: 100,
      danger: false,
      running: false,
      autoCloseAfterMs: 500,
    });
    expect(done.effects).toEqual([{ kind: 'closeAfter', delayMs: 500 }]);
    const closed = run(done, { type: 'closed' });
    expect(closed.visible).toBe(false);
    expect(closed.effects).toEqual([]);
  });

  it('reconnects the dispatcher by itself twice, then shows Retry Dispatcher', () => {
    const once = run(start(), { type: 'dispatcherDisconnected' });
    expect(once.effects).toEqual([{ kind: 'connectDispatcher' }]);
    const twice = run(once, { type: 'dispatcherDisconnected' });
    expect(twice.effects).toEqual([{ kind: 'connectDispatcher' }]);
    const thrice = run(twice, { type: 'classicConnected' }, { type: 'dispatcherDisconnected' });
    expect(thrice.effects).toEqual([]);
    expect(thrice.modal.buttons).toEqual([connectFlowButtons.retryDispatcher]);
    expect(progressOf(thrice, 'Dispatcher')).toBe(-1);
    expect(thrice.view).toEqual({
      progress: 100,
      danger: true,
      running: false,
      autoCloseAfterMs: null,
    });
    // Further drop reports while waiting for the user change nothing.
    expect(run(thrice, { type: 'dispatcherDisconnected' }).dispatcher).toEqual(thrice.dispatcher);
  });

  it('Retry Dispatcher resets the counter and connects again', () => {
    const failed = run(
      start(),
      { type: 'dispatcherDisconnected' },
      { type: 'dispatcherDisconnected' },
      { type: 'dispatcherDisconnected' },
    );
    const retried = run(failed, { type: 'buttonPressed', button: 'Retry Dispatcher' });
    expect(retried.dispatcher).toEqual({ phase: 'connecting', attempts: 0 });
    expect(retried.modal.buttons).toEqual([]);
    expect(retried.effects).toEqual([{ kind: 'connectDispatcher' }]);
    expect(progressOf(retried, 'Dispatcher')).toBe(11);
    const again = run(
      retried,
      { type: 'dispatcherDisconnected' },
      { type: 'dispatcherDisconnected' },
    );
    expect(again.modal.buttons).toEqual([]);
  });

  it('a later dispatcher drop reopens the closed modal, and a connection resets the counter', () => {
    const closed = run(
      start(),
      { type: 'dispatcherConnected' },
      { type: 'classicConnected' },
      { type: 'closed' },
    );
    const dropped = run(
      closed,
      { type: 'dispatcherDisconnected' },
      { type: 'dispatcherDisconnected' },
    );
    expect(dropped.visible).toBe(true);
    expect(dropped.dispatcher.attempts).toBe(2);
    const back = run(dropped, { type: 'dispatcherConnected' });
    expect(back.dispatcher.attempts).toBe(0);
    expect(back.effects).toEqual([{ kind: 'closeAfter', delayMs: 500 }]);
  });

  it('retries classic 2 times, then shows Skip Intercom and Retry Intercom', () => {
    const once = run(start(), { type: 'dispatcherConnected' }, { type: 'classicFailed' });
    expect(once.effects).toEqual([{ kind: 'connectClassic' }]);
    const twice = run(once, { type: 'classicFailed' });
    expect(twice.effects).toEqual([{ kind: 'connectClassic' }]);
    const thrice = run(twice, { type: 'classicFailed' });
    expect(thrice.effects).toEqual([]);
    expect(thrice.modal.buttons).toEqual(['Skip Intercom', 'Retry Intercom']);
    expect(thrice.view.danger).toBe(true);
    expect(thrice.view.autoCloseAfterMs).toBeNull();
    expect(run(thrice, { type: 'classicFailed' }).classic).toEqual(thrice.classic);
  });

  it('Retry Intercom resets the counter and connects classic again', () => {
    const failed = run(
      start(),
      { type: 'classicFailed' },
      { type: 'classicFailed' },
      {
        type: 'classicFailed',
      },
    );
    const retried = run(failed, { type: 'buttonPressed', button: 'Retry Intercom' });
    expect(retried.classic).toEqual({ phase: 'connecting', attempts: 0 });
    expect(retried.modal.buttons).toEqual([]);
    expect(retried.effects).toEqual([{ kind: 'connectClassic' }]);
  });

  it('skip asks Yes/No, and Yes marks classic 100, enters skip mode and closes', () => {
    const failed = run(
      start(),
      { type: 'dispatcherConnected' },
      { type: 'classicFailed' },
      { type: 'classicFailed' },
      { type: 'classicFailed' },
    );
    const asking = run(failed, { type: 'buttonPressed', button: 'Skip Intercom' });
    expect(asking.confirmation).toEqual({
      title: 'Confirm Skip Classic Intercom',
      text: messages.skipClassicWarning,
      confirmText: 'Yes',
      denyText: 'No',
    });
    expect(asking.confirmation).toBe(skipConfirmation);
    expect(asking.effects).toEqual([]);
    const skipped = run(asking, { type: 'skipConfirmed' });
    expect(skipped.skipMode).toBe(true);
    expect(skipped.confirmation).toBeNull();
    expect(progressOf(skipped, 'Classic Intercom')).toBe(100);
    expect(skipped.modal.buttons).toEqual([]);
    expect(skipped.view).toEqual({
      progress: 100,
      danger: false,
      running: false,
      autoCloseAfterMs: 500,
    });
    expect(skipped.effects).toEqual([
      { kind: 'enterSkipMode' },
      { kind: 'closeAfter', delayMs: 500 },
    ]);
    expect(run(skipped, { type: 'closed' }).visible).toBe(false);
  });

  it('No returns to the Skip and Retry buttons', () => {
    const asking = run(
      start(),
      { type: 'classicFailed' },
      { type: 'classicFailed' },
      { type: 'classicFailed' },
      { type: 'buttonPressed', button: 'Skip Intercom' },
    );
    const back = run(asking, { type: 'skipDenied' });
    expect(back.confirmation).toBeNull();
    expect(back.skipMode).toBe(false);
    expect(back.modal.buttons).toEqual(['Skip Intercom', 'Retry Intercom']);
  });

  it('starts in skip mode when the server does not use the legacy integrator', () => {
    const state = createConnectFlow({ useLegacyIntegrator: false, random });
    expect(state.skipMode).toBe(true);
    expect(progressOf(state, 'Classic Intercom')).toBe(100);
    expect(state.effects).toEqual([{ kind: 'connectDispatcher' }, { kind: 'enterSkipMode' }]);
    const done = run(state, { type: 'dispatcherConnected' });
    expect(done.view.autoCloseAfterMs).toBe(500);
    // The stub never fails, and stray classic reports are ignored.
    expect(run(state, { type: 'classicFailed' }).classic.phase).toBe('skipped');
    expect(run(state, { type: 'classicConnected' }).classic.phase).toBe('skipped');
  });

  it('ignores clicks on buttons that are not shown, stray confirmations and early close timers', () => {
    const state = start();
    expect(run(state, { type: 'buttonPressed', button: 'Retry Dispatcher' }).effects).toEqual([]);
    expect(run(state, { type: 'buttonPressed', button: 'Skip Intercom' }).confirmation).toBeNull();
    expect(run(state, { type: 'skipConfirmed' }).skipMode).toBe(false);
    expect(run(state, { type: 'closed' }).visible).toBe(true);
  });

  it('shows all three buttons when both links have given up', () => {
    const state = run(
      start(),
      ...Array.from({ length: 3 }, (): ConnectFlowEvent => ({ type: 'dispatcherDisconnected' })),
      ...Array.from({ length: 3 }, (): ConnectFlowEvent => ({ type: 'classicFailed' })),
    );
    expect(state.modal.buttons).toEqual(['Retry Dispatcher', 'Skip Intercom', 'Retry Intercom']);
  });

  it('property: any event sequence keeps the progress in 0..100 and gives up only past the limit', () => {
    const event = fc.constantFrom<ConnectFlowEvent>(
      { type: 'dispatcherConnected' },
      { type: 'dispatcherDisconnected' },
      { type: 'classicConnected' },
      { type: 'classicFailed' },
      { type: 'buttonPressed', button: 'Retry Dispatcher' },
      { type: 'buttonPressed', button: 'Skip Intercom' },
      { type: 'buttonPressed', button: 'Retry Intercom' },
      { type: 'skipConfirmed' },
      { type: 'skipDenied' },
      { type: 'closed' },
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let state = start();
        for (const next of events) {
          state = connectFlowReducer(state, next);
          expect(state.view.progress).toBeGreaterThanOrEqual(0);
          expect(state.view.progress).toBeLessThanOrEqual(100);
          expect(state.dispatcher.attempts).toBeLessThanOrEqual(3);
          expect(state.classic.attempts).toBeLessThanOrEqual(3);
          expect(state.dispatcher.phase === 'failed').toBe(state.dispatcher.attempts > 2);
          if (state.classic.phase !== 'skipped') {
            expect(state.classic.phase === 'failed').toBe(state.classic.attempts > 2);
          }
        }
      }),
    );
  });
});
