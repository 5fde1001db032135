/**
 * Shapes of the truck routes the resource engine does not serve: the dispatch board's list (each
 * truck with its live view) and the live status change. Maintenance (list, get, create, update)
 * is the engine's, from packages/domain/src/resources/trucks.ts.
 */
import { z } from 'zod';
import { truckLiveViewSchema, truckSchema } from '@dispatch/domain/entities/truck';
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

/**
 * A truck as lists and forms show it: its fields, its live view, its version and the ticket it
 * is working. truckFlag comes from a lookup other screens maintain, so its length is theirs.
 */
export const truckResponseSchema = truckSchema.extend({
  truckFlag: z.string(),
  currentTicketId: z.int().nullable(),
  version: z.int(),
});
export type TruckResponse = z.infer<typeof truckResponseSchema>;

/** truckUpdate_v1's payload, and the status route's answer (with the version to send next). */
export const truckLiveViewResponseSchema = truckLiveViewSchema.extend({
  truckFlag: z.string(),
  version: z.int(),
});

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
