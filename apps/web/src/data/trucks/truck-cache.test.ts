import { describe, expect, it } from 'vitest';
import { truckResponseSchema } from '@dispatch/domain/trucks/truck-views';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { applyTruckLiveView, applyTruckSequence } from './truck-cache';
import type { TruckList, TruckRow } from './truck-queries';

function truck(id: number, plantId: number, statusId: number, version = 1): TruckRow {
  return truckResponseSchema.parse({
    id,
    identificationNumber: String(100 + id),
    plantId,
    statusId,
    truckFlag: '',
    currentTicketId: null,
    version,
  });
}

const list = (...rows: TruckRow[]): TruckList => ({ error: false, count: rows.length, data: rows });

function liveView(row: TruckRow, change: Partial<TruckRow>) {
  const { id, plantId, truckFlagId, truckFlag, statusId, identificationNumber, minutes } = row;
  return {
    id,
    plantId,
    truckFlagId,
    truckFlag,
    statusId,
    identificationNumber,
    minutes,
    inYardSequenceNum: row.inYardSequenceNum,
    statusDescription: row.statusDescription,
    statusLocation: row.statusLocation,
    statusDateTime: row.statusDateTime,
    statusFromGps: row.statusFromGps ?? false,
    version: row.version + 1,
    ...change,
  };
}

describe('applyTruckLiveView', () => {
  it('patches the truck in place and keeps its other fields', () => {
    const before = list(truck(1, 1, truckStatusIds.inYard), truck(2, 1, truckStatusIds.inYard));
    const after = applyTruckLiveView(
      before,
      {},
      liveView(before.data[0]!, { statusId: truckStatusIds.toJob, minutes: 3 }),
    );
    if (after === 'refetch') throw new Error('expected a patch');
    expect(after.data.map((row) => row.statusId)).toEqual([
      truckStatusIds.toJob,
      truckStatusIds.inYard,
    ]);
    expect(after.data[0]).toMatchObject({ minutes: 3, version: 2, licensePlate: '' });
    expect(after.data[1]).toBe(before.data[1]);
  });

  it('ignores an event older than the cached row', () => {
    const before = list(truck(1, 1, truckStatusIds.inYard, 5));
    const stale = { ...liveView(before.data[0]!, { statusId: truckStatusIds.toJob }), version: 4 };
    expect(applyTruckLiveView(before, {}, stale)).toBe(before);
  });

  it("drops a truck that left the list's plant and fetches one that arrived", () => {
    const row = truck(1, 1, truckStatusIds.inYard);
    const moved = liveView(row, { plantId: 2 });
    const plantOne = applyTruckLiveView(list(row), { plantId: 1 }, moved);
    expect(plantOne).toEqual({ error: false, count: 0, data: [] });
    expect(applyTruckLiveView(list(), { plantId: 2 }, moved)).toBe('refetch');
    const plantThree = list();
    expect(applyTruckLiveView(plantThree, { plantId: 3 }, moved)).toBe(plantThree);
  });
});

describe('applyTruckSequence', () => {
  it("reorders the plant's yard and clears the place of a truck that left it", () => {
    const before = list(
      { ...truck(1, 1, truckStatusIds.inYard), inYardSequenceNum: 1 },
      { ...truck(2, 1, truckStatusIds.toJob), inYardSequenceNum: 2 },
      { ...truck(3, 2, truckStatusIds.inYard), inYardSequenceNum: 1 },
    );
    const after = applyTruckSequence(
      before,
      {},
      {
        plantId: 1,
        trucks: [{ id: 1, inYardSequenceNum: 1, newRowNum: 1, wasMoved: false, truckSequence: 1 }],
      },
    );
    if (after === 'refetch') throw new Error('expected a patch');
    expect(after.data.map((row) => row.inYardSequenceNum)).toEqual([1, null, 1]);
    expect(after.data[2]).toBe(before.data[2]);
  });

  it('fetches when the yard holds a truck the whole-plant list lacks', () => {
    const event = {
      plantId: 1,
      trucks: [{ id: 9, inYardSequenceNum: 1, newRowNum: 1, wasMoved: false, truckSequence: 1 }],
    };
    expect(applyTruckSequence(list(truck(1, 1, 1)), {}, event)).toBe('refetch');
    const inYardOnly = list(truck(1, 1, 1));
    expect(applyTruckSequence(inYardOnly, { statusId: 4 }, event)).toBe(inYardOnly);
  });
});
