/**
 * R-PRINT-7: the "Print to…" control against a faked server (the print destinations) with the
 * hub down, and the dispatcher's ticketPrintReply_v1 arriving on the hub-events bus as the hub
 * client puts it there: what the user sees for each answer, and the printer list failing.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QueryProvider } from '../../app/query-provider';
import { emitHubEvent } from '../../realtime/hub-events';
import { envelope } from '../../test/app-server';
import { pick } from '../../test/pick-list';
import { fakeFetch, json, renderWithProviders, type FetchRoute } from '../../test/render';
import { appTestLifecycle, logInAs } from '../../test/session';
import { PrintTicketButton } from './print-ticket-button';

let destinations: FetchRoute = () => undefined;
appTestLifecycle(() => fakeFetch((url, init) => destinations(url, init)));

const serving =
  (rows: { name: string; type: string }[]): FetchRoute =>
  (url) =>
    url.pathname === '/api/v1/print-destinations' ? envelope(rows) : undefined;

const render = async (ticketId: number) => {
  logInAs('ann');
  const rendered = await renderWithProviders(
    <QueryProvider>
      <PrintTicketButton ticketId={ticketId} />
    </QueryProvider>,
  );
  return Object.assign(await screen.findByRole('combobox', { name: 'Print to…' }), {
    unmount: rendered.unmount,
  });
};

describe('PrintTicketButton', () => {
  it('lists the print destinations, prints through the dispatcher and shows its answer', async () => {
    destinations = serving([
      { name: 'PDF', type: 'Pdf' },
      { name: 'Dispatch', type: 'Printer' },
      { name: 'Yard', type: 'Printer' },
    ]);
    const user = userEvent.setup();
    const input = await render(42);
    await waitFor(() => expect(input).toHaveValue('PDF'));

    await user.clear(input);
    await pick(user, input, 'Yar', 'Yard');
    expect(input).toHaveValue('Yard');
    await user.click(screen.getByRole('button', { name: 'Print to Yard' }));
    // No dispatcher in this page: the user is told, nothing pretends to print.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The dispatcher is not connected: the ticket cannot be printed now.',
    );

    act(() =>
      emitHubEvent('ticketPrintReply_v1', {
        ticketId: 42,
        destination: 'Yard',
        printed: false,
        message:
          'Ticket 1042 was not printed on Yard: the printer refused the job (server-error-busy).',
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Not printed on Yard. Ticket 1042 was not printed on Yard: the printer refused the job (server-error-busy).',
    );
    // Another ticket's answer is not this one's.
    act(() =>
      emitHubEvent('ticketPrintReply_v1', {
        ticketId: 7,
        destination: 'Yard',
        printed: true,
        message: 'Ticket 1007 sent to Yard.',
      }),
    );
    expect(screen.queryByText('Printed on Yard.')).not.toBeInTheDocument();
    act(() =>
      emitHubEvent('ticketPrintReply_v1', {
        ticketId: 42,
        destination: 'Yard',
        printed: true,
        message: 'Ticket 1042 sent to Yard.',
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Printed on Yard.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('remembers the destination the user chose last', async () => {
    destinations = serving([
      { name: 'Dispatch', type: 'Printer' },
      { name: 'Scale House', type: 'Printer' },
    ]);
    const user = userEvent.setup();
    const first = await render(42);
    await waitFor(() => expect(first).toHaveValue('Dispatch'));
    await user.clear(first);
    await pick(user, first, 'Scale', 'Scale House');
    first.unmount();
    const again = await render(43);
    await waitFor(() => expect(again).toHaveValue('Scale House'));
  });

  it(
    'says "Error retrieving printer list." when the list cannot be read',
    { timeout: 20_000 },
    async () => {
      destinations = (url) =>
        url.pathname === '/api/v1/print-destinations'
          ? json({ error: true, message: 'Database unavailable' }, 500)
          : undefined;
      const input = await render(42);
      // A server error is asked again twice (the app's query client) before it is shown.
      expect(
        await screen.findByText('Error retrieving printer list.', {}, { timeout: 10_000 }),
      ).toBeVisible();
      expect(input).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    },
  );
});
