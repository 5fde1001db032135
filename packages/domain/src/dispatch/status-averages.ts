/**
 * R-BOARD-9: the average minutes a plant's trucks have spent in their current status, per status,
 * over the trucks working a load of an active schedule (a truck with a current ticket whose order
 * is still shipping). What scheduleStatusAverageUpdate_v1 carries and the board answer shows.
 */
import { orderStatusIds } from '../orders/order-status';
import type { StatusAverage } from './load-board';

/** R-BOARD-3, R-BOARD-9: orders whose schedules are no longer active (off the board): deleted or cancelled. */
export const closedOrderStatusIds: readonly number[] = [
  orderStatusIds.deleted,
  orderStatusIds.cancelled,
];

/** A truck counts for its plant's averages while it works a ticket of an order still active. */
export function isOnActiveSchedule(truck: {
  onTicket: boolean;
  orderStatusId: number | null;
}): boolean {
  return (
    truck.onTicket &&
    truck.orderStatusId !== null &&
    !closedOrderStatusIds.includes(truck.orderStatusId)
  );
}

export type TruckInStatus = {
  id: number;
  statusId: number | null;
  statusDateTime: Date | null;
};

const minuteMs = 60_000;

/**
 * Per status (in status id order), the trucks in it and their mean minutes in it, to a tenth of a
 * minute; a time in the future (a clock ahead) counts as 0. Trucks with no status or time are left
 * out; statuses no truck is in are not listed.
 */
export function statusAverages(
  trucks: readonly TruckInStatus[],
  now: Date,
): StatusAverage['averages'] {
  const totals = new Map<number, { minutes: number; trucks: number }>();
  for (const truck of trucks) {
    if (truck.statusId === null || truck.statusDateTime === null) continue;
    const minutes = Math.max(0, (now.getTime() - truck.statusDateTime.getTime()) / minuteMs);
    const total = totals.get(truck.statusId) ?? { minutes: 0, trucks: 0 };
    total.minutes += minutes;
    total.trucks += 1;
    totals.set(truck.statusId, total);
  }
  return [...totals.entries()]
    .sort(([a], [b]) => a - b)
    .map(([statusId, total]) => ({
      statusId,
      minutes: Math.round((total.minutes / total.trucks) * 10) / 10,
      trucks: total.trucks,
    }));
}

/**
 * The plant's trucks on loads after one truck's status change: that truck takes its new status
 * and time, or leaves the set when it no longer works a ticket.
 */
export function withStatusChange(
  trucks: readonly TruckInStatus[],
  change: TruckInStatus & { onTicket: boolean },
): TruckInStatus[] {
  const others = trucks.filter((truck) => truck.id !== change.id);
  return change.onTicket
    ? [
        ...others,
        { id: change.id, statusId: change.statusId, statusDateTime: change.statusDateTime },
      ]
    : others;
}
