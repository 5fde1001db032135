import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MixChangePreview } from '@dispatch/domain/mixes/mix-design-change';
import { permissionLevels } from '@dispatch/domain/permissions';
import { units } from '@dispatch/domain/units';
import { pick } from '../../test/pick-list';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';
import { freshState, mixServer, type MixServerState } from './mix-test-server';

configure({ asyncUtilTimeout: 5000 });

const cementLine = (before: number, after: number) => ({
  rawMaterialId: 10,
  code: 'CEM',
  description: 'Portland cement Type I/II',
  quantityBefore: before,
  quantityAfter: after,
  unitBefore: units.pounds,
  unitAfter: units.pounds,
});

const preview: MixChangePreview = {
  totals: { mixes: 2, lines: 2, plants: 1, unchanged: 0, skipped: 1 },
  mixes: [
    {
      mixId: 21,
      description: '3000 psi #57 - North Yard',
      productNumber: '3000',
      plantId: 1,
      plantName: 'North Yard',
      strength: 3000,
      version: 3,
      lines: [cementLine(470, 517)],
    },
    {
      mixId: 22,
      description: '4000 psi #57 - North Yard',
      productNumber: '4000',
      plantId: 1,
      plantName: 'North Yard',
      strength: 4000,
      version: 6,
      lines: [cementLine(540, 594)],
    },
  ],
  skipped: [
    {
      mixId: 23,
      description: 'Pump mix - Riverside',
      plantName: 'Riverside',
      reason: 'unitMismatch',
    },
  ],
};

describe('Global mix design change', () => {
  const state: MixServerState = freshState();
  appTestLifecycle(() => {
    Object.assign(state, freshState(), { preview });
    return mixServer(state);
  });
  beforeEach(() => logInAs('dispatcher'));

  const open = async () => {
    await renderAppAt('/operations/global-mix-design-change');
    await screen.findByRole(
      'heading',
      { name: 'Global Mix Design Change', level: 2 },
      { timeout: 20_000 },
    );
    await screen.findByRole('table', { name: 'Matching mixes' });
  };
  const chooseScale = async (user: ReturnType<typeof userEvent.setup>) => {
    await pick(
      user,
      screen.getByRole('combobox', { name: 'Raw material' }),
      'CEM',
      'CEM · Portland cement Type I/II',
    );
    await user.click(screen.getByRole('radio', { name: 'Scale' }));
    await user.type(screen.getByRole('textbox', { name: 'Percent' }), '10');
  };

  it('R-MIX-10, R-MIX-11: previews every mix and line, then applies with the previewed versions', async () => {
    const user = userEvent.setup();
    await open();
    await chooseScale(user);
    expect(screen.getByText('Scale Portland cement Type I/II by +10 %')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table', { name: 'Preview' });
    expect(within(table).getByText('3000 psi #57 - North Yard')).toBeInTheDocument();
    expect(within(table).getByText('517 lb')).toBeInTheDocument();
    expect(within(table).getByText('+54')).toBeInTheDocument();
    expect(screen.getByText('2 mixes')).toBeInTheDocument();
    expect(screen.getByText(/Pump mix - Riverside \(Riverside\) is skipped/)).toBeInTheDocument();
    expect(state.posts[0]).toEqual({
      path: '/api/v1/mix-operations/global-changes/preview',
      body: expect.objectContaining({ rawMaterialId: 10, action: 'scale', percent: 10 }),
    });

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(state.posts).toHaveLength(2));
    expect(state.posts[1]!.body).toMatchObject({
      rawMaterialId: 10,
      action: 'scale',
      percent: 10,
      versions: [
        { mixId: 21, version: 3 },
        { mixId: 22, version: 6 },
      ],
    });
    const history = await screen.findByRole('region', { name: 'Applied changes' });
    expect(
      await within(history).findByText('Scale Portland cement Type I/II by +10 %'),
    ).toBeInTheDocument();
  }, 90_000);

  it('R-MIX-13: reverses an applied change, asked first', async () => {
    const user = userEvent.setup();
    await open();
    await chooseScale(user);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('table', { name: 'Preview' });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }),
    );
    const history = await screen.findByRole('region', { name: 'Applied changes' });
    await user.click(
      await within(history).findByRole('button', {
        name: 'Reverse Scale Portland cement Type I/II by +10 %',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reverse this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() =>
      expect(state.posts.at(-1)?.path).toBe('/api/v1/mix-operations/global-changes/12/reverse'),
    );
    expect(await within(history).findByText('Reversed')).toBeInTheDocument();
  }, 90_000);

  it('R-MIX-11: a mix changed since the preview refuses the apply, naming who; preview again', async () => {
    const user = userEvent.setup();
    state.conflict =
      'Concrete mix 4000 psi #57 - North Yard was changed by maria at 2026-03-10T14:05:00.000Z since your preview. Preview again to see their change, then apply.';
    await open();
    await chooseScale(user);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('table', { name: 'Preview' });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }),
    );
    expect(await screen.findByText(/was changed by maria/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Preview' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  }, 90_000);

  it('R-MIX-19: a refusal shows beside its field', async () => {
    const user = userEvent.setup();
    state.badRequest = { field: 'percent', reason: 'must be a percent from -100 to 1000' };
    await open();
    await chooseScale(user);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('must be a percent from -100 to 1000')).toBeInTheDocument();
  }, 90_000);

  it('R-MIX-19: a read-only level may preview but not apply', async () => {
    state.level = permissionLevels.ReadOnlyNoPrices;
    await open();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  }, 90_000);
});
