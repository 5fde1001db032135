/**
 * R-ORD-28 on an aggregate order, as the delivery-day walk-through found it: the plant lists offer
 * only aggregate plants, a job's concrete plant is not taken, a schedule's plant follows the
 * order's unless one was chosen for it, and a refused price lookup says why beside the field it
 * names (the server's 400 names it) or beside the product.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { permissionLevels } from '@dispatch/domain/permissions';
import {
  accessRoutes,
  envelope,
  option,
  optionsRoute,
  type PickOption,
} from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { openListbox, pick } from '../../test/pick-list';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const concretePlants = [option(4, '', 'North'), option(5, '', 'South')];
const aggregatePlants = [
  option(8, '', 'Pit'),
  option(9, '', 'Quarry'),
  option(10, '', 'Rail yard'),
];
const plantTypes = new Map([
  [4, 1],
  [5, 1],
  [8, 2],
  [9, 2],
  [10, 2],
]);

const options: Record<string, PickOption[]> = {
  customers: [option(12, 'C100', 'Ace Builders')],
  jobs: [option(30, 'J-30', 'Dam site'), option(31, 'J-31', 'Mall')],
  'aggregate-products': [option(70, 'S1', 'Stone')],
  'other-products': [option(60, 'FUEL', 'Fuel surcharge')],
};

type State = {
  plantLists: URLSearchParams[];
  plantReads: number[];
  priceCalls: URLSearchParams[];
};

/** The plant pick lists as the server answers them: by the system type asked for. */
function plantOptions(state: State): FetchRoute {
  return (url) => {
    if (url.pathname !== '/api/v1/plants/options') return undefined;
    const all = [...concretePlants, ...aggregatePlants];
    const ids = url.searchParams.get('ids');
    if (ids) return envelope(all.filter((each) => ids.split(',').includes(String(each.id))));
    state.plantLists.push(url.searchParams);
    const type = url.searchParams.get('systemTypeId');
    return envelope(
      all.filter((each) => type === null || String(plantTypes.get(each.id)) === type),
    );
  };
}

function server(state: State): FetchRoute {
  return (url) => {
    const plant = /^\/api\/v1\/plants\/(\d+)$/.exec(url.pathname);
    if (plant) state.plantReads.push(Number(plant[1]));
    // Job J-30's plant cannot be read by this user (no Plants permission): its type is unknown.
    if (plant?.[1] === '4') return json({ message: 'You do not have permissions' }, 403);
    if (plant) {
      const id = Number(plant[1]);
      return json({ id, systemTypeId: plantTypes.get(id), batchTime: 0, inYardWashTime: 0 });
    }
    switch (url.pathname) {
      case '/api/v1/customers/12':
        return json({ id: 12, name: 'Ace Builders', creditStatusId: 1, aggregate: [] });
      case '/api/v1/jobs/30':
        return json({ id: 30, number: 'J-30', plantId: 4, customerPoNumber: '' });
      case '/api/v1/jobs/31':
        return json({ id: 31, number: 'J-31', plantId: 5, customerPoNumber: '' });
      case '/api/v1/orders/price': {
        state.priceCalls.push(url.searchParams);
        const plantId = Number(url.searchParams.get('plantId'));
        if (plantTypes.get(plantId) === 1) {
          return json(
            {
              message: 'plantId: is a plant for Concrete orders, not Aggregate',
              data: [{ field: 'plantId', reason: 'is a plant for Concrete orders, not Aggregate' }],
            },
            400,
          );
        }
        if (url.searchParams.get('productId') === '60') {
          return json({ message: 'Pricing is not available' }, 503);
        }
        return json({
          price: 18.25,
          source: 'product',
          taxable: true,
          unitOfMeasureId: 6,
          taxRate: null,
        });
      }
      default:
        return undefined;
    }
  };
}

