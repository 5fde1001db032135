/** R-BOARD-31: hub events patch the cached board at once; what they lack is read again. */
import { describe, expect, it } from 'vitest';
import {
  boardLoad,
  boardOrder,
  boardPlant,
  boardTruck,
} from '@dispatch/domain/dispatch/load-board-fixtures';
import type { LoadBoard } from '@dispatch/domain/dispatch/load-board';
import {
  applyLoadUpdate,
  applyStatusAverage,
  applyTruckSequence,
  applyTruckUpdate,
  movedInYard,
} from './load-board-cache';

function board(): LoadBoard {
  return {
    from: '2026-11-25T08:00:00.000Z',
    to: '2026-11-25T16:00:00.000Z',
    generatedAt: '2026-11-25T09:00:00.000Z',
    plants: [
      boardPlant({
        id: 1,
        trucksAvailable: 4,
        yard: [
          boardTruck({ id: 11, inYardSequenceNum: 1 }),
          boardTruck({ id: 12, inYardSequenceNum: 2 }),
          boardTruck({ id: 13, inYardSequenceNum: 3 }),
        ],
        out: [boardTruck({ id: 14, statusId: 5, loadId: 90, orderId: 9, orderNumber: 5009 })],
      }),
    ],
    orders: [
      boardOrder({
        id: 9,
        loads: [
          boardLoad({ id: 90, orderId: 9 }),
          boardLoad({ id: 91, orderId: 9, loadNumber: 2 }),
        ],
      }),
    ],
  };
}

const ids = (trucks: { id: number }[]) => trucks.map((truck) => truck.id);

describe('applyTruckUpdate', () => {
  it('moves a truck sent to loading out of the yard at once, and reads its load again', () => {
    const change = applyTruckUpdate(board(), {
      ...boardTruck({ id: 11 }),
      statusId: 2,
      statusDescription: 'Loading',
    });
    const plant = change.board.plants[0]!;
    expect(ids(plant.yard)).toEqual([12, 13]);
    expect(plant.out.find((truck) => truck.id === 11)?.statusId).toBe(2);
    expect(change.refetch).toBe(true);
  });

  it('puts a truck back in the yard in its place, without its load', () => {
    const change = applyTruckUpdate(board(), {
      ...boardTruck({ id: 14 }),
      statusId: 1,
      inYardSequenceNum: 4,
    });
    const plant = change.board.plants[0]!;
    expect(ids(plant.out)).toEqual([]);
    expect(plant.yard.map((truck) => [truck.id, truck.loadId])).toEqual([
      [11, null],
      [12, null],
      [13, null],
      [14, null],
    ]);
  });

  it('lets pass a truck of a plant the board does not show', () => {
    const before = board();
    const change = applyTruckUpdate(before, { ...boardTruck({ id: 99 }), plantId: 7 });
    expect(change).toEqual({ board: before, refetch: false });
  });
});

describe('applyTruckSequence', () => {
  it('takes the yard order the event gives', () => {
    const change = applyTruckSequence(board(), {
      plantId: 1,
      trucks: [
        { id: 13, inYardSequenceNum: 1, newRowNum: null, wasMoved: true, truckSequence: null },
        { id: 11, inYardSequenceNum: 2, newRowNum: null, wasMoved: false, truckSequence: null },
        { id: 12, inYardSequenceNum: 3, newRowNum: null, wasMoved: false, truckSequence: null },
      ],
    });
    expect(ids(change.board.plants[0]!.yard)).toEqual([13, 11, 12]);
    expect(change.refetch).toBe(false);
  });

  it('reads again when the event names a truck the yard lacks', () => {
    const change = applyTruckSequence(board(), {
      plantId: 1,
      trucks: [
        { id: 50, inYardSequenceNum: 1, newRowNum: null, wasMoved: false, truckSequence: null },
      ],
    });
    expect(change.refetch).toBe(true);
  });
});

describe('applyLoadUpdate', () => {
  it('shows a load taken at once and reads again for its truck and ticket number', () => {
    const change = applyLoadUpdate(board(), {
      id: 91,
      orderId: 9,
      statusId: 2,
      ticketId: 300,
      quantity: 8,
      loadNumber: 2,
      scheduleId: 1,
      driverId: null,
      onJobTime: null,
    });
    const load = change.board.orders[0]!.loads[1]!;
    expect([load.statusId, load.ticketId]).toEqual([2, 300]);
    expect(change.refetch).toBe(true);
  });

  it("takes a moved load's version at once, so D then sends the server's (R-BOARD-32)", () => {
    const moved = {
      id: 91,
      orderId: 9,
      statusId: 1,
      ticketId: null,
      quantity: 8,
      loadNumber: 2,
      scheduleId: 1,
      driverId: null,
      onJobTime: null,
    };
    const before = board().orders[0]!.loads[1]!.version;
    const change = applyLoadUpdate(board(), { ...moved, version: before + 2 });
    expect(change.board.orders[0]!.loads[1]!.version).toBe(before + 2);
    // An event older than the board's last read, or from a server without versions, keeps it.
    const older = applyLoadUpdate(change.board, { ...moved, version: before + 1 });
    expect(older.board.orders[0]!.loads[1]!.version).toBe(before + 2);
    const without = applyLoadUpdate(change.board, moved);
    expect(without.board.orders[0]!.loads[1]!.version).toBe(before + 2);
  });

  it('reads again for a load it does not hold', () => {
    const change = applyLoadUpdate(board(), {
      id: 500,
      orderId: 77,
      statusId: 1,
      ticketId: null,
      quantity: 8,
      loadNumber: 1,
      scheduleId: 3,
      driverId: null,
      onJobTime: null,
    });
    expect(change.refetch).toBe(true);
  });
});

describe('applyStatusAverage and yard moves', () => {
  it("replaces the plant's averages", () => {
    const averages = [{ statusId: 4, minutes: 21.5, trucks: 3 }];
    const change = applyStatusAverage(board(), { plantId: 1, averages });
    expect(change.board.plants[0]!.statusAverages).toEqual(averages);
  });

  it('moves a truck one place and numbers the yard again; not past either end', () => {
    const yard = board().plants[0]!.yard;
    expect(movedInYard(yard, 11, 1)!.map((truck) => [truck.id, truck.inYardSequenceNum])).toEqual([
      [12, 1],
      [11, 2],
      [13, 3],
    ]);
    expect(movedInYard(yard, 11, -1)).toBeNull();
    expect(movedInYard(yard, 13, 1)).toBeNull();
  });
});
