/** R-BOARD-9: a plant's average minutes per truck status, by worked examples. */
import { describe, expect, it } from 'vitest';
import { orderStatusIds } from '../orders/order-status';
import { truckStatusIds } from '../trucks/truck-status';
import { isOnActiveSchedule, statusAverages, withStatusChange } from './status-averages';

const now = new Date('2026-03-10T14:00:00Z');
const since = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('statusAverages', () => {
  it('averages the minutes per status, to a tenth, in status order', () => {
    expect(
      statusAverages(
        [
          { id: 1, statusId: truckStatusIds.toJob, statusDateTime: since(12) },
          { id: 2, statusId: truckStatusIds.loading, statusDateTime: since(4) },
          { id: 3, statusId: truckStatusIds.toJob, statusDateTime: since(7) },
          { id: 4, statusId: truckStatusIds.toJob, statusDateTime: since(0.5) },
          { id: 5, statusId: truckStatusIds.unloading, statusDateTime: since(25) },
        ],
        now,
      ),
    ).toEqual([
      { statusId: truckStatusIds.loading, minutes: 4, trucks: 1 },
      // (12 + 7 + 0.5) / 3 = 6.5
      { statusId: truckStatusIds.toJob, minutes: 6.5, trucks: 3 },
      { statusId: truckStatusIds.unloading, minutes: 25, trucks: 1 },
    ]);
  });

  it('counts a time ahead of the clock as 0 and leaves out trucks with no status or time', () => {
    expect(
      statusAverages(
        [
          { id: 1, statusId: truckStatusIds.onJob, statusDateTime: since(-3) },
          { id: 2, statusId: truckStatusIds.onJob, statusDateTime: since(9) },
          { id: 3, statusId: null, statusDateTime: since(9) },
          { id: 4, statusId: truckStatusIds.onJob, statusDateTime: null },
        ],
        now,
      ),
    ).toEqual([{ statusId: truckStatusIds.onJob, minutes: 4.5, trucks: 2 }]);
    expect(statusAverages([], now)).toEqual([]);
  });
});

describe('withStatusChange', () => {
  const before = [
    { id: 1, statusId: truckStatusIds.toJob, statusDateTime: since(12) },
    { id: 2, statusId: truckStatusIds.loading, statusDateTime: since(4) },
  ];
  it('gives the changed truck its new status and time', () => {
    expect(
      withStatusChange(before, {
        id: 1,
        statusId: truckStatusIds.onJob,
        statusDateTime: now,
        onTicket: true,
      }),
    ).toEqual([before[1], { id: 1, statusId: truckStatusIds.onJob, statusDateTime: now }]);
  });
  it('adds a truck taking a load and drops one back in the yard', () => {
    expect(
      withStatusChange(before, {
        id: 3,
        statusId: truckStatusIds.loading,
        statusDateTime: now,
        onTicket: true,
      }),
    ).toHaveLength(3);
    expect(
      withStatusChange(before, {
        id: 1,
        statusId: truckStatusIds.inYard,
        statusDateTime: now,
        onTicket: false,
      }),
    ).toEqual([before[1]]);
  });
});

describe('isOnActiveSchedule', () => {
  it('counts trucks on a ticket of an order neither deleted nor cancelled', () => {
    expect(isOnActiveSchedule({ onTicket: true, orderStatusId: orderStatusIds.shipping })).toBe(
      true,
    );
    expect(isOnActiveSchedule({ onTicket: true, orderStatusId: orderStatusIds.cancelled })).toBe(
      false,
    );
    expect(isOnActiveSchedule({ onTicket: false, orderStatusId: orderStatusIds.shipping })).toBe(
      false,
    );
    expect(isOnActiveSchedule({ onTicket: true, orderStatusId: null })).toBe(false);
  });
});
