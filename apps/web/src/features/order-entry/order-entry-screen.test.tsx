import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { permissionLevels } from '@dispatch/domain/permissions';
import { accessRoutes, option, optionsRoute, type PickOption } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { pick } from '../../test/pick-list';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const options: Record<string, PickOption[]> = {
  customers: [option(12, 'C100', 'Ace Builders')],
  jobs: [option(30, 'J-30', '100 Main St')],
  plants: [option(4, '', 'North')],
  'concrete-products': [option(50, 'C30', '30 MPa mix')],
  'other-products': [option(60, 'FUEL', 'Fuel surcharge')],
  'short-load-types': [option(2, '', 'Under 4 yd')],
  'free-short-loads': [option(1, '', 'None')],
  'standby-charge-types': [option(1, '', 'Standard')],
  'print-material-types': [option(1, '', 'Ticket only')],
  'truck-types': [option(1, '', 'Mixer 10 yd')],
};

type State = { posted: Record<string, unknown>[] };

type Body = {
  schedules: {
    schedule: Record<string, unknown>;
    primaryProduct: Record<string, unknown>;
    extraProducts: Record<string, unknown>[];
  }[];
} & Record<string, unknown>;

/** The order as the server answers a create: ids given, the number 5001. */
function savedOrder(body: Body) {
  let lineId = 700;
  return {
    ...body,
    id: 900,
    number: 5001,
    customerName: 'Ace Builders',
    version: 1,
    createdAt: '2026-11-24T10:00:00.000Z',
    modifiedAt: '2026-11-24T10:00:00.000Z',
    loads: [],
    ticketIds: [],
    schedules: body.schedules.map((form, index) => ({
      schedule: { ...form.schedule, id: 800 + index, version: 1 },
      primaryProduct: { ...form.primaryProduct, id: (lineId += 1), productDescription: '' },
      extraProducts: form.extraProducts.map((line) => ({ ...line, id: (lineId += 1) })),
      ticketIds: [],
    })),
  };
}

function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/customers/12':
        return json({
          id: 12,
          name: 'Ace Builders',
          creditStatusId: 1,
          emailAddressCsv: 'ops@ace.test',
          labels: { creditStatusId: 'Good standing' },
          concrete: [
            {
              shortLoadTypeId: 2,
              freeShortLoadId: 1,
              standbyChargeTypeId: 1,
              printMaterialTypeId: 1,
            },
          ],
        });
      case 'GET /api/v1/jobs/30':
        return json({ id: 30, plantId: 4, customerPoNumber: '' });
      case 'GET /api/v1/plants/4':
        return json({ id: 4, batchTime: 5, inYardWashTime: 5 });
      case 'GET /api/v1/orders/price': {
        const fuel = url.searchParams.get('productId') === '60';
        return json({
          price: fuel ? 15 : 120,
          source: fuel ? 'product' : 'customer',
          taxable: true,
          unitOfMeasureId: 1,
          taxRate: 8,
        });
      }
      case 'GET /api/v1/orders/900':
        return json(savedOrder(state.posted.at(-1) as Body));
      case 'POST /api/v1/orders': {
        const body = JSON.parse(init?.body as string) as Body;
        state.posted.push(body);
        return json(savedOrder(body), 201);
      }
      default:
        return undefined;
    }
  };
}

