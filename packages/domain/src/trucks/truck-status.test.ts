import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isAvailableForLoad,
  isOnTicket,
  isTruckStatusId,
  truckStatusById,
  truckStatusIds,
  truckStatuses,
} from './truck-status';

describe('R-ENTITY-24..25: truck status catalogue', () => {
  it('runs the load cycle in order, each step stamping its ticket time', () => {
    expect(truckStatuses.map((s) => [s.key, s.ticketTimestamp])).toEqual([
      ['inYard', 'arrivePlantDateTime'],
      ['loading', 'batchDateTime'],
      ['loaded', 'loadedDateTime'],
      ['toJob', 'toJobDateTime'],
      ['onJob', 'onJobDateTime'],
      ['unloading', 'startUnloadDateTime'],
      ['washing', 'finishUnloadDateTime'],
      ['toPlant', 'toPlantDateTime'],
      ['outOfService', null],
      ['offDuty', null],
    ]);
  });

  it('gives every status a unique id from 1 to 10', () => {
    const ids = truckStatuses.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(truckStatusIds.toJob).toBe(4);
    expect(truckStatusById(9).name).toBe('Out of service');
    expect(() => truckStatusById(42 as never)).toThrow(RangeError);
  });

  it('recognises only catalogue ids', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), (n) => {
        expect(isTruckStatusId(n)).toBe(n >= 1 && n <= 10);
      }),
    );
    expect(isTruckStatusId('1')).toBe(false);
  });

  it('offers only trucks in the yard for the next load, and ties road and job statuses to a ticket', () => {
    expect(truckStatuses.filter((s) => isAvailableForLoad(s.id)).map((s) => s.key)).toEqual([
      'inYard',
    ]);
    expect(truckStatuses.filter((s) => isOnTicket(s.id)).map((s) => s.key)).toEqual([
      'loading',
      'loaded',
      'toJob',
      'onJob',
      'unloading',
      'washing',
      'toPlant',
    ]);
  });
});
