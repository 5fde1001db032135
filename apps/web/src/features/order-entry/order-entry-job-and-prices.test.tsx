/**
 * Order entry's inline job (R-ORD-22) and re-pricing (R-ORD-23), as a dispatcher works them: a job
 * made from the Job pick list by keyboard alone, for the order's customer, and the prices order
 * pricing gave priced again when the customer, job or ship date changes, typed prices kept.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { permissionLevels } from '@dispatch/domain/permissions';
import { createSchemaOf } from '@dispatch/domain/resources/define';
import { isTextKind } from '@dispatch/domain/resources/field';
import { jobResource } from '@dispatch/domain/resources/jobs';
import { accessRoutes, option, optionsRoute, type PickOption } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { openListbox, pick } from '../../test/pick-list';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

type State = {
  jobs: PickOption[];
  /** While set, the job search's answers wait for it (a slow network or a busy server). */
  jobsHeld: Promise<void> | null;
  createdJobs: Record<string, unknown>[];
  priceCalls: URLSearchParams[];
};

const fixedOptions: Record<string, PickOption[]> = {
  customers: [option(12, 'C100', 'Ace Builders')],
  plants: [option(4, '', 'North')],
  'tax-schedules': [option(8, '', 'County 8%'), option(9, '', 'City 9%')],
  'concrete-products': [option(50, 'C30', '30 MPa mix')],
  'other-products': [option(60, 'PUMP', 'Pump fee')],
};

/** The job as the jobs resource answers a create: its fields' defaults with what was sent. */
function jobAnswer(id: number, body: Record<string, unknown>) {
  const parsed = createSchemaOf(jobResource).parse(body) as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(jobResource.fields).map(([name, field]) => [
      name,
      parsed[name] ?? (isTextKind(field.kind) ? '' : null),
    ]),
  );
  return {
    ...fields,
    id,
    version: 1,
    modifiedAt: '2026-11-24T10:00:00.000Z',
    modifiedBy: 'dispatcher',
    labels: {},
  };
}

/**
 * Prices by ship date and job: a day far from today (whenever the test runs) is dearer, the
 * quoted job cheaper.
 */
function priceOf(url: URL): number {
  const product = url.searchParams.get('productId');
  if (product === '60') return 40;
  if (url.searchParams.get('jobId') === '31') return 100;
  return url.searchParams.get('shipDate') === '2031-01-15' ? 125 : 120;
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
          taxScheduleId: 8,
          labels: { creditStatusId: 'Good standing' },
          concrete: [{ shortLoadTypeId: 2, freeShortLoadId: 1, standbyChargeTypeId: 1 }],
        });
      case 'GET /api/v1/jobs/31':
        return json({ id: 31, number: 'J-NEW', plantId: 4, customerPoNumber: '' });
      case 'GET /api/v1/plants/4':
        return json({ id: 4, batchTime: 5, inYardWashTime: 5 });
      case 'POST /api/v1/jobs': {
        const body = JSON.parse(init?.body as string) as Record<string, unknown>;
        state.createdJobs.push(body);
        state.jobs.push(option(31, String(body.number), String(body.address1)));
        return json(jobAnswer(31, body), 201);
      }
      case 'GET /api/v1/orders/price':
        state.priceCalls.push(url.searchParams);
        return json({
          price: priceOf(url),
          source: 'product',
          taxable: true,
          unitOfMeasureId: 1,
          taxRate: 8,
        });
      default:
        return undefined;
    }
  };
}

async function openOrderEntry() {
  await renderAppAt('/orders/concrete');
  await screen.findByRole('heading', { name: 'New concrete order', level: 2 }, { timeout: 20_000 });
  return screen.getByRole('region', { name: 'Order' });
}

/** A new concrete order for Ace Builders, its credit read: the Job pick list is theirs. */
async function orderForAce(user: ReturnType<typeof userEvent.setup>) {
  const header = await openOrderEntry();
  await pick(
    user,
    within(header).getByRole('combobox', { name: 'Customer' }),
    'Ace',
    'C100 · Ace Builders',
  );
  await within(header).findByText('Good standing', undefined, { timeout: 5_000 });
  return header;
}