describe('Concrete order entry', () => {
  const state: State = { posted: [] };
  appTestLifecycle(() => {
    state.posted = [];
    return fakeFetch(
      server(state),
      optionsRoute((list) => options[list]),
      accessRoutes({
        forms: () => [{ FormId: 15000, PermissionId: permissionLevels.FullWithPrices }],
      }),
    );
  });
  beforeEach(() => logInAs('dispatcher'));

  it('takes an order with two schedules and an extra product, projects the loads and saves', async () => {
    const user = userEvent.setup();
    const router = await renderAppAt('/orders/concrete');
    await screen.findByRole(
      'heading',
      { name: 'New concrete order', level: 2 },
      { timeout: 20_000 },
    );

    const header = screen.getByRole('region', { name: 'Order' });
    await pick(
      user,
      within(header).getByRole('combobox', { name: 'Customer' }),
      'Ace',
      'C100 · Ace Builders',
    );
    expect(await within(header).findByText('Good standing')).toBeInTheDocument();
    await pick(
      user,
      within(header).getByRole('combobox', { name: 'Job' }),
      'Main',
      'J-30 · 100 Main St',
    );
    // The job's plant fills the order's and the schedule's; the customer's defaults their fields.
    await waitFor(() =>
      expect(within(header).getByRole('combobox', { name: 'Plant' })).toHaveValue('North'),
    );
    await user.click(within(header).getByRole('textbox', { name: 'PO number' }));
    await user.keyboard('PO-77{Tab}Maria{Tab}');
    const shipDate = within(header).getByLabelText(/Ship date/);
    await user.clear(shipDate);
    await user.type(shipDate, '2026-12-01');
    await user.type(
      within(header).getByRole('textbox', { name: 'Dispatch notes' }),
      'Gate code 4411',
    );

    // Schedule 1 by keyboard: Tab walks the fields in order.
    const first = screen.getByRole('region', { name: 'Schedule 1' });
    await user.click(within(first).getByLabelText(/First load on job/));
    await user.keyboard('07:00');
    await user.tab();
    await user.keyboard('30');
    await user.tab();
    await user.keyboard('10');
    await user.tab(); // trucks: left to the projection
    await user.tab(); // load interval: left to the projection
    await user.tab();
    await user.keyboard('20');
    await user.tab();
    await user.keyboard('20');
    await user.tab();
    await user.keyboard('15');
    await user.tab();
    await user.keyboard('10');
    expect(within(first).getByRole('textbox', { name: 'Travel back' })).toHaveValue('20 min');
    await pick(
      user,
      within(first).getByRole('combobox', { name: 'Primary product' }),
      'C30',
      'C30 · 30 MPa mix',
    );
    await waitFor(() =>
      expect(within(first).getByRole('textbox', { name: 'Price' })).toHaveValue('120'),
    );
    await user.click(within(first).getByRole('textbox', { name: 'Quantity' }));
    await user.keyboard('20{Tab}4');

    await user.click(within(first).getByRole('button', { name: 'Add extra product' }));
    await pick(
      user,
      within(first).getByRole('combobox', { name: 'Extra product 1' }),
      'Fuel',
      'FUEL · Fuel surcharge',
    );
    await waitFor(() =>
      expect(within(first).getByRole('textbox', { name: 'Extra product 1 price' })).toHaveValue(
        '15',
      ),
    );
    await user.type(within(first).getByRole('textbox', { name: 'Extra product 1 quantity' }), '2');

    // Loads every 20 min; ticket 30 min before arrival (travel 20, wash 5, batch 5), back 45 after.
    const loads = within(first).getByRole('table', { name: 'Projected loads of schedule 1' });
    const rows = within(loads).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', '10', '06:30', '07:00', '07:45'],
      ['2', '10', '06:50', '07:20', '08:05'],
    ]);
    expect(within(first).getByText('2 trucks needed')).toBeInTheDocument();

    // Schedule 2 starts from the first one's plant, rate and times.
    await user.click(screen.getByRole('button', { name: 'Add schedule' }));
    const second = await screen.findByRole('region', { name: 'Schedule 2' });
    await user.type(within(second).getByLabelText(/First load on job/), '13:00');
    await user.type(within(second).getByRole('textbox', { name: 'Load size' }), '8');
    await pick(
      user,
      within(second).getByRole('combobox', { name: 'Primary product' }),
      'C30',
      'C30 · 30 MPa mix',
    );
    await user.type(within(second).getByRole('textbox', { name: 'Quantity' }), '18');
    const secondLoads = within(second).getByRole('table', {
      name: 'Projected loads of schedule 2',
    });
    expect(
      within(secondLoads)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent),
    ).toEqual(['8', '8', '2']);

    // 38 yd at 120 plus 2 fuel at 15: 4,590.00, tax 8 % 367.20.
    const totals = screen.getByRole('region', { name: 'Totals' });
    await waitFor(() =>
      expect(within(totals).getByLabelText('Total')).toHaveTextContent('4,957.20'),
    );

    await user.keyboard('{Control>}s{/Control}');
    // The notice first: it closes by itself, and finding the new heading may take a while.
    expect(
      await screen.findByText('Order 5001 saved', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await screen.findByRole(
      'heading',
      { name: 'Concrete order 5001', level: 2 },
      { timeout: 10_000 },
    );
    expect(router.state.location.pathname).toBe('/orders/concrete/900');

    expect(state.posted).toHaveLength(1);
    const body = state.posted[0] as Body;
    expect(body).toMatchObject({
      customerId: 12,
      jobId: 30,
      customerPoNumber: 'PO-77',
      orderedByName: 'Maria',
      shipDate: '2026-12-01',
      plantId: 4,
      systemTypeId: 1,
      orderStatusId: 1,
      shortLoadTypeId: 2,
      emailAddressCsv: 'ops@ace.test',
      dispatchNotes: 'Gate code 4411',
    });
    expect(body.schedules).toHaveLength(2);
    expect(body.schedules[0]).toEqual({
      schedule: {
        plantId: 4,
        firstLoadOnJobTime: new Date('2026-12-01T07:00:00').toISOString(),
        quantityPerHour: 30,
        numberOfTrucks: 2,
        loadIntervalTime: 20,
        travelTimeToJob: 20,
        travelTimeToPlant: 20,
        onJobWaitMinutes: 15,
        onJobWashMinutes: 10,
        truckTypeId: null,
        addPlusLoad: false,
        systemTypeId: 1,
      },
      primaryProduct: {
        productId: 50,
        quantity: 20,
        slump: 4,
        loadSize: 10,
        price: 120,
        taxableFlag: true,
        systemTypeId: 1,
      },
      extraProducts: [
        { productId: 60, quantity: 2, slump: null, price: 15, taxableFlag: true, systemTypeId: 1 },
      ],
    });
    expect(body.schedules[1]).toMatchObject({
      schedule: { plantId: 4, quantityPerHour: 30, travelTimeToJob: 20 },
      primaryProduct: { productId: 50, quantity: 18, loadSize: 8 },
      extraProducts: [],
    });
  }, 180_000);
});
