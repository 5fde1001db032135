/** R-BOARD-20..23: truck demand from worked examples (30-minute slots unless said). */
import { describe, expect, it } from 'vitest';
import { boardLoad, boardOrder, boardPlant, noActualTimes } from './load-board-fixtures';
import type { BoardLoad } from './load-board';
import { loadBusyInterval, peakPerSlot, truckDemand } from './truck-demand';

const at = (hhmm: string) => `2026-11-25T${hhmm}:00.000Z`;
const ms = (hhmm: string) => Date.parse(at(hhmm));
const window = { from: new Date(at('10:00')), to: new Date(at('12:00')) };

/** A load busy from `from` to `to` (projected ticket and return times). */
function busy(id: number, from: string, to: string, fields: Partial<BoardLoad> = {}): BoardLoad {
  const load = boardLoad({ id, ticketTime: at(from), ...fields });
  return { ...load, projected: { ...load.projected, returnTime: at(to) } };
}

const counts = (slots: { firm: number; willCall: number }[]) =>
  slots.map((slot) => [slot.firm, slot.willCall]);

describe('loadBusyInterval (R-BOARD-20)', () => {
  it('runs from the projected ticket time to the projected return', () => {
    expect(loadBusyInterval(busy(1, '10:00', '11:30'))).toEqual({
      start: ms('10:00'),
      end: ms('11:30'),
    });
  });

  it('starts at the actual ticket time once stamped', () => {
    const load = busy(1, '10:00', '11:30', {
      actual: { ...noActualTimes, ticketTime: at('10:20') },
    });
    expect(loadBusyInterval(load)).toEqual({ start: ms('10:20'), end: ms('11:30') });
  });

  it('holds no truck once cancelled or back at the plant', () => {
    expect(loadBusyInterval(busy(1, '10:00', '11:30', { statusId: 4 }))).toBeNull();
    const back = busy(2, '10:00', '11:30', {
      actual: { ...noActualTimes, ticketTime: at('10:00'), arrivePlantTime: at('11:10') },
    });
    expect(loadBusyInterval(back)).toBeNull();
  });
});

describe('peakPerSlot (R-BOARD-21)', () => {
  const slots = [ms('10:00'), ms('10:30'), ms('11:00'), ms('11:30')];
  const slotMs = 30 * 60_000;

  it('counts a load in every slot it overlaps', () => {
    expect(peakPerSlot([{ start: ms('10:00'), end: ms('11:30') }], slots, slotMs)).toEqual([
      1, 1, 1, 0,
    ]);
  });

  it('lets one truck take a load starting the instant it is back', () => {
    const backToBack = [
      { start: ms('10:00'), end: ms('10:40') },
      { start: ms('10:40'), end: ms('11:20') },
    ];
    expect(peakPerSlot(backToBack, slots, slotMs)).toEqual([1, 1, 1, 0]);
  });

  it('takes the busiest instant of a slot, not every load that touched it', () => {
    // 10:30-11:00 sees A end at 10:35 and C start at 10:50: never more than B and one other.
    const loads = [
      { start: ms('10:00'), end: ms('10:35') },
      { start: ms('10:10'), end: ms('11:10') },
      { start: ms('10:50'), end: ms('11:40') },
    ];
    expect(peakPerSlot(loads, slots, slotMs)).toEqual([2, 2, 2, 1]);
  });
});

describe('truckDemand (R-BOARD-21..23)', () => {
  const plants = [
    boardPlant({ id: 1, trucksAvailable: 2 }),
    boardPlant({ id: 2, trucksAvailable: 1 }),
  ];

  it('keeps will call apart from firm orders, per plant and for all', () => {
    const orders = [
      boardOrder({ id: 1, loads: [busy(1, '10:00', '11:00'), busy(2, '10:10', '10:50')] }),
      boardOrder({ id: 2, willCall: true, loads: [busy(3, '10:15', '10:45')] }),
      boardOrder({ id: 3, plantId: 2, loads: [busy(4, '11:00', '12:00', { plantId: 2 })] }),
    ];
    const demand = truckDemand({ orders, plants, ...window });

    expect(counts(demand.byPlant[0]!.slots)).toEqual([
      [2, 1],
      [2, 1],
      [0, 0],
      [0, 0],
    ]);
    expect(demand.byPlant[0]).toMatchObject({ plantId: 1, available: 2, peak: 3, shortSlots: 2 });
    expect(counts(demand.byPlant[1]!.slots)).toEqual([
      [0, 0],
      [0, 0],
      [1, 0],
      [1, 0],
    ]);
    expect(demand.all).toMatchObject({ plantId: null, available: 3, peak: 3, shortSlots: 0 });
    expect(counts(demand.all.slots)).toEqual([
      [2, 1],
      [2, 1],
      [1, 0],
      [1, 0],
    ]);
    expect(demand.all.slots.map((slot) => slot.start)).toEqual([
      at('10:00'),
      at('10:30'),
      at('11:00'),
      at('11:30'),
    ]);
  });

  it('needs no truck for an order on hold or a plant not shown', () => {
    const orders = [
      boardOrder({ id: 1, onHold: true, loads: [busy(1, '10:00', '11:00')] }),
      boardOrder({ id: 2, plantId: 9, loads: [busy(2, '10:00', '11:00', { plantId: 9 })] }),
    ];
    const demand = truckDemand({ orders, plants, ...window });
    expect(demand.all.peak).toBe(0);
    expect(
      counts(demand.all.slots)
        .flat()
        .every((count) => count === 0),
    ).toBe(true);
  });

  it('aligns the first slot down and honours another slot length', () => {
    const orders = [boardOrder({ id: 1, loads: [busy(1, '10:05', '10:55')] })];
    const demand = truckDemand({
      orders,
      plants,
      from: new Date(at('10:07')),
      to: new Date(at('11:00')),
      slotMinutes: 15,
    });
    expect(demand.all.slots.map((slot) => [slot.start, slot.firm])).toEqual([
      [at('10:00'), 1],
      [at('10:15'), 1],
      [at('10:30'), 1],
      [at('10:45'), 1],
    ]);
  });
});
