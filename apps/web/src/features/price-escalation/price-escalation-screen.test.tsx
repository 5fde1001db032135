import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Escalation, EscalationPreview } from '@dispatch/domain/pricing/price-escalation';
import { renderAppAt } from '../../test/render-app';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { appTestLifecycle, logInAs } from '../../test/session';

const envelope = (data: unknown[]) => json({ error: false, count: data.length, data });

const emptySelection = {
  systemTypeIds: [],
  productTypeIds: [],
  productIds: [],
  plantIds: [],
  customerIds: [],
  quoteIds: [],
};

const earlier: Escalation = {
  id: 7,
  kind: 'product',
  method: 'amount',
  amount: 2.5,
  effectiveDate: '2026-01-01',
  selection: emptySelection,
  description: 'Fuel',
  appliedAt: '2025-12-15T09:30:00.000Z',
  appliedBy: 'admin',
  reversedAt: null,
  reversedBy: '',
  rowCount: 4,
  totalBefore: 400,
  totalAfter: 410,
};

function previewOf(body: {
  amount: number;
  effectiveDate: string;
  selection: { plantIds?: number[] };
}): EscalationPreview {
  const plant = body.selection.plantIds?.length
    ? { plantId: 4, plantName: 'North' }
    : { plantId: null, plantName: '' };
  const row = (productId: number, number: string, before: number, after: number) => ({
    productId,
    productNumber: number,
    productDescription: `${number} mix`,
    systemTypeId: 1,
    ...plant,
    quoteProductId: null,
    quoteId: null,
    quoteNumber: '',
    customerName: '',
    priceBefore: before,
    priceAfter: after,
  });
  return {
    kind: 'product',
    method: 'percent',
    amount: body.amount,
    effectiveDate: body.effectiveDate,
    totals: {
      count: 2,
      raised: 2,
      lowered: 0,
      unchanged: 0,
      totalBefore: 225.5,
      totalAfter: 232.27,
    },
    rows: [row(1, 'C30', 100, 103), row(2, 'C40', 125.5, 129.27)],
  };
}

type State = { history: Escalation[]; previews: unknown[]; applied: unknown[]; reversed: string[] };

/** An administrator's server: options, preview, apply, history and reverse. */
function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/plants/options') {
      return envelope(
        url.searchParams.get('search') === 'Nor' || url.searchParams.get('ids') === '4'
          ? [{ id: 4, number: '', name: 'North', inactive: false }]
          : [],
      );
    }
    if (url.pathname.endsWith('/options')) return envelope([]);
    const reverse = /^\/api\/v1\/admin\/price-escalations\/(\d+)\/reverse$/.exec(url.pathname);
    if (method === 'POST' && reverse) {
      state.reversed.push(reverse[1]!);
      const found = state.history.find((row) => String(row.id) === reverse[1])!;
      Object.assign(found, { reversedAt: '2026-02-01T08:00:00.000Z', reversedBy: 'admin' });
      return json(found);
    }
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/admin/price-escalations':
        return url.searchParams.get('kind') === 'product' ? envelope(state.history) : envelope([]);
      case 'POST /api/v1/admin/price-escalations/preview': {
        const body = JSON.parse(init?.body as string) as Parameters<typeof previewOf>[0];
        state.previews.push(body);
        return json(previewOf(body));
      }
      case 'POST /api/v1/admin/price-escalations': {
        const body = JSON.parse(init?.body as string) as Parameters<typeof previewOf>[0];
        state.applied.push(body);
        const escalation: Escalation = {
          ...earlier,
          id: 8,
          method: 'percent',
          amount: body.amount,
          effectiveDate: body.effectiveDate,
          description: 'Cement',
          appliedAt: '2026-01-20T10:00:00.000Z',
          rowCount: 2,
          totalBefore: 225.5,
          totalAfter: 232.27,
        };
        state.history.unshift(escalation);
        return json(escalation, 201);
      }
      case 'GET /api/v1/user/groups':
        return envelope([{ id: 1001, userProfileId: 1, groupName: 'Concrete' }]);
      case 'GET /api/formauthorization':
        return envelope([]);
      case 'GET /api/v1/sysadmin':
        return json({ value: true, message: '' });
      case 'GET /api/servers':
        return envelope([{ databaseName: 'DEMO', serverName: 'db1' }]);
      default:
        return undefined;
    }
  };
}

