import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs/dialog-host';
import { renderWithProviders } from '../../test/render';
import { LinkPage } from './link-page';

function Opened() {
  const location = useLocation();
  return <output aria-label="opened">{`${location.pathname}${location.search}`}</output>;
}

async function openAddress(address: string) {
  await renderWithProviders(
    <>
      <DialogHost />
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/orders/concrete/:recordId?" element={<Opened />} />
          <Route path="/orders/audit/concrete" element={<Opened />} />
          <Route path="/orders/audit/block" element={<Opened />} />
          <Route path="*" element={<LinkPage />} />
        </Routes>
      </MemoryRouter>
    </>,
  );
}

/** R-LINK-1..3, R-OAUD-6: an address that is no route is followed as a product link. */
describe('LinkPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the order entry of the system type at the order', async () => {
    await openAddress('/orders/view?systemTypeId=1&orderId=42');
    expect(await screen.findByLabelText('opened')).toHaveTextContent('/orders/concrete/42');
  });

  it('opens the order audit filtered to the order when the link says audit', async () => {
    await openAddress('/orders/audit?systemTypeId=3&orderId=7');
    expect(await screen.findByLabelText('opened')).toHaveTextContent(
      '/orders/audit/block?orderId=7',
    );
  });

  it("shows 'Invalid hyperlink cannot navigate to item' for an unknown system type", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await openAddress('/orders/audit?systemTypeId=9');
    const dialog = await screen.findByRole('dialog', { name: 'Cannot open link' });
    expect(
      within(dialog).getByText('Invalid hyperlink cannot navigate to item'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByLabelText('opened')).not.toBeInTheDocument();
  });

  it('logs a warning and opens nothing when the system type is missing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await openAddress('/orders/view?orderId=42');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByLabelText('opened')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows that an address that is no link was not found', async () => {
    await openAddress('/nowhere/at-all');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
