import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { permissionLevels } from '@dispatch/domain/permissions';
import { emitHubEvent } from '../../realtime/hub-events';
import { pick } from '../../test/pick-list';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';
import { freshState, mixServer, rankingOf, type MixServerState } from './mix-test-server';

configure({ asyncUtilTimeout: 5000 });

describe('Raw material ranking', () => {
  const state: MixServerState = freshState();
  appTestLifecycle(() => {
    Object.assign(state, freshState());
    return mixServer(state);
  });
  beforeEach(() => logInAs('dispatcher'));

  const open = async () => {
    await renderAppAt('/operations/raw-material-ranking?plantId=1');
    await screen.findByRole(
      'heading',
      { name: 'Raw Material Ranking', level: 2 },
      { timeout: 20_000 },
    );
    return screen.findByRole('list', { name: 'Substitutes for Portland cement Type I/II' });
  };
  const order = (list: HTMLElement) =>
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));

  it('R-MIX-15: lists each raw material with its substitutes, best first', async () => {
    const cement = await open();
    expect(order(cement)).toEqual([
      '1. Portland cement Type I/II',
      '2. Portland cement Type III',
      '3. Slag cement',
    ]);
    const water = screen.getByRole('region', { name: 'Water' });
    expect(within(water).getByText('Not ranked yet')).toBeInTheDocument();
  }, 60_000);

  it('R-MIX-16, R-MIX-17: Alt+↓ moves a raw material and saves the order with its version', async () => {
    const user = userEvent.setup();
    const cement = await open();
    within(cement).getAllByRole('listitem')[0]!.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(state.puts).toHaveLength(1));
    expect(state.puts[0]).toEqual({
      path: '/api/v1/mix-operations/rankings/1/10',
      body: { version: 2, order: [11, 10, 12] },
    });
    await waitFor(() =>
      expect(order(cement)).toEqual([
        '1. Portland cement Type III',
        '2. Portland cement Type I/II',
        '3. Slag cement',
      ]),
    );
    expect(
      await within(screen.getByRole('region', { name: 'Portland cement Type I/II' })).findByText(
        'Version 3',
      ),
    ).toBeInTheDocument();
  }, 60_000);

  it('R-MIX-16: adds and removes substitutes of the same unit; a refusal names who and shows their order', async () => {
    const user = userEvent.setup();
    await open();
    await pick(
      user,
      screen.getByRole('combobox', { name: 'Add a substitute for Portland cement Type I/II' }),
      'fly',
      'FLYASH · Fly ash Class F',
    );
    await waitFor(() => expect(state.puts).toHaveLength(1));
    expect(state.puts[0]!.body).toEqual({ version: 2, order: [10, 11, 12, 13] });

    state.conflict =
      'The ranking of Portland cement Type I/II was changed by maria at 2026-03-10T14:05:00.000Z since you opened it.';
    state.rankings = [rankingOf(10, [12, 10], 9), rankingOf(14, [14], null)];
    const cement = await screen.findByRole('list', {
      name: 'Substitutes for Portland cement Type I/II',
    });
    await user.click(
      await within(cement).findByRole('button', { name: 'Remove Portland cement Type III' }),
    );
    expect(await screen.findByText(/was changed by maria/)).toBeInTheDocument();
    await waitFor(() =>
      expect(order(cement)).toEqual(['1. Slag cement', '2. Portland cement Type I/II']),
    );
  }, 60_000);

  it('R-MIX-18: another user’s save shows at once', async () => {
    const cement = await open();
    state.rankings = [rankingOf(10, [12, 11, 10], 3), rankingOf(14, [14], null)];
    act(() =>
      emitHubEvent('resourceChanged_v1', {
        resource: 'rawMaterialRankings',
        id: 110,
        action: 'updated',
        version: 3,
        by: 'maria',
      }),
    );
    await waitFor(() =>
      expect(order(cement)).toEqual([
        '1. Slag cement',
        '2. Portland cement Type III',
        '3. Portland cement Type I/II',
      ]),
    );
  }, 60_000);

  it('R-MIX-19: a read-only level sees the order but cannot change it', async () => {
    state.level = permissionLevels.ReadOnlyNoPrices;
    await open();
    expect(screen.queryByRole('combobox', { name: /Add a substitute/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  }, 60_000);
});
