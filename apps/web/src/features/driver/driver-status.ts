/** The truck statuses as the driver's buttons name and order them (R-DRV-3). */
import type { driverStatusButtons } from '@dispatch/domain/driver/driver-day';
import {
  truckStatusIds,
  truckStatuses,
  type TruckStatusKey,
} from '@dispatch/domain/trucks/truck-status';

export type DriverStatusId = (typeof driverStatusButtons)[number];

export function statusKeyOf(statusId: number | null): TruckStatusKey | null {
  return truckStatuses.find((status) => status.id === statusId)?.key ?? null;
}

/**
 * The status the driver most likely taps next: the loop's next one. From the yard (or the plant
 * loading) it is To job when a load is open; Out of service and Off duty have none.
 */
export function nextStatusOf(statusId: number | null, hasOpenLoad: boolean): DriverStatusId | null {
  switch (statusId) {
    case truckStatusIds.loading:
    case truckStatusIds.loaded:
      return truckStatusIds.toJob;
    case truckStatusIds.toJob:
      return truckStatusIds.onJob;
    case truckStatusIds.onJob:
      return truckStatusIds.unloading;
    case truckStatusIds.unloading:
      return truckStatusIds.washing;
    case truckStatusIds.washing:
      return truckStatusIds.toPlant;
    case truckStatusIds.toPlant:
      return truckStatusIds.inYard;
    case truckStatusIds.inYard:
    case null:
      return hasOpenLoad ? truckStatusIds.toJob : null;
    default:
      return null;
  }
}

/** At the job: where the receiver signs. */
export function isAtJob(statusId: number | null): boolean {
  return (
    statusId === truckStatusIds.onJob ||
    statusId === truckStatusIds.unloading ||
    statusId === truckStatusIds.washing
  );
}
