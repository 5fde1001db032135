/**
 * The load-scheduling board in the whole app (R-BOARD-27..39), against a fake server at the
 * network edge: what it draws, the choice it remembers per user, sending a truck with D (and the
 * server's 409), a hub event shown at once, the yard reordered from the keyboard, and the board
 * saying why a load or a truck does not go (a held or will-call order, a truck of another plant,
 * a truck that needs a wash) and which ticket did not print, with its Reprint.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LoadBoard } from '@dispatch/domain/dispatch/load-board';
import {
  boardLoad,
  boardOrder,
  boardPlant,
  boardTruck,
} from '@dispatch/domain/dispatch/load-board-fixtures';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionLevels } from '@dispatch/domain/permissions';
import { lastAnnouncement } from '../../lib/live-announcer';
import { emitHubEvent } from '../../realtime/hub-events';
import { accessRoutes, envelope } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';
import { demoMap } from '../../components/truck-map/truck-map-fixtures';
import { boardPreferencesKey } from './board-preferences';

configure({ asyncUtilTimeout: 5000 });

const formId = menuEntryByEnumId('LoadScheduling')!.id;
const minute = 60_000;

function demoBoard(now: number): LoadBoard {
  const at = (minutes: number) => new Date(now + minutes * minute).toISOString();
  return {
    from: at(0),
    to: at(480),
    generatedAt: at(0),
    plants: [
      boardPlant({
        id: 1,
        description: 'North',
        trucksAvailable: 5,
        yard: [
          boardTruck({ id: 11, identificationNumber: 'T11', inYardSequenceNum: 1 }),
          boardTruck({ id: 12, identificationNumber: 'T12', inYardSequenceNum: 2 }),
          boardTruck({ id: 13, identificationNumber: 'T13', inYardSequenceNum: 3 }),
        ],
        out: [
          boardTruck({
            id: 14,
            loadId: 90,
            identificationNumber: 'T14',
            statusId: 5,
            statusDescription: 'On job',
            orderId: 9,
            orderNumber: 5009,
            ticketNumber: 700,
          }),
        ],
      }),
      boardPlant({
        id: 2,
        description: 'South',
        trucksAvailable: 1,
        yard: [boardTruck({ id: 21, plantId: 2, identificationNumber: 'S21' })],
      }),
    ],
    orders: [
      boardOrder({
        id: 9,
        customerName: 'Ace Builders',
        loads: [
          boardLoad({
            id: 90,
            orderId: 9,
            ticketTime: at(-60),
            statusId: 2,
            ticketId: 700,
            ticketNumber: 700,
            truckId: 14,
            truckNumber: 'T14',
          }),
          boardLoad({ id: 91, orderId: 9, loadNumber: 2, ticketTime: at(-10) }),
          boardLoad({ id: 92, orderId: 9, loadNumber: 3, ticketTime: at(30) }),
        ],
      }),
      boardOrder({
        id: 10,
        customerName: 'Riverside Homes',
        willCall: true,
        orderStatusId: 3,
        loads: [boardLoad({ id: 100, orderId: 10, ticketTime: at(200) })],
      }),
      boardOrder({
        id: 11,
        customerName: 'Hilltop Paving',
        onHold: true,
        orderStatusId: 4,
        holdReason: 'Over credit limit',
        loads: [boardLoad({ id: 110, orderId: 11, ticketTime: at(90) })],
      }),
    ],
  };
}

/** A DataTransfer as far as the drag-and-drop library uses it (jsdom has none). */
function dragData() {
  const data = new Map<string, string>();
  return {
    dropEffect: 'none',
    effectAllowed: 'all',
    files: [],
    items: [],
    get types() {
      return [...data.keys()];
    },
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    clearData: () => data.clear(),
    setDragImage: () => undefined,
  };
}

type State = {
  board: LoadBoard;
  boardQueries: URLSearchParams[];
  dispatched: { path: string; body: unknown }[];
  sequences: { path: string; body: unknown }[];
  conflict: string | null;
  /** The server knows a truck needs a wash that the board does not show (R-DISP-13). */
  washUnlessConfirmed: boolean;
  returned: { path: string; body: unknown }[];
};

