import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@dispatch/domain/messages';
import { describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../components/dialogs/dialog-host';
import { renderWithProviders } from '../test/render';
import { followLink, openPrintWindow } from './link-handling';

const targets = () => ({ navigate: vi.fn(), openClassic: vi.fn(() => Promise.resolve(true)) });

describe('link handling', () => {
  it('opens concrete, aggregate or block order entry by the system type parameter', async () => {
    const concrete = targets();
    await followLink('http://host/orders/view?systemTypeId=1', concrete);
    expect(concrete.navigate).toHaveBeenCalledWith('/orders/concrete');

    const audit = targets();
    await followLink('orders/audit?systemTypeId=3', audit);
    expect(audit.navigate).toHaveBeenCalledWith('/orders/audit/block');
  });

  it('R-OAUD-6: opens the order a link names, or the audit filtered to it', async () => {
    const entry = targets();
    await followLink('https://host/orders/view?systemTypeId=2&orderId=42', entry);
    expect(entry.navigate).toHaveBeenCalledWith('/orders/aggregate/42');

    const audit = targets();
    await followLink('/orders/audit?systemTypeId=1&orderId=42', audit);
    expect(audit.navigate).toHaveBeenCalledWith('/orders/audit/concrete?orderId=42');
  });

  it('opens maintenance screens by their path', async () => {
    const link = targets();
    expect(await followLink('/trucks/maintenance?id=4', link)).toBe('opened');
    expect(link.navigate).toHaveBeenCalledWith('/trucks/maintenance');
  });

  it("shows 'Invalid hyperlink cannot navigate to item' for an unknown system type", async () => {
    const user = userEvent.setup();
    await renderWithProviders(<DialogHost />);
    const link = targets();
    const outcome = followLink('orders/view?systemTypeId=7', link);

    const dialog = await screen.findByRole('dialog', { name: 'Cannot open link' });
    expect(within(dialog).getByText(messages.invalidHyperlink)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await outcome).toBe('error');
    expect(link.navigate).not.toHaveBeenCalled();
  });

  it('logs a warning and opens nothing when the parameter is missing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const link = targets();
    expect(await followLink('orders/view', link)).toBe('warning');
    expect(link.navigate).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('print window', () => {
  it('opens a .pdf at 90% of the height and the full width', async () => {
    const open = vi.fn(() => null);
    await openPrintWindow('/reports/ticket-12.PDF', { innerHeight: 1000, innerWidth: 1600, open });
    expect(open).toHaveBeenCalledWith(
      '/reports/ticket-12.PDF',
      '_blank',
      'popup=yes,height=900,width=1600',
    );
  });

  it('refuses anything but a .pdf, saying so', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<DialogHost />);
    const open = vi.fn(() => null);
    const result = openPrintWindow('/reports/ticket-12.xlsx', {
      innerHeight: 1000,
      innerWidth: 1600,
      open,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Print' });
    expect(within(dialog).getByText(messages.printWindowNonPdf)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await result).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });
});
