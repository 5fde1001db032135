/**
 * Order entry's fields as the delivery-day walk-through found them: every field saving needs is
 * marked (R-ORD-26), a number field refuses letters beside itself and stops the save (R-INPUT-1),
 * and the Trucks field warns when fewer trucks are set than the load interval needs (R-ORD-27).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { permissionLevels } from '@dispatch/domain/permissions';
import { initI18n } from '../../lib/i18n/i18n';
import { accessRoutes, option, optionsRoute } from '../../test/app-server';
import { fakeFetch } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

type State = { posted: unknown[] };

async function openOrderEntry() {
  await renderAppAt('/orders/concrete');
  await screen.findByRole('heading', { name: 'New concrete order', level: 2 }, { timeout: 20_000 });
  return {
    header: screen.getByRole('region', { name: 'Order' }),
    schedule: screen.getByRole('region', { name: 'Schedule 1' }),
  };
}

/** The label shown above an input, with its required mark when it has one. */
function shownLabel(input: HTMLElement): string {
  return document.querySelector(`label[for="${input.id}"]`)?.textContent ?? '';
}

function expectRequired(input: HTMLElement, name: string) {
  expect(input, name).toBeRequired();
  expect(shownLabel(input), name).toBe(`${name} *`);
}

describe('Order entry fields', () => {
  const state: State = { posted: [] };
  appTestLifecycle(() => {
    state.posted = [];
    return fakeFetch(
      (url, init) => {
        if (init?.method === 'POST') state.posted.push(url.pathname);
        return undefined;
      },
      optionsRoute(() => [option(1, '', 'Standard')]),
      accessRoutes({
        forms: () => [{ FormId: 15000, PermissionId: permissionLevels.FullWithPrices }],
      }),
    );
  });
  beforeEach(() => logInAs('dispatcher'));

  it('R-ORD-26: marks every field saving needs as required, and no other', async () => {
    const { header, schedule } = await openOrderEntry();

    // R-VALID-9: the schedule's. Load interval and Trucks were not marked.
    expectRequired(within(schedule).getByRole('combobox', { name: 'Plant' }), 'Plant');
    for (const name of [
      'Quantity per hour',
      'Trucks',
      'Load interval',
      'Travel to job',
      'Travel back',
      'Wait on job',
      'Wash on job',
    ]) {
      expectRequired(within(schedule).getByRole('textbox', { name }), name);
    }
    for (const name of ['Load size', 'First load on job']) {
      const input = within(schedule).getByRole('textbox', { name });
      expect(input, name).not.toBeRequired();
      expect(shownLabel(input), name).toBe(name);
    }
    // R-VALID-8: a line's product, marked in its column's header.
    expect(within(schedule).getByRole('combobox', { name: 'Primary product' })).toBeRequired();
    expect(within(schedule).getByRole('columnheader', { name: 'Product' })).toHaveTextContent(
      'Product *',
    );
    expect(within(schedule).getByRole('textbox', { name: 'Quantity' })).not.toBeRequired();

    // R-VALID-6..7: the order's, as the header shows them (the flags are tick boxes: always set).
    for (const name of [
      'Customer',
      'Status',
      'Order type',
      'Plant',
      'Reason',
      'Taxing',
      'Short load charge',
      'Free short loads',
      'Standby charge',
      'Print material',
    ]) {
      expectRequired(within(header).getByRole('combobox', { name }), name);
    }
    expectRequired(within(header).getByRole('textbox', { name: 'PO number' }), 'PO number');
    expectRequired(within(header).getByLabelText(/^Order date/), 'Order date');
    expectRequired(within(header).getByLabelText(/^Ship date/), 'Ship date');
    for (const input of [
      within(header).getByRole('combobox', { name: 'Job' }),
      within(header).getByRole('combobox', { name: 'Flag' }),
      within(header).getByRole('textbox', { name: 'Ordered by' }),
    ]) {
      expect(input).not.toBeRequired();
    }
  }, 120_000);

  it('R-INPUT-1: keeps letters typed in a number beside "Type digits only", and saves nothing', async () => {
    const user = userEvent.setup();
    const { schedule } = await openOrderEntry();
    const rate = within(schedule).getByRole('textbox', { name: 'Quantity per hour' });
    await user.type(rate, '2O');
    // Not 2: what was typed stays, with the reason beside it.
    const refusedRate = within(schedule).getByRole('textbox', { name: 'Quantity per hour' });
    expect(refusedRate).toHaveValue('2O');
    expect(refusedRate).toHaveAccessibleDescription('Type digits only, with “.” for decimals');
    await user.type(within(schedule).getByRole('textbox', { name: 'Quantity' }), '5O000');
    expect(within(schedule).getByRole('textbox', { name: 'Quantity' })).toHaveValue('5O000');
    await user.type(within(schedule).getByRole('textbox', { name: 'Trucks' }), '4.5');
    expect(within(schedule).getByRole('textbox', { name: 'Trucks' })).toHaveAccessibleDescription(
      'Type a whole number',
    );

    // Saving goes to the first field in error, before any other check.
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() =>
      expect(within(schedule).getByRole('textbox', { name: 'Quantity per hour' })).toHaveFocus(),
    );
    expect(screen.queryByText('Customer is required.')).toBeNull();

    // Corrected, the save's own checks run (and stop at the missing customer).
    await user.keyboard('{End}{Backspace}0');
    expect(within(schedule).getByRole('textbox', { name: 'Quantity per hour' })).toHaveValue('20');
    await user.clear(within(schedule).getByRole('textbox', { name: 'Quantity' }));
    await user.type(within(schedule).getByRole('textbox', { name: 'Quantity' }), '50000');
    expect(within(schedule).getByRole('textbox', { name: 'Quantity' })).toHaveValue('50000');
    await user.clear(within(schedule).getByRole('textbox', { name: 'Trucks' }));
    await user.type(within(schedule).getByRole('textbox', { name: 'Trucks' }), '4');
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText('Customer is required.')).toBeInTheDocument();
    expect(state.posted).toEqual([]);
  }, 120_000);

  it('R-ORD-27: warns beside Trucks when fewer are set than the load interval needs', async () => {
    const user = userEvent.setup();
    const { schedule } = await openOrderEntry();
    const field = (name: string) => within(schedule).getByRole('textbox', { name });
    // A 90-minute round trip: out 30, 20 waiting to unload, 10 washing, back 30.
    await user.type(field('Travel to job'), '30');
    await user.type(field('Travel back'), '30');
    await user.type(field('Wait on job'), '20');
    await user.type(field('Wash on job'), '10');
    await user.type(field('Load interval'), '15');
    await user.type(field('Trucks'), '4');
    expect(field('Trucks')).toHaveAccessibleDescription(
      '6 trucks are needed to keep a load every 15 min; 4 are set.',
    );
    // A warning, not an error: nothing stops the save.
    expect(field('Trucks')).toBeValid();

    await act(() => initI18n('es'));
    try {
      expect(
        within(schedule).getByRole('textbox', { name: 'Camiones' }),
      ).toHaveAccessibleDescription(
        'Se necesitan 6 camiones para mantener una carga cada 15 min; hay 4 asignados.',
      );
    } finally {
      await act(() => initI18n('en'));
    }

    await user.type(field('Trucks'), '{Backspace}6');
    expect(field('Trucks')).not.toHaveAccessibleDescription();
    // A longer interval needs fewer: 90 minutes over 30 are 3 trucks.
    await user.clear(field('Trucks'));
    await user.type(field('Trucks'), '2');
    await user.clear(field('Load interval'));
    await user.type(field('Load interval'), '30');
    expect(field('Trucks')).toHaveAccessibleDescription(
      '3 trucks are needed to keep a load every 30 min; 2 are set.',
    );
  }, 120_000);
});