describe('Aggregate order entry: plants and prices', () => {
  const state: State = { plantLists: [], plantReads: [], priceCalls: [] };
  appTestLifecycle(() => {
    state.plantLists = [];
    state.plantReads = [];
    state.priceCalls = [];
    return fakeFetch(
      server(state),
      plantOptions(state),
      optionsRoute((list) => options[list] ?? [option(1, '', 'Standard')]),
      accessRoutes({
        forms: () => [{ FormId: 25000, PermissionId: permissionLevels.FullWithPrices }],
        groups: [{ id: 1002, userProfileId: 1, groupName: 'Aggregate' }],
      }),
    );
  });
  beforeEach(() => logInAs('dispatcher'));

  it('R-ORD-28: offers aggregate plants, follows the order plant, and says why a price is refused', async () => {
    const user = userEvent.setup();
    await renderAppAt('/orders/aggregate');
    await screen.findByRole(
      'heading',
      { name: 'New aggregate order', level: 2 },
      { timeout: 20_000 },
    );
    const header = screen.getByRole('region', { name: 'Order' });
    const schedule = screen.getByRole('region', { name: 'Schedule 1' });
    const orderPlant = within(header).getByRole('combobox', { name: 'Plant' });
    const schedulePlant = within(schedule).getByRole('combobox', { name: 'Plant' });

    // Both plant lists offer the aggregate plants only.
    await user.click(schedulePlant);
    const offered = await openListbox(schedulePlant);
    await within(offered).findByRole('option', { name: 'Pit', hidden: true });
    expect(
      within(offered)
        .getAllByRole('option', { hidden: true })
        .map((each) => each.textContent),
    ).toEqual(['Pit', 'Quarry', 'Rail yard']);
    await user.keyboard('{Escape}');

    await pick(
      user,
      within(header).getByRole('combobox', { name: 'Customer' }),
      'Ace',
      'C100 · Ace Builders',
    );
    // A job whose plant is a concrete plant: the aggregate order does not take it.
    await pick(user, within(header).getByRole('combobox', { name: 'Job' }), 'Mall', 'J-31 · Mall');
    await waitFor(() => expect(state.plantReads).toContain(5));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(orderPlant).toHaveValue('');
    expect(schedulePlant).toHaveValue('');

    // A job whose plant this user cannot read is taken (its type unknown), and the schedule
    // follows it; its price is refused, and the refusal lands beside the plants.
    await pick(
      user,
      within(header).getByRole('combobox', { name: 'Job' }),
      'Dam',
      'J-30 · Dam site',
    );
    await waitFor(() => expect(orderPlant).toHaveValue('North'));
    await waitFor(() => expect(schedulePlant).toHaveValue('North'));
    await pick(
      user,
      within(schedule).getByRole('combobox', { name: 'Primary product' }),
      'Stone',
      'S1 · Stone',
    );
    await waitFor(() =>
      expect(schedulePlant).toHaveAccessibleDescription(
        'is a plant for Concrete orders, not Aggregate',
      ),
    );
    // The tax rate's own lookup is at the order's plant: said beside it too.
    await waitFor(() =>
      expect(orderPlant).toHaveAccessibleDescription(
        'is a plant for Concrete orders, not Aggregate',
      ),
    );
    expect(within(schedule).getByRole('textbox', { name: 'Price' })).toHaveValue('');

    // The order's plant changed: the schedule follows, is priced there, and the refusals go.
    await pick(user, orderPlant, 'Pit', 'Pit');
    await waitFor(() => expect(schedulePlant).toHaveValue('Pit'));
    await waitFor(() =>
      expect(within(schedule).getByRole('textbox', { name: 'Price' })).toHaveValue('18.25'),
    );
    expect(state.priceCalls.at(-1)?.get('plantId')).toBe('8');
    await waitFor(() => expect(schedulePlant).not.toHaveAccessibleDescription());
    await waitFor(() => expect(orderPlant).not.toHaveAccessibleDescription());

    // A plant chosen for the schedule is kept when the order's plant changes again.
    await pick(user, schedulePlant, 'Quarry', 'Quarry');
    await pick(user, orderPlant, 'Rail', 'Rail yard');
    await waitFor(() => expect(orderPlant).toHaveValue('Rail yard'));
    expect(schedulePlant).toHaveValue('Quarry');

    // A lookup that fails without naming a field says why beside the product.
    await user.click(within(schedule).getByRole('button', { name: 'Add extra product' }));
    const extra = within(schedule).getByRole('combobox', { name: 'Extra product 1' });
    await pick(user, extra, 'Fuel', 'FUEL · Fuel surcharge');
    await waitFor(() => expect(extra).toHaveValue('FUEL · Fuel surcharge'));
    await waitFor(() =>
      expect(extra).toHaveAccessibleDescription('No price: Pricing is not available'),
    );

    // Every plant list asked for the order's system type.
    expect(state.plantLists.length).toBeGreaterThan(0);
    for (const params of state.plantLists) expect(params.get('systemTypeId')).toBe('2');
  }, 120_000);
});
