import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@dispatch/domain/messages';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ConfirmLogoutDialog } from './confirm-logout-dialog';
import { InsufficientPermissionDialog } from './insufficient-permission-dialog';
import { OkDialog } from './ok-dialog';
import { YesNoDialog } from './yes-no-dialog';

async function focusIsInside(dialog: HTMLElement) {
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
}

describe('Yes/No dialog', () => {
  it('has a labelled dialog with the text, Yes focused, Enter answers Yes', async () => {
    const onConfirm = vi.fn();
    const onDeny = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(
      <YesNoDialog
        opened
        title="Delete order"
        text="Delete order 1204?"
        onConfirm={onConfirm}
        onDeny={onDeny}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete order' });
    expect(within(dialog).getByText('Delete order 1204?')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await focusIsInside(dialog);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Yes' })).toHaveFocus());

    await user.keyboard('{Enter}');

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onDeny).not.toHaveBeenCalled();
  });

  it('answers No on Escape when there is no Cancel', async () => {
    const onDeny = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(
      <YesNoDialog opened title="Save changes" onConfirm={vi.fn()} onDeny={onDeny} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Save changes' });
    await focusIsInside(dialog);

    await user.keyboard('{Escape}');

    expect(onDeny).toHaveBeenCalledTimes(1);
  });

  it('offers Cancel with its own texts and answers Cancel on Escape', async () => {
    const onCancel = vi.fn();
    const onDeny = vi.fn();
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(
      <YesNoDialog
        opened
        title="Unsaved ticket"
        text="Save the ticket before closing?"
        confirmText="Save"
        denyText="Discard"
        withCancel
        withCloseButton
        onConfirm={onConfirm}
        onDeny={onDeny}
        onCancel={onCancel}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved ticket' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await focusIsInside(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(onDeny).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('OK dialog', () => {
  it('shows each paragraph and closes with Enter on OK', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(
      <OkDialog
        opened
        title="Export finished"
        paragraphs={['412 tickets were exported.', 'The file is in the reports folder.']}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Export finished' });
    expect(within(dialog).getByText('412 tickets were exported.')).toBeInTheDocument();
    expect(within(dialog).getByText('The file is in the reports folder.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus());

    await user.keyboard('{Enter}');

    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a single text', async () => {
    await renderWithProviders(
      <OkDialog opened title="Saved" text="The order was saved." onClose={vi.fn()} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Saved' });
    expect(within(dialog).getByText('The order was saved.')).toBeInTheDocument();
  });
});

describe('Confirm Logout dialog', () => {
  it('warns about unsaved windows; Escape keeps the user logged in', async () => {
    const onConfirm = vi.fn();
    const onDeny = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(<ConfirmLogoutDialog opened onConfirm={onConfirm} onDeny={onDeny} />);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    expect(within(dialog).getByText(messages.logoutUnsavedWarning)).toBeInTheDocument();
    await focusIsInside(dialog);

    await user.keyboard('{Escape}');
    expect(onDeny).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('insufficient permission warning', () => {
  it('names the form after the fixed text and closes on Escape', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    await renderWithProviders(
      <InsufficientPermissionDialog opened formName="Concrete Order Entry" onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: /Insufficient permission/ });
    expect(
      within(dialog).getByText(
        'You do not have permissions to access this form Concrete Order Entry',
      ),
    ).toBeInTheDocument();
    await focusIsInside(dialog);

    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('the dialog queue', () => {
  it('shows a warning already waiting only once, and a different one after it', async () => {
    const { dialogStore, showInsufficientPermission, showOk } = await import('./dialog-store');
    const turnedOff = { title: 'Turned off', paragraphs: ['Form is turned off.', 'Ask.'] };
    void showOk(turnedOff);
    void showOk({ ...turnedOff, paragraphs: [...turnedOff.paragraphs] });
    void showInsufficientPermission('Concrete Order Entry');
    void showInsufficientPermission('Concrete Order Entry');
    void showOk({ title: 'Turned off', paragraphs: ['Another form is turned off.'] });
    const queued = dialogStore.get();
    expect(queued.map((dialog) => dialog.kind)).toEqual(['ok', 'insufficientPermission', 'ok']);
    for (const dialog of queued) dialog.settle('yes');
    expect(dialogStore.get()).toEqual([]);
  });
});
