/**
 * Shapes of the truck routes the resource engine does not serve: the dispatch board's list (each
 * truck with its live view) and the live status change. Maintenance (list, get, create, update)
 * is the engine's, from packages/domain/src/resources/trucks.ts.
 */
import { z } from 'zod';
import { truckStatuses } from '@dispatch/domain/trucks/truck-status';
import { listQuery } from '../../http/list-query';
import { filterId, queryFlag, versionField } from '../../http/write-fields';

const statusIds = truckStatuses.map((status) => status.id);

export const truckStatusBody = z.object({
  statusId: z.literal(statusIds, { error: `must be a truck status (${statusIds.join(', ')})` }),
  /** When sent, a truck changed since this version is refused with 409. */
  version: versionField.optional(),
});
export type TruckStatusBody = z.infer<typeof truckStatusBody>;

export const truckSortColumns = [
  'identificationNumber',
  'statusDateTime',
  'plantId',
  'statusId',
] as const;
export type TruckSortColumn = (typeof truckSortColumns)[number];

export const truckListQuery = listQuery(truckSortColumns).extend({
  plantId: filterId.optional(),
  statusId: filterId.optional(),
  truckCompanyId: filterId.optional(),
  truckTypeId: filterId.optional(),
  /** Inactive trucks are left out unless asked for. */
  includeInactive: queryFlag.default(false),
});
export type TruckListQuery = z.infer<typeof truckListQuery>;
