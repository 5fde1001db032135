/** R-BOARD-24..26: the board's window, load segments, urgency and next load to send. */
import { describe, expect, it } from 'vitest';
import {
  actualSegments,
  boardWindowRange,
  isSendable,
  loadUrgency,
  nextLoadsToSend,
  projectedSegments,
} from './board-timeline';
import { boardLoad, boardOrder, noActualTimes } from './load-board-fixtures';

const at = (hhmm: string) => `2026-11-25T${hhmm}:00.000Z`;
const ms = (hhmm: string) => Date.parse(at(hhmm));

describe('boardWindowRange (R-BOARD-24)', () => {
  const now = new Date(2026, 10, 25, 9, 41);

  it('today is the local calendar day', () => {
    expect(boardWindowRange('today', now)).toEqual({
      from: new Date(2026, 10, 25),
      to: new Date(2026, 10, 26),
    });
  });

  it('the next hours run from now', () => {
    expect(boardWindowRange('next4', now)).toEqual({
      from: now,
      to: new Date(2026, 10, 25, 13, 41),
    });
  });

  it('a chosen range is kept, and put the right way round', () => {
    const early = new Date(2026, 10, 25, 6);
    const late = new Date(2026, 10, 25, 18);
    expect(boardWindowRange('range', now, { from: late, to: early })).toEqual({
      from: early,
      to: late,
    });
  });
});

describe('load segments (R-BOARD-24)', () => {
  it('splits the projected cycle into batch, travel, unload, wash and return', () => {
    const load = boardLoad({ id: 1, ticketTime: at('10:00') });
    expect(projectedSegments(load)).toEqual([
      { kind: 'batch', start: ms('10:00'), end: ms('10:10') },
      { kind: 'travel', start: ms('10:10'), end: ms('10:30') },
      { kind: 'unload', start: ms('10:30'), end: ms('10:50') },
      { kind: 'wash', start: ms('10:50'), end: ms('11:00') },
      { kind: 'return', start: ms('11:00'), end: ms('11:20') },
    ]);
  });

  it('draws wash and return as one when the wash end is not known', () => {
    const load = boardLoad({ id: 1, ticketTime: at('10:00') });
    const { washedTime, ...projected } = load.projected;
    expect(washedTime).toBe(at('11:00'));
    expect(projectedSegments({ ...load, projected }).map((each) => each.kind)).toEqual([
      'batch',
      'travel',
      'unload',
      'return',
    ]);
  });

  it('draws the stamped times, the segment under way running to now', () => {
    const load = boardLoad({
      id: 1,
      actual: {
        ...noActualTimes,
        ticketTime: at('10:05'),
        loadedTime: at('10:18'),
        toJobTime: at('10:19'),
        onJobTime: at('10:41'),
      },
    });
    expect(actualSegments(load, new Date(at('10:50')))).toEqual([
      { kind: 'batch', start: ms('10:05'), end: ms('10:18') },
      { kind: 'travel', start: ms('10:18'), end: ms('10:41') },
      { kind: 'unload', start: ms('10:41'), end: ms('10:50') },
    ]);
  });
});

describe('loadUrgency (R-BOARD-25)', () => {
  const now = new Date(at('10:00'));
  const due = (hhmm: string) => loadUrgency(boardLoad({ id: 1, ticketTime: at(hhmm) }), now);

  it('past due, due within the hour, or later', () => {
    expect([due('09:59'), due('10:00'), due('11:00'), due('11:01')]).toEqual([
      'pastDue',
      'dueSoon',
      'dueSoon',
      'later',
    ]);
  });

  it('a ticketed load is sent; delivered or cancelled is closed', () => {
    expect(loadUrgency(boardLoad({ id: 1, statusId: 2, ticketId: 7 }), now)).toBe('sent');
    expect(loadUrgency(boardLoad({ id: 1, statusId: 3, ticketId: 7 }), now)).toBe('closed');
    expect(loadUrgency(boardLoad({ id: 1, statusId: 4 }), now)).toBe('closed');
  });
});

describe('next load to send (R-BOARD-26)', () => {
  it('is the earliest sendable load at each plant', () => {
    const orders = [
      boardOrder({
        id: 1,
        loads: [
          boardLoad({ id: 11, ticketTime: at('09:00'), statusId: 2, ticketId: 3, ticketNumber: 3 }),
          boardLoad({ id: 12, loadNumber: 2, ticketTime: at('10:30') }),
        ],
      }),
      boardOrder({ id: 2, loads: [boardLoad({ id: 21, orderId: 2, ticketTime: at('10:15') })] }),
      boardOrder({
        id: 3,
        willCall: true,
        loads: [boardLoad({ id: 31, orderId: 3, ticketTime: at('08:00') })],
      }),
      boardOrder({
        id: 4,
        plantId: 2,
        loads: [boardLoad({ id: 41, orderId: 4, plantId: 2, ticketTime: at('12:00') })],
      }),
    ];
    const next = nextLoadsToSend(orders);
    expect(next.get(1)?.id).toBe(21);
    expect(next.get(2)?.id).toBe(41);
  });

  it('is never a load of an order on hold, will call or not shipping', () => {
    const load = boardLoad({ id: 1 });
    expect(isSendable(boardOrder({ id: 1, onHold: true, orderStatusId: 4 }), load)).toBe(false);
    expect(isSendable(boardOrder({ id: 1, orderStatusId: 5 }), load)).toBe(false);
    expect(isSendable(boardOrder({ id: 1, orderStatusId: 1 }), load)).toBe(true);
  });
});