describe('Order entry: inline job and re-pricing', () => {
  const state: State = { jobs: [], jobsHeld: null, createdJobs: [], priceCalls: [] };
  appTestLifecycle(() => {
    state.jobs = [option(30, 'J-30', '100 Main St')];
    state.jobsHeld = null;
    state.createdJobs = [];
    state.priceCalls = [];
    return fakeFetch(
      server(state),
      async (url) => {
        if (url.pathname === '/api/v1/jobs/options' && state.jobsHeld) await state.jobsHeld;
        return undefined;
      },
      optionsRoute((list) => (list === 'jobs' ? state.jobs : fixedOptions[list]), {
        bySearch: true,
      }),
      accessRoutes({
        forms: () => [
          { FormId: 15000, PermissionId: permissionLevels.FullWithPrices },
          { FormId: 50201, PermissionId: permissionLevels.FullWithPrices },
        ],
      }),
    );
  });
  beforeEach(() => logInAs('dispatcher'));

  it('R-ORD-22: offers New job… only once the job search has answered, so a quick pick is the job', async () => {
    const user = userEvent.setup();
    const header = await orderForAce(user);

    let answer!: () => void;
    state.jobsHeld = new Promise((resolve) => (answer = resolve));
    const job = within(header).getByRole('combobox', { name: 'Job' });
    await user.click(job);
    await user.type(job, 'J-30');
    const listbox = await openListbox(job);
    // Past the typeahead's wait, the search is asked and not yet answered: no offer to create
    // stands first in the list, where a quick Enter or click would take it for the job.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(listbox).queryAllByRole('option', { hidden: true })).toEqual([]);
    answer();
    await within(listbox).findByRole('option', { name: 'J-30 · 100 Main St', hidden: true });
    const names = within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((each) => each.textContent);
    expect(names).toEqual(['J-30 · 100 Main St', 'New job…']);
  });

  it('R-ORD-22: creates a job for the customer from the Job pick list by keyboard and picks it', async () => {
    const user = userEvent.setup();
    const header = await orderForAce(user);

    // Typed text that matches no job offers to create it; arrows and Enter choose the offer.
    const job = within(header).getByRole('combobox', { name: 'Job' });
    await user.click(job);
    const listbox = await openListbox(job);
    expect(await within(listbox).findByRole('option', { name: 'New job…', hidden: true }));
    await user.type(job, 'J-NEW');
    await within(listbox).findByRole('option', { name: "Create job 'J-NEW'", hidden: true });
    await user.keyboard('{ArrowDown}{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'New job for Ace Builders' });
    const number = within(dialog).getByRole('textbox', { name: 'Job number' });
    await waitFor(() => expect(number).toHaveFocus());
    expect(number).toHaveValue('J-NEW');
    // The customer's tax schedule is the job's unless another is chosen.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Tax schedule' })).toHaveValue(
        'County 8%',
      ),
    );
    await user.keyboard('{Tab}12 Quarry Road{Enter}');

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New job for Ace Builders' })).toBeNull(),
    );
    expect(state.createdJobs).toEqual([
      {
        customerId: 12,
        number: 'J-NEW',
        address1: '12 Quarry Road',
        plantId: null,
        taxScheduleId: 8,
        createdInOrderEntry: true,
      },
    ]);
    // Chosen for the order, and its plant fills the order's.
    await waitFor(() => expect(job).toHaveValue('J-NEW · 12 Quarry Road'));
    await waitFor(() =>
      expect(within(header).getByRole('combobox', { name: 'Plant' })).toHaveValue('North'),
    );
    // Found is enough: the notice closes by itself, on a busy machine before a second look.
    await screen.findByText('Job J-NEW created', undefined, { timeout: 5_000 });
  }, 120_000);

  it('R-ORD-23: prices again what order pricing priced when the ship date or job changes, keeping typed prices', async () => {
    const user = userEvent.setup();
    const header = await orderForAce(user);
    const first = screen.getByRole('region', { name: 'Schedule 1' });
    await pick(
      user,
      within(first).getByRole('combobox', { name: 'Primary product' }),
      'C30',
      'C30 · 30 MPa mix',
    );
    const price = within(first).getByRole('textbox', { name: 'Price' });
    await waitFor(() => expect(price).toHaveValue('120'));
    await user.click(within(first).getByRole('button', { name: 'Add extra product' }));
    await pick(
      user,
      within(first).getByRole('combobox', { name: 'Extra product 1' }),
      'Pump',
      'PUMP · Pump fee',
    );
    const extraPrice = within(first).getByRole('textbox', { name: 'Extra product 1 price' });
    await waitFor(() => expect(extraPrice).toHaveValue('40'));
    // The pump fee's price is typed by hand: the user's from now on.
    await user.clear(extraPrice);
    await user.type(extraPrice, '35');

    const shipDate = within(header).getByLabelText(/Ship date/);
    await user.clear(shipDate);
    await user.type(shipDate, '2031-01-15');
    expect(
      await screen.findByText('Prices updated for ship date 2031-01-15', undefined, {
        timeout: 5_000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('1 line priced again; prices you typed are kept.')).toBeInTheDocument();
    await waitFor(() => expect(price).toHaveValue('125'));
    expect(extraPrice).toHaveValue('35');
    const repriced = state.priceCalls.at(-1)!;
    expect(repriced.get('productId')).toBe('50');
    expect(repriced.get('shipDate')).toBe('2031-01-15');

    // A job priced from its quote: the primary line follows it, the typed price stays.
    state.jobs.push(option(31, 'J-NEW', 'Quarry'));
    await pick(
      user,
      within(header).getByRole('combobox', { name: 'Job' }),
      'NEW',
      'J-NEW · Quarry',
    );
    expect(
      await screen.findByText('Prices updated for job J-NEW', undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(price).toHaveValue('100'));
    expect(extraPrice).toHaveValue('35');

    // A price typed over a priced line is kept too.
    await user.clear(price);
    await user.type(price, '99');
    const calls = state.priceCalls.length;
    await user.clear(shipDate);
    await user.type(shipDate, '2031-01-16');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(price).toHaveValue('99');
    // Nothing left to price: only the tax rate's own question is asked.
    expect(
      state.priceCalls.slice(calls).filter((params) => params.get('shipDate') === '2031-01-16'),
    ).toHaveLength(1);
  }, 120_000);
});