/** Ticket 700 as GET /api/v1/tickets/700 answers it: a load of 10 yd³, nothing back yet. */
const ticket700 = {
  id: 700,
  number: 700,
  orderId: 9,
  scheduleId: 1,
  plantId: 1,
  truckId: 14,
  truckNumber: 'T14',
  loadNumber: 1,
  statusId: 2,
  ticketDateTime: '2026-03-10T13:00:00.000Z',
  orderNumber: 5009,
  customerName: 'Ace Builders',
  systemTypeId: 1,
  voidedFlag: false,
  voidReason: null,
  billOfLadingNumber: null,
  products: [
    {
      id: 1,
      ticketId: 700,
      productId: 5,
      quantity: 10,
      unusedQuantity: 0,
      deliveredQuantity: 10,
      taxableFlag: true,
      version: 1,
    },
  ],
  modifiedAt: '2026-03-10T13:40:00.000Z',
  version: 4,
};

function server(state: State): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'POST' && /^\/api\/v1\/loads\/\d+\/dispatch$/.test(url.pathname)) {
      const body = JSON.parse(init?.body as string) as { confirmNeedsWash?: boolean };
      state.dispatched.push({ path: url.pathname, body });
      if (state.conflict) return json({ message: state.conflict, code: 'load_taken' }, 409);
      if (state.washUnlessConfirmed && !body.confirmNeedsWash) {
        return json({ message: 'Truck T11 is flagged needs wash.', code: 'truck_needs_wash' }, 409);
      }
      return json({});
    }
    if (method === 'PUT' && url.pathname === '/api/v1/tickets/700/returned') {
      const body = JSON.parse(init?.body as string) as { returnedQuantity: number };
      state.returned.push({ path: url.pathname, body });
      if (body.returnedQuantity > 10) {
        return json(
          {
            message: 'Bad input',
            data: [{ field: 'returnedQuantity', reason: "must not exceed the load's 10" }],
          },
          400,
        );
      }
      return json(ticket700);
    }
    if (method === 'GET' && url.pathname === '/api/v1/tickets/700') return json(ticket700);
    if (method === 'PUT' && /^\/api\/v1\/plants\/\d+\/yard-sequence$/.test(url.pathname)) {
      state.sequences.push({ path: url.pathname, body: JSON.parse(init?.body as string) });
      return json({});
    }
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/v1/trucks/map':
        return json(demoMap());
      case 'GET /api/v1/load-board':
        state.boardQueries.push(url.searchParams);
        return json(state.board);
      case 'GET /api/v1/plants/board':
        return envelope([
          {
            id: 1,
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

describe('Load scheduling', () => {
  const state: State = {
    board: demoBoard(Date.now()),
    boardQueries: [],
    dispatched: [],
    sequences: [],
    conflict: null,
    washUnlessConfirmed: false,
    returned: [],
  };
  let level: number = permissionLevels.FullWithPrices;
  appTestLifecycle(() => {
    Object.assign(state, {
      board: demoBoard(Date.now()),
      boardQueries: [],
      dispatched: [],
      sequences: [],
      conflict: null,
      washUnlessConfirmed: false,
      returned: [],
    });
    return fakeFetch(
      server(state),
      accessRoutes({ forms: () => [{ FormId: formId, PermissionId: level }] }),
    );
  });
  beforeEach(() => {
    level = permissionLevels.FullWithPrices;
    logInAs('dispatcher');
  });

  const open = async () => {
    await renderAppAt('/load-scheduling');
    await screen.findByRole('heading', { name: 'Load scheduling', level: 2 }, { timeout: 20_000 });
    return screen.findByRole('region', { name: 'Load scheduling' });
  };
  const bar = (name: RegExp) => screen.getByRole('button', { name });
  const yard = () => screen.getByRole('list', { name: 'Yard of North' });

  it('R-BOARD-28..30: draws the orders, their loads by urgency, the yard, the trucks out and the demand', async () => {
    const timeline = await open();
    const order = within(timeline).getByRole('row', { name: 'Order 5009' });
    expect(within(order).getByText('Ace Builders')).toBeInTheDocument();
    expect(
      within(order).getByRole('button', {
        name: /^Load 1 of order 5009,.*: Sent; truck T14, ticket 700$/,
      }),
    ).toBeInTheDocument();
    expect(
      within(order).getByRole('button', { name: /^Load 2 of order 5009,.*: Past due$/ }),
    ).toHaveAttribute('data-next', 'true');
    expect(
      within(order).getByRole('button', { name: /^Load 3 of order 5009,.*: Due within the hour$/ }),
    ).toBeInTheDocument();
    const willCall = within(timeline).getByRole('row', { name: 'Order 5010' });
    expect(within(willCall).getByText('Will call')).toBeInTheDocument();
    expect(
      within(willCall).getByRole('button', { name: /^Load 1 of order 5010,.*: Later$/ }),
    ).not.toHaveAttribute('data-next');

    expect(
      within(yard())
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      'Truck T11, place 1 in the yard',
      'Truck T12, place 2 in the yard',
      'Truck T13, place 3 in the yard',
    ]);
    const out = screen.getByRole('list', { name: 'Out North' });
    expect(
      within(within(out).getByRole('listitem', { name: 'T14' })).getByText('On job'),
    ).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Truck demand, All plants' })).toBeInTheDocument();
    expect(screen.getByText('2 loads to send')).toBeInTheDocument();
  }, 60_000);

  it('R-BOARD-27: remembers the time window and plants per user', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByText('Next 4 h'));
    await waitFor(() => {
      const last = state.boardQueries.at(-1)!;
      expect(Date.parse(last.get('to')!) - Date.parse(last.get('from')!)).toBe(4 * 3_600_000);
    });
    expect(JSON.parse(localStorage.getItem(boardPreferencesKey('dispatcher'))!)).toMatchObject({
      window: 'next4',
      plantIds: [],
    });
    expect(localStorage.getItem(boardPreferencesKey('someone-else'))).toBeNull();
  }, 60_000);

  it('R-MAP-1: the Map toggle shows the trucks on a map above the board, remembered', async () => {
    const user = userEvent.setup();
    await open();
    expect(screen.queryByRole('region', { name: 'Map of plants, jobs and trucks' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Map' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await screen.findByRole('region', { name: 'Map of plants, jobs and trucks' });
    const trucks = await screen.findByRole('list', { name: 'Trucks on the map' });
    expect(
      within(trucks).getByRole('button', { name: /^T14, To job, \d+ min to the job$/ }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('loadScheduling.map.dispatcher')).toBe('true');
    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'Map of plants, jobs and trucks' })).toBeNull();
  }, 60_000);

  it('R-MAP-1: on a phone the map is the board’s other view', async () => {
    const wide = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => ({
      ...wide(query),
      matches: query.includes('max-width'),
    });
    try {
      const user = userEvent.setup();
      await renderAppAt('/load-scheduling');
      await screen.findByRole('heading', { name: 'Next loads', level: 4 }, { timeout: 20_000 });
      await user.click(screen.getByRole('radio', { name: 'Map' }));
      await screen.findByRole('region', { name: 'Map of plants, jobs and trucks' });
      const trucks = await screen.findByRole('list', { name: 'Trucks on the map' });
      expect(within(trucks).getByRole('button', { name: 'T12, In yard' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Next loads' })).toBeNull();
    } finally {
      window.matchMedia = wide;
    }
  }, 60_000);

  it('R-BOARD-32: D sends the first truck of the yard; a 409 shows who won', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(bar(/^Load 2 of order 5009,/));
    expect(screen.getByRole('status')).toHaveTextContent(
      'D or Enter sends truck T11, first in the North yard',
    );
    await user.keyboard('d');
    await waitFor(() =>
      expect(state.dispatched).toEqual([
        { path: '/api/v1/loads/91/dispatch', body: { truckId: 11, version: 1 } },
      ]),
    );
    await screen.findByText('Truck T11 is loading');

    state.conflict = 'Load 3 of order 5009 already has ticket 701 on truck T12.';
    await user.click(bar(/^Load 3 of order 5009,/));
    await user.keyboard('{Enter}');
    await screen.findByText('Load 3 of order 5009 already has ticket 701 on truck T12.');
    expect(screen.getByText('The load was not sent')).toBeInTheDocument();
  }, 60_000);

  it('R-BOARD-31: a truck update from the hub moves the truck at once', async () => {
    await open();
    await within(yard()).findByRole('listitem', { name: 'Truck T11, place 1 in the yard' });
    act(() =>
      emitHubEvent('truckUpdate_v1', {
        ...boardTruck({ id: 11, identificationNumber: 'T11' }),
        statusId: 2,
        statusDescription: 'Loading',
      }),
    );
    await waitFor(() =>
      expect(within(yard()).queryByRole('listitem', { name: /Truck T11,/ })).toBeNull(),
    );
    const out = screen.getByRole('list', { name: 'Out North' });
    expect(
      within(within(out).getByRole('listitem', { name: 'T11' })).getByText('Loading'),
    ).toBeInTheDocument();
  }, 60_000);

  it('R-BOARD-30: Alt+Down moves a yard truck and saves the new order', async () => {
    const user = userEvent.setup();
    await open();
    within(yard()).getByRole('listitem', { name: 'Truck T11, place 1 in the yard' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await within(yard()).findByRole('listitem', { name: 'Truck T11, place 2 in the yard' });
    // R-CONST-14: a screen reader hears the move, after the live announcer's delay.
    await waitFor(() =>
      expect(lastAnnouncement()).toBe('Truck T11 moved to place 2 of 3 in the yard'),
    );
    expect(state.sequences).toEqual([
      { path: '/api/v1/plants/1/yard-sequence', body: { truckIds: [12, 11, 13] } },
    ]);
  }, 60_000);

  it('R-BOARD-32: a read-only user sees the board but cannot send or move trucks', async () => {
    level = permissionLevels.ReadOnlyWithPrices;
    await open();
    expect(screen.getByText(/You may look at the board/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Status of truck/ })).toBeNull();
    expect(
      within(yard()).getByRole('listitem', { name: 'Truck T11, place 1 in the yard' }),
    ).not.toHaveAttribute('draggable');
  }, 60_000);

  it('R-BOARD-36: a held order shows its reason, and its loads and will call say why they do not go', async () => {
    const user = userEvent.setup();
    const timeline = await open();
    const held = within(timeline).getByRole('row', { name: 'Order 5011' });
    expect(within(held).getByText('On hold: Over credit limit')).toBeInTheDocument();
    const heldWhy =
      'Order 5011 is on hold (Over credit limit): its loads are not sent until it is released from Pending Orders.';

    await user.click(bar(/^Load 1 of order 5011,/));
    expect(screen.getByRole('status')).toHaveTextContent(heldWhy);
    await user.keyboard('d');
    const notice = (await screen.findByText('The load was not sent')).closest(
      '.mantine-Notification-root',
    ) as HTMLElement;
    expect(notice).toHaveTextContent(heldWhy);

    await user.click(bar(/^Load 1 of order 5010,/));
    const willCallWhy = 'Order 5010 is will call: call it in from Pending Orders first.';
    expect(screen.getByRole('status')).toHaveTextContent(willCallWhy);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByText(willCallWhy)).toHaveLength(2));
    expect(state.dispatched).toEqual([]);
  }, 60_000);

  it('R-BOARD-37: a truck dragged from another plant onto a load is told why, and not sent', async () => {
    await open();
    const southTruck = within(screen.getByRole('list', { name: 'Yard of South' })).getByRole(
      'listitem',
      { name: 'Truck S21, place 1 in the yard' },
    );
    const target = bar(/^Load 2 of order 5009,/);
    const dataTransfer = dragData();
    fireEvent.dragStart(southTruck, { dataTransfer });
    fireEvent.dragEnter(target, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    // Held over a load it cannot take, the truck is shown refused.
    await waitFor(() => expect(target.className).toMatch(/barRefused/));
    fireEvent.drop(target, { dataTransfer });
    await screen.findByText(
      'Truck S21 waits in the South yard, not at North: send a truck from the North yard.',
    );
    expect(state.dispatched).toEqual([]);
  }, 60_000);

  it('R-BOARD-38: a truck that needs a wash is sent only once the dispatcher confirms', async () => {
    const user = userEvent.setup();
    const [north] = state.board.plants;
    north!.yard[0] = { ...north!.yard[0]!, truckFlagId: 1, truckFlag: 'Needs wash' };
    await open();
    await user.click(bar(/^Load 2 of order 5009,/));
    await user.keyboard('d');
    const question = await screen.findByRole('dialog', { name: 'Truck T11 needs a wash' });
    expect(question).toHaveTextContent(
      'Truck T11 is flagged “Needs wash”. Send it to load 2 of order 5009 as it is?',
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.dispatched).toEqual([]);

    await user.click(bar(/^Load 2 of order 5009,/));
    await user.keyboard('d');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send anyway' }),
    );
    await screen.findByText('Truck T11 is loading');
    expect(state.dispatched).toEqual([
      {
        path: '/api/v1/loads/91/dispatch',
        body: { truckId: 11, version: 1, confirmNeedsWash: true },
      },
    ]);
  }, 60_000);

  it('R-BOARD-38: asks too when the server knows of a wash the board did not show', async () => {
    const user = userEvent.setup();
    state.washUnlessConfirmed = true;
    await open();
    await user.click(bar(/^Load 3 of order 5009,/));
    await user.keyboard('d');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Truck T11 needs a wash' })).getByRole(
        'button',
        { name: 'Send anyway' },
      ),
    );
    await screen.findByText('Truck T11 is loading');
    expect(state.dispatched.map((each) => each.body)).toEqual([
      { truckId: 11, version: 1 },
      { truckId: 11, version: 1, confirmNeedsWash: true },
    ]);
  }, 60_000);

  it('R-BOARD-39: marks a ticket that did not print, offers Reprint and shows the printer answer', async () => {
    const user = userEvent.setup();
    const reason = 'Ticket 700 was not printed on Yard: connect ECONNREFUSED 127.0.0.1:9.';
    const sent = state.board.orders[0]!.loads[0]!;
    state.board.orders[0]!.loads[0] = { ...sent, printFailure: reason };
    await open();
    const failed = bar(/^Load 1 of order 5009,.*; its ticket did not print$/);
    const out = screen.getByRole('list', { name: 'Out North' });
    expect(
      within(within(out).getByRole('listitem', { name: 'T14' })).getByText('Print failed'),
    ).toBeInTheDocument();

    await user.click(failed);
    const selection = screen.getByRole('status');
    expect(selection).toHaveTextContent(`Ticket 700 did not print: ${reason}`);
    // No dispatcher in this page: the Reprint goes to the hub, which says it is not connected.
    await user.click(within(selection).getByRole('button', { name: 'Reprint ticket 700' }));
    await screen.findByText('The dispatcher is not connected: the ticket cannot be printed now.');
    // The truck's menu reprints too.
    await user.click(screen.getByRole('button', { name: 'Status of truck T14' }));
    expect(await screen.findByRole('menuitem', { name: 'Reprint ticket 700' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    // The dispatcher's answer arrives on the hub: printed, and where.
    act(() =>
      emitHubEvent('ticketPrintReply_v1', {
        ticketId: 700,
        destination: 'Batch Office',
        printed: true,
        message: 'Ticket 700 sent to Batch Office.',
      }),
    );
    await screen.findByText('Printed on Batch Office.');
    expect(screen.getByText('Ticket 700 sent to Batch Office.')).toBeInTheDocument();
  }, 60_000);

  it('R-DELIV-6: records concrete that came back on a sent load, refused next to the field', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(bar(/^Load 1 of order 5009,/));
    const selection = screen.getByRole('status');
    await user.click(
      within(selection).getByRole('button', { name: 'Record returned concrete on ticket 700' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Returned concrete, ticket 700' });
    await within(dialog).findByText(/the load was 10 m3/);
    // A refused field is another input until corrected: found afresh each time.
    const quantity = () => within(dialog).getByRole('textbox', { name: /Returned \(m3\)/ });
    // Letters are refused beside the field (R-INPUT-1); Enter sends nothing but goes back to it.
    await user.clear(quantity());
    await user.type(quantity(), '1O{Enter}');
    expect(quantity()).toHaveAccessibleDescription('Type digits only, with “.” for decimals');
    expect(quantity()).toHaveFocus();
    // Corrected to 1: a reason is asked for too.
    await user.keyboard('{Backspace}');
    expect(quantity()).toHaveValue('1');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(
      await within(dialog).findByText('Say why, for the ticket’s history'),
    ).toBeInTheDocument();
    expect(state.returned).toEqual([]);
    // The server's refusal shows next to the field it names.
    await user.clear(quantity());
    await user.type(quantity(), '12');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Site full');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText("must not exceed the load's 10")).toBeInTheDocument();
    await user.clear(quantity());
    await user.type(quantity(), '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.returned.at(-1)).toEqual({
      path: '/api/v1/tickets/700/returned',
      body: { version: 4, returnedQuantity: 1.5, reason: 'Site full' },
    });
  }, 60_000);
});
