import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { permissionLevels } from '@dispatch/domain/permissions';
import type { TicketEditDetail } from '@dispatch/domain/tickets/ticket-edits';
import { emitHubEvent } from '../../realtime/hub-events';
import { accessRoutes, envelope, option, optionsRoute } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

configure({ asyncUtilTimeout: 5000 });

function ticket(fields: Partial<TicketEditDetail> = {}): TicketEditDetail {
  return {
    id: 5,
    number: 1042,
    plantId: 4,
    plantName: 'North',
    orderId: 9,
    orderNumber: 301,
    customerName: 'Ace Builders',
    systemTypeId: 1,
    statusId: 1,
    voidedFlag: false,
    voidReason: null,
    billOfLadingNumber: null,
    invoicedFlag: false,
    truckId: 7,
    truckNumber: 'T7',
    driverId: null,
    jobId: 30,
    jobNumber: 'J-30',
    customerPoNumber: 'PO-1',
    lineId: 11,
    productId: 20,
    productDescription: '30 MPa mix',
    quantity: 10,
    price: 150,
    ticketDateTime: '2026-03-10T14:00:00.000Z',
    batchDateTime: '2026-03-10T14:05:00.000Z',
    loadedDateTime: null,
    toJobDateTime: null,
    onJobDateTime: null,
    startUnloadDateTime: null,
    finishUnloadDateTime: null,
    toPlantDateTime: null,
    arrivePlantDateTime: null,
    version: 3,
    modifiedAt: '2026-03-10T14:05:00.000Z',
    modifiedBy: 'office',
    notes: '',
    orderJobId: 30,
    orderCustomerPoNumber: 'PO-1',
    lines: [
      {
        id: 11,
        productId: 20,
        productDescription: '30 MPa mix',
        quantity: 10,
        price: 150,
        unitOfMeasure: null,
      },
    ],
    history: [
      {
        id: 1,
        at: '2026-03-10T14:06:00.000Z',
        username: 'maria',
        action: 'void',
        reason: 'Wrong mix keyed',
        changes: [{ field: 'statusId', before: 1, after: 5 }],
      },
    ],
    ...fields,
  };
}

type State = { ticket: TicketEditDetail; puts: Record<string, unknown>[]; conflict: boolean };

function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/tickets/search':
        return envelope([state.ticket]);
      case 'GET /api/v1/tickets/5/detail':
        return json(state.ticket);
      case 'PUT /api/v1/tickets/5': {
        const body = JSON.parse(init?.body as string) as Record<string, unknown>;
        state.puts.push(body);
        if (state.conflict) {
          return json(
            {
              message:
                'Ticket 1042 was changed by maria at 2026-03-10 14:07 since you opened it. Reload it and try again.',
              code: 'stale_version',
            },
            409,
          );
        }
        state.ticket = {
          ...state.ticket,
          customerPoNumber: String(body.customerPoNumber),
          version: state.ticket.version + 1,
          history: [
            {
              id: 2,
              at: '2026-03-10T14:10:00.000Z',
              username: 'dispatcher',
              action: 'updated',
              reason: String(body.reason),
              changes: [
                { field: 'customerPoNumber', before: 'PO-1', after: body.customerPoNumber },
              ],
            },
            ...state.ticket.history,
          ],
        };
        return json(state.ticket);
      }
      default:
        return undefined;
    }
  };
}

describe('Edit tickets', () => {
  const state: State = { ticket: ticket(), puts: [], conflict: false };
  appTestLifecycle(() => {
    Object.assign(state, { ticket: ticket(), puts: [], conflict: false });
    return fakeFetch(
      server(state),
      optionsRoute((list) =>
        list === 'jobs'
          ? [option(30, 'J-30', 'Main St')]
          : list === 'trucks'
            ? [option(7, 'T7', 'Mixer')]
            : [],
      ),
      accessRoutes({
        forms: () => [{ FormId: 51201, PermissionId: permissionLevels.FullWithPrices }],
      }),
    );
  });
  beforeEach(() => logInAs('dispatcher'));

  const open = async () => {
    await renderAppAt('/ticketing/edit-tickets?ticketId=5');
    await screen.findByRole('heading', { name: 'Edit tickets', level: 2 }, { timeout: 20_000 });
    return screen.findByRole('form', { name: 'Ticket 1042' });
  };

  it('R-TEDIT-8: opens the ticket of the link, with its lines and history', async () => {
    const form = await open();
    expect(within(form).getByRole('textbox', { name: 'PO number' })).toHaveValue('PO-1');
    expect(within(form).getByRole('textbox', { name: 'Quantity 1' })).toHaveValue('10');
    const history = screen.getByRole('list', { name: 'Change history' });
    expect(within(history).getByText('Reason: Wrong mix keyed')).toBeInTheDocument();
    expect(within(history).getByText('Voided')).toBeInTheDocument();
    expect(within(history).getByText('Void')).toBeInTheDocument();
  }, 60_000);

  it('R-TEDIT-1, R-TEDIT-2: asks the reason beside its field, then sends only what changed', async () => {
    const user = userEvent.setup();
    const form = await open();
    const po = within(form).getByRole('textbox', { name: 'PO number' });
    await user.clear(po);
    await user.type(po, 'PO-2{Enter}');
    expect(await within(form).findByText('is required')).toBeInTheDocument();
    expect(state.puts).toEqual([]);

    await user.type(
      within(form).getByRole('textbox', { name: /Reason for the change/ }),
      'Right PO{Enter}',
    );
    await waitFor(() => expect(state.puts).toHaveLength(1));
    expect(state.puts[0]).toEqual({ version: 3, reason: 'Right PO', customerPoNumber: 'PO-2' });
    const history = screen.getByRole('list', { name: 'Change history' });
    expect(await within(history).findByText('Reason: Right PO')).toBeInTheDocument();
  }, 60_000);

  it('R-TEDIT-4, R-TEDIT-9: shows a stale save and another user’s change with a reload', async () => {
    const user = userEvent.setup();
    const form = await open();
    act(() => emitHubEvent('ticketModifiedNotification_v1', { ticketId: 5, modifiedBy: 'maria' }));
    expect(
      await within(form).findByText('maria changed this ticket while you had it open.'),
    ).toBeInTheDocument();
    state.conflict = true;
    await user.type(within(form).getByRole('textbox', { name: 'Notes' }), 'x');
    await user.type(
      within(form).getByRole('textbox', { name: /Reason for the change/ }),
      'Mine{Enter}',
    );
    expect(
      await within(form).findByText(/was changed by maria at 2026-03-10 14:07/),
    ).toBeInTheDocument();

    state.conflict = false;
    state.ticket = ticket({ version: 4, customerPoNumber: 'PO-9' });
    await user.click(within(form).getByRole('button', { name: 'Reload' }));
    const reloaded = await screen.findByRole('form', { name: 'Ticket 1042' });
    await waitFor(() =>
      expect(within(reloaded).getByRole('textbox', { name: 'PO number' })).toHaveValue('PO-9'),
    );
    // The clerk's own change is no news.
    act(() =>
      emitHubEvent('ticketModifiedNotification_v1', { ticketId: 5, modifiedBy: 'dispatcher' }),
    );
    expect(within(reloaded).queryByText(/changed this ticket while you had it open/)).toBeNull();
  }, 60_000);
});
