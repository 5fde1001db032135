/**
 * R-INTERCOM-2: the ticket form offers the same ticket in the classic application (ViewTicket)
 * while classic is usable. The web's own classic link talks to the classic stand-in over
 * WebSockets (src/test/classic-stand-in.ts).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TicketEditDetail } from '@dispatch/domain/tickets/ticket-edits';
import { setServerBaseUrl } from '../../lib/api-client';
import {
  classicTokenLogin,
  connectClassicLink,
  leaveClassicSkipMode,
  stopClassicLink,
} from '../../realtime/classic-link';
import { startApi, startIntercom, stopStandIns } from '../../test/classic-stand-in';
import { renderWithProviders } from '../../test/render';
import { TicketFormHeader } from './ticket-form-header';

const ticket = {
  id: 5,
  number: 1042,
  orderNumber: 301,
  customerName: 'Ace Builders',
  plantName: 'North',
  statusId: 1,
  voidedFlag: false,
  invoicedFlag: false,
} as TicketEditDetail;

function renderHeader() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={queries}>
      <TicketFormHeader
        ticket={ticket}
        readOnly
        onPrintFailed={() => undefined}
        onVoid={() => undefined}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  await stopClassicLink();
  await stopStandIns();
});

describe('the ticket form header', () => {
  it('shows the ticket in classic with ViewTicket while classic is usable', async () => {
    const apiUrl = await startApi();
    setServerBaseUrl(apiUrl);
    const intercom = await startIntercom(apiUrl);
    leaveClassicSkipMode();
    await renderHeader();
    // Classic not connected: nothing to offer.
    expect(screen.queryByRole('button', { name: 'View in Classic' })).not.toBeInTheDocument();
    await connectClassicLink(intercom.url);

    const login = await classicTokenLogin({
      token: 'dispatcher-token',
      database: 'DEMO',
      server: 'SQL01',
    });
    expect(login.outcome).toBe('success');
    await userEvent.click(await screen.findByRole('button', { name: 'View in Classic' }));

    await waitFor(() =>
      expect(
        intercom.state.forms.map(({ enumId, name, args }) => ({ enumId, name, args })),
      ).toEqual([{ enumId: 'ViewTicket', name: 'Ticket 5', args: { ticketId: 5 } }]),
    );

    await stopClassicLink();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'View in Classic' })).not.toBeInTheDocument(),
    );
  });
});
