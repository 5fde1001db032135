import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  connectFlowReducer,
  createConnectFlow,
  type ConnectFlowEvent,
  type ConnectFlowState,
} from '@dispatch/domain/connection/connect-flow';
import { messages } from '@dispatch/domain/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConnectFlowModal } from './connect-flow-modal';
import { connectFlowStore } from './connect-flow-state';
import { stopConnectFlow } from './connect-flow';
import { endSession } from './session-store';

/** The flow after these events; the effects are not run (the links are not under test). */
function flowAfter(events: ConnectFlowEvent[], useLegacyIntegrator = true): ConnectFlowState {
  return events.reduce(
    connectFlowReducer,
    createConnectFlow({ useLegacyIntegrator, random: () => 0.5 }),
  );
}

const dispatcherFailed: ConnectFlowEvent[] = [
  { type: 'dispatcherDisconnected' },
  { type: 'dispatcherDisconnected' },
  { type: 'dispatcherDisconnected' },
];
const classicFailed: ConnectFlowEvent[] = [
  { type: 'classicFailed' },
  { type: 'classicFailed' },
  { type: 'classicFailed' },
];

function progressOf(dialog: HTMLElement): number {
  return Number(within(dialog).getByRole('progressbar').getAttribute('aria-valuenow'));
}

describe('the Connecting modal', () => {
  afterEach(async () => {
    await stopConnectFlow();
    endSession();
  });

  it('shows both links connecting with the start progress', async () => {
    connectFlowStore.set(flowAfter([]));
    await renderWithProviders(<ConnectFlowModal />);
    const dialog = await screen.findByRole('dialog', { name: 'Connecting' });

    expect(within(dialog).getByText('Dispatcher')).toBeInTheDocument();
    expect(within(dialog).getByText('Classic Intercom')).toBeInTheDocument();
    // random 0.5 draws 11 of 1..20 for both items: the average is 11.
    expect(progressOf(dialog)).toBe(11);
    expect(within(dialog).queryByRole('button')).not.toBeInTheDocument();
  });

  it('goes to half way when the dispatcher is connected and classic still connecting', async () => {
    connectFlowStore.set(flowAfter([{ type: 'dispatcherConnected' }]));
    await renderWithProviders(<ConnectFlowModal />);
    const dialog = await screen.findByRole('dialog', { name: 'Connecting' });

    expect(progressOf(dialog)).toBe(55);
  });

  it('turns to danger and offers Retry Dispatcher when the dispatcher gave up', async () => {
    connectFlowStore.set(flowAfter([...dispatcherFailed, { type: 'classicConnected' }]));
    await renderWithProviders(<ConnectFlowModal />);
    const dialog = await screen.findByRole('dialog', { name: 'Connecting' });

    expect(dialog.querySelector('[data-danger]')).not.toBeNull();
    expect(within(dialog).getByText('Failed')).toBeInTheDocument();
    expect(progressOf(dialog)).toBe(100);
    expect(within(dialog).getByRole('button', { name: 'Retry Dispatcher' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Skip Intercom' })).not.toBeInTheDocument();
  });

  it('offers Skip Intercom and Retry Intercom after classic failed twice more', async () => {
    connectFlowStore.set(flowAfter([{ type: 'dispatcherConnected' }, ...classicFailed]));
    await renderWithProviders(<ConnectFlowModal />);
    const dialog = await screen.findByRole('dialog', { name: 'Connecting' });

    expect(within(dialog).getByRole('button', { name: 'Skip Intercom' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retry Intercom' })).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Retry Dispatcher' }),
    ).not.toBeInTheDocument();
  });

  it('asks before skipping classic, with the R-ERR-13 warning; No goes back', async () => {
    connectFlowStore.set(flowAfter([{ type: 'dispatcherConnected' }, ...classicFailed]));
    const user = userEvent.setup();
    await renderWithProviders(<ConnectFlowModal />);
    const modal = await screen.findByRole('dialog', { name: 'Connecting' });

    await user.click(within(modal).getByRole('button', { name: 'Skip Intercom' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm Skip Classic Intercom' });
    expect(within(confirm).getByText(messages.skipClassicWarning)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(connectFlowStore.get()?.confirmation).toBeNull());
    expect(connectFlowStore.get()?.skipMode).toBe(false);
  });

  it('Yes skips classic: its item completes and the flow is in skip mode', async () => {
    connectFlowStore.set(flowAfter([{ type: 'dispatcherConnected' }, ...classicFailed]));
    const user = userEvent.setup();
    await renderWithProviders(<ConnectFlowModal />);
    const modal = await screen.findByRole('dialog', { name: 'Connecting' });
    await user.click(within(modal).getByRole('button', { name: 'Skip Intercom' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Skip Classic Intercom' });

    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(connectFlowStore.get()?.skipMode).toBe(true));
    expect(connectFlowStore.get()?.view.progress).toBe(100);
    expect(connectFlowStore.get()?.view.danger).toBe(false);
  });
});
