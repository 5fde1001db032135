/**
 * R-DELIV-9 in order entry: a complete order offers Reopen, which asks for the reason, sends it
 * with the version the dispatcher opened, and shows the order shipping again; the server's
 * refusal stays in the dialog. R-VALID-14 in its Copy to date dialog: a day before today is flagged.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { permissionLevels } from '@dispatch/domain/permissions';
import { accessRoutes, option, optionsRoute, type PickOption } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const options: Record<string, PickOption[]> = {
  customers: [option(12, 'C100', 'Ace Builders')],
  jobs: [option(30, 'J-30', '100 Main St')],
  plants: [option(4, '', 'North')],
  'concrete-products': [option(50, 'C30', '30 MPa mix')],
};

/** Order 5001 as the server answers it: 20 yd³ in two loads, both delivered. */
const completeOrder = {
  id: 900,
  number: 5001,
  customerId: 12,
  customerName: 'Ace Builders',
  customerPoNumber: 'PO-1',
  plantId: 4,
  jobId: 30,
  orderDate: '2026-03-10',
  shipDate: '2026-03-10',
  orderStatusId: orderStatusIds.complete,
  orderTypeId: 1,
  systemTypeId: 1,
  reasonId: 1,
  sourceTaxingType: 1,
  standbyChargeTypeId: 1,
  shortLoadTypeId: 2,
  freeShortLoadId: 1,
  printMaterialTypeId: 1,
  imperialFlag: true,
  invoicedFlag: false,
  chargeOrderFlag: true,
  orderVerifiedFlag: false,
  blockReturnOrderFlag: false,
  uploadMixToBatchPanel: false,
  version: 3,
  createdAt: '2026-03-10T10:00:00.000Z',
  modifiedAt: '2026-03-10T15:00:00.000Z',
  quantityOrdered: 20,
  quantityDelivered: 20,
  loads: [],
  ticketIds: [],
  schedules: [
    {
      activeFlag: true,
      schedule: {
        id: 800,
        orderId: 900,
        plantId: 4,
        systemTypeId: 1,
        numberOfLoads: 2,
        numberOfTrucks: 2,
        quantityPerHour: 30,
        loadIntervalTime: 20,
        travelTimeToJob: 20,
        travelTimeToPlant: 20,
        onJobWaitMinutes: 10,
        onJobWashMinutes: 10,
        firstLoadOnJobTime: '2026-03-10T14:00:00.000Z',
        version: 1,
      },
      primaryProduct: {
        id: 701,
        scheduleId: 800,
        systemTypeId: 1,
        productId: 50,
        productDescription: '30 MPa mix',
        primaryFlag: true,
        quantity: 20,
        deliveredQuantity: 20,
        loadSize: 10,
        price: 120,
        taxableFlag: true,
        version: 1,
      },
      extraProducts: [],
      ticketIds: [],
    },
  ],
};

type State = { reopens: Record<string, unknown>[]; refuse: string | null };

function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/customers/12':
        return json({ id: 12, name: 'Ace Builders', creditStatusId: 1, concrete: [] });
      case 'GET /api/v1/jobs/30':
        return json({ id: 30, plantId: 4, customerPoNumber: '' });
      case 'GET /api/v1/plants/4':
        return json({ id: 4, systemTypeId: 1, batchTime: 5, inYardWashTime: 5 });
      case 'GET /api/v1/orders/900':
        return json(completeOrder);
      case 'POST /api/v1/orders/900/reopen': {
        state.reopens.push(JSON.parse(init?.body as string) as Record<string, unknown>);
        if (state.refuse) return json({ message: state.refuse, code: 'stale_version' }, 409);
        return json({ ...completeOrder, orderStatusId: orderStatusIds.shipping, version: 4 });
      }
      default:
        return undefined;
    }
  };
}

describe('A complete order: reopening it, copying it', () => {
  const state: State = { reopens: [], refuse: null };
  appTestLifecycle(() => {
    Object.assign(state, { reopens: [], refuse: null });
    return fakeFetch(
      server(state),
      optionsRoute((list) => options[list]),
      accessRoutes({
        forms: () => [{ FormId: 15000, PermissionId: permissionLevels.FullWithPrices }],
      }),
    );
  });
  beforeEach(() => logInAs('dispatcher'));

  it('R-DELIV-9: asks why, sends the version opened, and the order ships again', async () => {
    const user = userEvent.setup();
    await renderAppAt('/orders/concrete/900');
    const reopen = await screen.findByRole('button', { name: 'Reopen' }, { timeout: 20_000 });

    // Someone changed it meanwhile: the refusal stays in the dialog.
    state.refuse = 'Order 5001 was changed by maria since you opened it.';
    await user.click(reopen);
    const dialog = await screen.findByRole('dialog', { name: 'Reopen order 5001' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(
      within(dialog).getByText('Say why the order is reopened, for its history'),
    ).toBeInTheDocument();
    expect(state.reopens).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'One more load{Enter}',
    );
    expect(await within(dialog).findByText(state.refuse)).toBeInTheDocument();

    state.refuse = null;
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reopen order 5001' })).not.toBeInTheDocument(),
    );
    expect(state.reopens.at(-1)).toEqual({ version: 3, reason: 'One more load' });
    expect(await screen.findByText('Order 5001 reopened')).toBeInTheDocument();
    // Shipping again: nothing left to reopen.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull());
  }, 60_000);

  it('R-VALID-14: the copy’s ship date flags a day before today and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = (globalThis.fetch as unknown as { calls: string[] }).calls;
    await renderAppAt('/orders/concrete/900');
    await user.click(
      await screen.findByRole('button', { name: 'Copy to date…' }, { timeout: 20_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Copy order 5001' });
    const shipDate = within(dialog).getByLabelText(/Ship date of the copy/);
    const copy = within(dialog).getByRole('button', { name: 'Copy' });
    expect(within(dialog).queryByText('The date cannot be in the past.')).toBeNull();

    await user.clear(shipDate);
    await user.type(shipDate, '2020-01-31');
    expect(within(dialog).getByText('The date cannot be in the past.')).toBeInTheDocument();
    expect(shipDate).toHaveAttribute('aria-invalid', 'true');
    expect(copy).toBeDisabled();
    await user.type(shipDate, '{Enter}');
    expect(calls.filter((call) => call.endsWith('/copy'))).toEqual([]);

    // Today is not in the past.
    await user.click(within(dialog).getByRole('button', { name: 'Today' }));
    expect(within(dialog).queryByText('The date cannot be in the past.')).toBeNull();
    expect(copy).toBeEnabled();
  }, 60_000);
});
