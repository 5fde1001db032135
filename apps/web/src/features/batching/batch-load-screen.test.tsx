import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BatchDetail, BatchQueueItem } from '@dispatch/domain/batching/batch-queue';
import { permissionLevels } from '@dispatch/domain/permissions';
import { emitHubEvent } from '../../realtime/hub-events';
import { accessRoutes, envelope } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

configure({ asyncUtilTimeout: 5000 });

function item(fields: Partial<BatchQueueItem> & Pick<BatchQueueItem, 'loadId'>): BatchQueueItem {
  return {
    loadNumber: 1,
    ticketId: 900 + fields.loadId,
    ticketNumber: 481_200 + fields.loadId,
    truckId: 30,
    truckNumber: `T${fields.loadId}`,
    orderId: 70,
    orderNumber: 5070,
    customerName: 'Acme Builders',
    jobNumber: 'J-275',
    jobName: 'Lakeview Medical Center',
    productNumber: '4000P',
    mixDescription: '4000 PSI pump mix',
    quantity: 10,
    unit: 'yd³',
    slump: 5,
    allowedWaterGallons: 15,
    alley: null,
    mode: 'panel',
    state: 'queued',
    attempts: 0,
    lastError: null,
    sentBy: null,
    sentAt: null,
    batchedBy: null,
    batchedAt: null,
    ...fields,
  };
}

const weights = (batched: boolean): BatchDetail['weights'] => [
  {
    rawMaterialId: 1,
    code: 'CEM1',
    description: 'Cement',
    unit: 'lb',
    target: 5640,
    batched: batched ? 5652 : null,
  },
  {
    rawMaterialId: 2,
    code: 'H2O',
    description: 'Water',
    unit: 'gal',
    target: 305,
    batched: batched ? 320 : null,
  },
];

type State = {
  usesBatchPanel: boolean;
  rows: BatchQueueItem[];
  posted: { path: string; body: unknown }[];
  refuse: string | null;
};

function server(state: State): FetchRoute {
  const detailOf = (row: BatchQueueItem): BatchDetail => ({
    ...row,
    weights: weights(row.state === 'batched'),
  });
  return (url, init) => {
    const method = init?.method ?? 'GET';
    const action = /^\/api\/v1\/batch-queue\/(\d+)\/(send|retry|mark-batched)$/.exec(url.pathname);
    if (method === 'POST' && action) {
      const loadId = Number(action[1]);
      state.posted.push({ path: url.pathname, body: JSON.parse(init?.body as string) });
      if (state.refuse) return json({ message: state.refuse, code: 'already_sent' }, 409);
      const row = state.rows.find((each) => each.loadId === loadId)!;
      Object.assign(
        row,
        action[2] === 'mark-batched'
          ? {
              state: 'batched',
              batchedBy: 'dispatcher',
              batchedAt: '2026-03-10T13:07:00.000Z',
              alley: 1,
            }
          : {
              state: 'sent',
              sentBy: 'dispatcher',
              sentAt: '2026-03-10T13:06:00.000Z',
              attempts: row.attempts + 1,
              lastError: null,
              alley: 1,
            },
      );
      return json(detailOf(row));
    }
    const detail = /^\/api\/v1\/batch-queue\/(\d+)$/.exec(url.pathname);
    if (method === 'GET' && detail) {
      return json(detailOf(state.rows.find((each) => each.loadId === Number(detail[1]))!));
    }
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/batch-queue':
        return json({
          plantId: 4,
          plantName: 'North',
          numberOfAlleys: 2,
          usesBatchPanel: state.usesBatchPanel,
          data: state.rows,
        });
      case 'GET /api/v1/plants/board':
        return envelope([
          {
            id: 4,
            description: 'North',
            systemTypeId: 1,
            inactiveFlag: false,
            plantColorId: null,
            latitude: null,
            longitude: null,
            version: 1,
          },
        ]);
      default:
        return undefined;
    }
  };
}

