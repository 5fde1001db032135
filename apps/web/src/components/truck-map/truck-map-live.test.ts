import { describe, expect, it } from 'vitest';
import { etaMinutes } from '@dispatch/domain/trucks/truck-map';
import { truckPositionUpdateSchema } from '@dispatch/domain/trucks/truck-positions';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { demoMap, mallJob, mapTruck } from './truck-map-fixtures';
import {
  applyPosition,
  applyStatus,
  fitPoints,
  mergeAnswer,
  statusKeyOf,
  trucksInOrder,
  withEta,
} from './truck-map-live';

const position = (fields: Record<string, unknown>) =>
  truckPositionUpdateSchema.parse({
    truckId: 14,
    plantId: 1,
    latitude: 40.14,
    longitude: -82.95,
    recordedAt: '2026-03-10T14:01:00.000Z',
    statusId: truckStatusIds.toJob,
    ...fields,
  });

describe('the live truck map', () => {
  it('moves a truck to a newer fix and works its ETA out again', () => {
    const map = demoMap();
    const { map: next, outcome } = applyPosition(map, position({ speedKph: 50 }));
    expect(outcome).toBe('moved');
    const moved = next.trucks.find((truck) => truck.truckId === 14)!;
    expect(moved).toMatchObject({ latitude: 40.14, longitude: -82.95, speedKph: 50 });
    expect(moved.etaMinutes).toBe(
      etaMinutes({ latitude: 40.14, longitude: -82.95, statusId: 4, speedKph: 50 }, mallJob),
    );
    expect(moved.etaMinutes).not.toBe(map.trucks[0]!.etaMinutes);
    // The other truck is the same object: nothing else is redrawn.
    expect(next.trucks[1]).toBe(map.trucks[1]);
  });

  it('ignores a fix no newer than the one shown', () => {
    const map = demoMap();
    for (const recordedAt of ['2026-03-10T13:59:00.000Z', '2026-03-10T14:00:00.000Z']) {
      const change = applyPosition(map, position({ recordedAt }));
      expect(change).toEqual({ map, outcome: 'stale' });
    }
  });

  it('asks for the map again for a truck it does not hold', () => {
    const map = demoMap();
    expect(applyPosition(map, position({ truckId: 99 }))).toEqual({ map, outcome: 'unknown' });
  });

  it('drops the ETA once the truck is no longer on its way', () => {
    const map = demoMap();
    const { map: next } = applyPosition(map, position({ statusId: truckStatusIds.onJob }));
    expect(next.trucks[0]!.etaMinutes).toBeNull();
  });

  it('keeps the server’s ETA while on its way to a job it does not locate', () => {
    const truck = mapTruck({ truckId: 5, statusId: 4, jobId: 77, etaMinutes: 9 });
    expect(withEta(truck, [])).toBe(truck);
    expect(withEta({ ...truck, statusId: 5 }, []).etaMinutes).toBeNull();
  });

  it('recolours a truck from truckUpdate_v1', () => {
    const map = demoMap();
    const next = applyStatus(map, {
      id: 12,
      statusId: truckStatusIds.loading,
      statusFromGps: true,
      identificationNumber: 'T12',
    });
    expect(next.trucks[1]).toMatchObject({ statusId: 2, statusFromGps: true });
    const same = { id: 12, statusId: 1, statusFromGps: false, identificationNumber: 'T12' };
    expect(applyStatus(map, same)).toBe(map);
    expect(applyStatus(map, { ...same, id: 99 })).toBe(map);
  });

  it('keeps a fix newer than a new answer, with the ETA against the answer’s job', () => {
    const shown = applyPosition(demoMap(), position({})).map;
    const answer = demoMap();
    const merged = mergeAnswer(answer, shown);
    expect(merged.trucks[0]).toMatchObject({
      latitude: 40.14,
      recordedAt: shown.trucks[0]!.recordedAt,
    });
    expect(merged.trucks[1]).toBe(answer.trucks[1]);
    expect(mergeAnswer(answer, undefined)).toBe(answer);
    expect(mergeAnswer(answer, demoMap())).toBe(answer);
  });

  it('orders trucks by number and fits the view to plants and jobs', () => {
    const trucks = [
      mapTruck({ truckId: 10 }),
      mapTruck({ truckId: 9 }),
      mapTruck({ truckId: 100 }),
    ];
    expect(trucksInOrder(trucks).map((truck) => truck.identificationNumber)).toEqual([
      'T9',
      'T10',
      'T100',
    ]);
    expect(fitPoints(demoMap())).toHaveLength(2);
    expect(fitPoints({ ...demoMap(), plants: [], jobs: [] })).toHaveLength(2);
    expect(statusKeyOf(4)).toBe('toJob');
    expect(statusKeyOf(null)).toBeNull();
    expect(statusKeyOf(42)).toBeNull();
  });
});