/** R-ESC-3..R-ESC-7 on the Product Price Escalation screen. */
describe('Product Price Escalation', () => {
  const state: State = { history: [], previews: [], applied: [], reversed: [] };
  appTestLifecycle(() => {
    Object.assign(state, { history: [{ ...earlier }], previews: [], applied: [], reversed: [] });
    return fakeFetch(server(state));
  });
  beforeEach(() => logInAs('admin'));

  it('previews every price before and after, applies after asking, and reverses from the history', async () => {
    const user = userEvent.setup();
    await renderAppAt('/administration/product-price-escalation');
    await screen.findByRole(
      'heading',
      { name: 'Product Price Escalation', level: 2 },
      { timeout: 20_000 },
    );

    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Fuel')).toBeInTheDocument();
    expect(within(history).getByText('+2.50')).toBeInTheDocument();

    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Concrete' }));
    await user.type(screen.getByRole('textbox', { name: 'Percent' }), '3');
    const date = screen.getByLabelText(/Effective date/);
    await user.clear(date);
    await user.type(date, '2027-01-01');

    // Plants search as you type.
    await user.click(screen.getByLabelText(/^Plants/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^Plants/, { selector: 'input' }), 'Nor');
    await user.click(await screen.findByRole('option', { name: 'North', hidden: true }));

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(state.previews).toEqual([
      {
        kind: 'product',
        method: 'percent',
        amount: 3,
        effectiveDate: '2027-01-01',
        description: '',
        selection: { systemTypeIds: [1], productTypeIds: [], productIds: [], plantIds: [4] },
      },
    ]);
    expect(within(preview).getByText('2 prices')).toBeInTheDocument();
    expect(within(preview).getByText('Total 225.50 → 232.27 (+6.77)')).toBeInTheDocument();
    const rows = within(preview).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['C30 · C30 mix', 'North', '100.00', '103.00', '+3.00'],
      ['C40 · C40 mix', 'North', '125.50', '129.27', '+3.77'],
    ]);

    await user.click(apply);
    const dialog = await screen.findByRole('dialog', { name: 'Apply the escalation?' });
    expect(dialog).toHaveTextContent('2 prices change by +3 % from 2027-01-01.');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(state.applied).toEqual(state.previews));
    expect(await within(history).findByText('Cement')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();

    await user.click(
      within(history).getByRole('button', { name: 'Reverse the escalation of 2026-01-01 (+2.50)' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Reverse the escalation?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(state.reversed).toEqual(['7']));
    expect(await within(history).findByText('Reversed')).toBeInTheDocument();
  });

  it('R-INPUT-1: keeps letters typed in the amount beside the reason, and previews nothing', async () => {
    const user = userEvent.setup();
    await renderAppAt('/administration/product-price-escalation');
    await screen.findByRole(
      'heading',
      { name: 'Product Price Escalation', level: 2 },
      { timeout: 20_000 },
    );
    await user.click(screen.getByRole('checkbox', { name: 'Concrete' }));
    const date = screen.getByLabelText(/Effective date/);
    await user.clear(date);
    await user.type(date, '2027-01-01');
    await user.type(screen.getByRole('textbox', { name: 'Percent' }), '3x');
    const percent = screen.getByRole('textbox', { name: 'Percent' });
    expect(percent).toHaveValue('3x');
    expect(percent).toHaveAccessibleDescription(/Type digits only/);

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('textbox', { name: 'Percent' })).toHaveFocus();
    expect(state.previews).toEqual([]);

    await user.keyboard('{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(state.previews).toHaveLength(1));
    expect(state.previews[0]).toMatchObject({ amount: 3 });
  });

  it('shows the server’s reason beside the field it names', async () => {
    const user = userEvent.setup();
    await renderAppAt('/administration/product-price-escalation');
    await screen.findByRole(
      'heading',
      { name: 'Product Price Escalation', level: 2 },
      { timeout: 20_000 },
    );
    globalThis.fetch = fakeFetch(
      () =>
        json(
          {
            message: 'amount: must be a percent from -100 to 1000',
            data: [{ field: 'amount', reason: 'must be a percent from -100 to 1000' }],
            responseError: true,
          },
          400,
        ),
      server(state),
    );
    await user.type(screen.getByRole('textbox', { name: 'Percent' }), '5');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('must be a percent from -100 to 1000')).toBeInTheDocument();
  });
});