describe('Batch load screen', () => {
  const state: State = { usesBatchPanel: true, rows: [], posted: [], refuse: null };
  appTestLifecycle(() => {
    localStorage.removeItem('batchLoadScreen.alley');
    Object.assign(state, {
      usesBatchPanel: true,
      rows: [
        item({ loadId: 1 }),
        item({
          loadId: 2,
          state: 'failed',
          attempts: 1,
          alley: 1,
          lastError: 'Alley 1: cement scale did not reach its target.',
        }),
      ],
      posted: [],
      refuse: null,
    });
    return fakeFetch(
      server(state),
      accessRoutes({
        forms: () => [{ FormId: 14000, PermissionId: permissionLevels.FullWithPrices }],
      }),
    );
  });
  beforeEach(() => logInAs('dispatcher'));

  const open = async () => {
    await renderAppAt('/batch-load-screen');
    await screen.findByRole(
      'heading',
      { name: 'Batch load screen', level: 2 },
      { timeout: 20_000 },
    );
    return screen.findByRole('table', { name: 'Batch load screen' });
  };
  const rowOf = (table: HTMLElement, ticket: number) =>
    within(table)
      .getAllByRole('row')
      .find((each) => within(each).queryByText(String(ticket)))!;

  it('R-BATCH-9: lists the queue, shows the targets, sends with S and follows the hub', async () => {
    const table = await open();
    const first = rowOf(table, 481_201);
    expect(within(first).getByText('Acme Builders')).toBeInTheDocument();
    expect(within(first).getByText('15 gal')).toBeInTheDocument();
    expect(within(first).getByText('Queued')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-selected', 'true');
    const panel = await screen.findByRole('region', { name: 'Ticket 481201' });
    await within(panel).findByText('CEM1');
    expect(within(panel).getByText('5,640 lb')).toBeInTheDocument();

    await userEvent.keyboard('s');
    await screen.findByText('Ticket 481201 sent to the batch panel.');
    expect(state.posted).toEqual([{ path: '/api/v1/batch-queue/1/send', body: { alley: 1 } }]);
    await within(rowOf(table, 481_201)).findByText('Batching');

    // The panel reports: the hub says so and the weights show against the targets.
    state.rows[0]!.state = 'batched';
    act(() =>
      emitHubEvent('batchQueueUpdate_v1', {
        plantId: 4,
        loadId: 1,
        ticketId: 901,
        state: 'batched',
        alley: 1,
      }),
    );
    await within(rowOf(table, 481_201)).findByText('Batched');
    await waitFor(() => expect(panel).toHaveTextContent('5,652 lb'));
    // Water 4.9% over its target: outside the 2% tolerance.
    expect(within(panel).getByText('+4.9%')).toBeInTheDocument();
  });

  it('R-BATCH-2: shows a failure beside the load, retries with R, and a refusal beside the action', async () => {
    const table = await open();
    await userEvent.keyboard('{ArrowDown}');
    expect(rowOf(table, 481_202)).toHaveAttribute('aria-selected', 'true');
    const panel = await screen.findByRole('region', { name: 'Ticket 481202' });
    expect(
      within(panel).getByText('Alley 1: cement scale did not reach its target.'),
    ).toBeInTheDocument();
    state.refuse = 'Ticket 481202 was sent to the batch panel in alley 1 by maria and is batching.';
    await userEvent.keyboard('r');
    const refusal = await within(panel).findByText(/by maria and is batching/);
    expect(refusal.closest('[role="alert"]')).toHaveTextContent('Not done');
    state.refuse = null;
    await userEvent.click(within(panel).getByRole('button', { name: /Retry/ }));
    await screen.findByText('Ticket 481202 sent to the batch panel.');
    expect(state.posted.at(-1)).toEqual({
      path: '/api/v1/batch-queue/2/retry',
      body: { alley: 1 },
    });
  });

  it('R-BATCH-3: a plant without a panel says so, and its loads are marked batched by hand', async () => {
    state.usesBatchPanel = false;
    state.rows = [item({ loadId: 3, mode: 'manual' })];
    await open();
    await screen.findByText(/North batches by hand/);
    const panel = await screen.findByRole('region', { name: 'Ticket 481203' });
    const send = within(panel).getByRole('button', { name: /Send to batch panel/ });
    expect(send).toBeDisabled();
    // R-BATCH-10: the disabled send says why.
    expect(send).toHaveAccessibleDescription(
      'North has no batch panel: batch ticket 481203 by hand, then mark it batched.',
    );
    await userEvent.keyboard('s');
    await userEvent.keyboard('m');
    await screen.findByText('Ticket 481203 marked batched.');
    await waitFor(() =>
      expect(state.posted).toEqual([
        { path: '/api/v1/batch-queue/3/mark-batched', body: { alley: 1 } },
      ]),
    );
  });

  it('R-BATCH-10: says a send is off because the order does not upload its mix to the panel', async () => {
    // The plant has a panel; this order's "Upload mix to batch panel" is off (R-BATCH-3).
    state.rows = [
      item({ loadId: 4, mode: 'manual' }),
      item({ loadId: 5, state: 'sent', sentBy: 'maria', sentAt: '2026-03-10T13:06:00.000Z' }),
    ];
    const table = await open();
    const panel = await screen.findByRole('region', { name: 'Ticket 481204' });
    const send = within(panel).getByRole('button', { name: /Send to batch panel/ });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(
      'Not sent to the batch panel: the order’s “Upload mix to batch panel” is off. Batch ticket 481204 by hand, then mark it batched.',
    );
    expect(within(panel).getByRole('button', { name: /Mark batched/ })).toBeEnabled();
    await userEvent.keyboard('s');
    expect(state.posted).toEqual([]);

    await userEvent.click(rowOf(table, 481_205));
    const batching = await screen.findByRole('region', { name: 'Ticket 481205' });
    expect(
      within(batching).getByRole('button', { name: /Send to batch panel/ }),
    ).toHaveAccessibleDescription('Ticket 481205 is batching: maria sent it to the batch panel.');
  });
});
