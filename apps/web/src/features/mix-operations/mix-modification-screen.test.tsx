import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { permissionLevels } from '@dispatch/domain/permissions';
import { units } from '@dispatch/domain/units';
import { emitHubEvent } from '../../realtime/hub-events';
import { pick } from '../../test/pick-list';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';
import { freshState, mixOf, mixServer, type MixServerState } from './mix-test-server';

configure({ asyncUtilTimeout: 5000 });

describe('Concrete mix modification', () => {
  const state: MixServerState = freshState();
  appTestLifecycle(() => {
    Object.assign(state, freshState());
    return mixServer(state);
  });
  beforeEach(() => logInAs('dispatcher'));

  const open = async (query = '?plantId=1&mixId=21') => {
    await renderAppAt(`/operations/concrete-mix-modification${query}`);
    await screen.findByRole(
      'heading',
      { name: 'Concrete Mix Modification', level: 2 },
      { timeout: 20_000 },
    );
  };
  const recipe = () => screen.findByRole('table', { name: 'Raw materials' });

  it('R-MIX-2, R-MIX-5: opens the mix of the link with its design values, raw materials and history', async () => {
    await open();
    const mix = await screen.findByRole('region', { name: '3000 psi #57 - North Yard' });
    const design = within(mix).getByLabelText('Design values');
    expect(within(design).getByText('Strength')).toBeInTheDocument();
    expect(within(design).getByText('3,000')).toBeInTheDocument();
    expect(within(design).getByText('Water/cement ratio')).toBeInTheDocument();
    expect(
      within(await recipe()).getByRole('textbox', {
        name: 'Quantity of Portland cement Type I/II',
      }),
    ).toHaveValue('470');
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Global change #4')).toBeInTheDocument();
    expect(within(history).getByText(/33 gal → 32 gal \(−1\)/)).toBeInTheDocument();
    expect(within(history).getByText('“Winter mix”')).toBeInTheDocument();
  }, 60_000);

  it('R-MIX-1: finds a mix as the clerk types and opens it', async () => {
    const user = userEvent.setup();
    await open('?plantId=1');
    const list = await screen.findByRole('list', { name: 'Mixes' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: 'Find a mix' }), '4000');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    await user.click(within(list).getByRole('button', { name: /4000 psi #57 - North Yard/ }));
    expect(
      await screen.findByRole('region', { name: '4000 psi #57 - North Yard' }),
    ).toBeInTheDocument();
  }, 60_000);

  it('R-MIX-3: changes a quantity, removes a line, adds one, and saves with the version read', async () => {
    const user = userEvent.setup();
    await open();
    const table = await recipe();
    const cement = within(table).getByRole('textbox', {
      name: 'Quantity of Portland cement Type I/II',
    });
    await user.clear(cement);
    await user.type(cement, '480');
    await user.click(within(table).getByRole('button', { name: 'Remove Fly ash Class F' }));
    expect(screen.getByText('Removing FLYASH · Fly ash Class F (100 lb)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a raw material' }));
    await pick(
      user,
      within(table).getByRole('combobox', { name: 'Raw material 3' }),
      'slag',
      'SLAG · Slag cement',
    );
    await user.type(within(table).getByRole('textbox', { name: 'Quantity of Slag cement' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'Trial 12');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(state.puts).toHaveLength(1));
    expect(state.puts[0]!.body).toEqual({
      version: 3,
      note: 'Trial 12',
      rawMaterials: [
        { rawMaterialId: 10, quantity: 480, unitOfMeasureId: units.pounds },
        { rawMaterialId: 14, quantity: 32, unitOfMeasureId: units.gallons },
        { rawMaterialId: 12, quantity: 100, unitOfMeasureId: null },
      ],
    });
    expect(await screen.findByText('Version 4')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'History' })).getByText('“Trial 12”'),
    ).toBeInTheDocument();
  }, 60_000);

  it('R-MIX-3, R-MIX-4: shows a bad line beside its field, and a stale save naming who, with a reload', async () => {
    const user = userEvent.setup();
    await open();
    const table = await recipe();
    await user.click(screen.getByRole('button', { name: 'Add a raw material' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(table).findAllByText('is required')).toHaveLength(2);
    expect(state.puts).toEqual([]);
    await user.click(within(table).getByRole('button', { name: 'Remove new raw material' }));

    state.conflict =
      '3000 psi #57 - North Yard was changed by maria at 2026-03-10T14:05:00.000Z since you opened it.';
    const water = within(table).getByRole('textbox', { name: 'Quantity of Water' });
    await user.clear(water);
    await user.type(water, '31');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/was changed by maria/)).toBeInTheDocument();
    state.conflict = null;
    state.mixes = [mixOf({ version: 5, modifiedBy: 'maria', lines: mixOf().lines.slice(0, 2) })];
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(within(table).queryByRole('textbox', { name: 'Quantity of Water' })).toBeNull(),
    );
    expect(screen.getByText('Version 5')).toBeInTheDocument();
  }, 60_000);

  it('R-MIX-18: another user’s save is announced while the clerk is mid-change', async () => {
    const user = userEvent.setup();
    await open();
    const table = await recipe();
    await user.type(within(table).getByRole('textbox', { name: 'Quantity of Water' }), '5');
    state.mixes = [mixOf({ version: 4, modifiedBy: 'maria' })];
    act(() =>
      emitHubEvent('resourceChanged_v1', {
        resource: 'concreteMixes',
        id: 21,
        action: 'updated',
        version: 4,
        by: 'maria',
      }),
    );
    expect(
      await screen.findByText(/maria changed this mix while you had it open/),
    ).toBeInTheDocument();
  }, 60_000);

  it('R-MIX-19: a read-only level sees the mix but cannot change it', async () => {
    state.level = permissionLevels.ReadOnlyWithPrices;
    await open();
    const table = await recipe();
    expect(within(table).getByRole('textbox', { name: 'Quantity of Water' })).toHaveAttribute(
      'readonly',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(
      screen.getByText('This screen is read-only for you: changes cannot be saved.'),
    ).toBeInTheDocument();
  }, 60_000);
});
