import { formIdOf } from '@dispatch/domain/resources/define';

/** Truck Maintenance, the form that owns trucks (menu catalogue). */
export const trucksFormId = formIdOf('TruckMaintenance');
/** The dispatch boards that also list trucks and move them between statuses. */
export const truckBoardFormIds = [
  trucksFormId,
  formIdOf('LoadScheduling'),
  formIdOf('BatchLoadScreen'),
] as const;
