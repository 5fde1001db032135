/** Request and response shapes of the truck routes, built from the domain's truck schemas. */
import { z } from 'zod';
import { text, textLength } from '@dispatch/domain/entities/fields';
import { truckLiveViewSchema, truckSchema } from '@dispatch/domain/entities/truck';
import { truckStatuses } from '@dispatch/domain/trucks/truck-status';
import { listQuery } from '../../http/list-query';
import {
  filterId,
  optionalReferenceId,
  patchShape,
  quantityAmount,
  queryFlag,
  versionField,
} from '../../http/write-fields';

/** What a client may set on a truck; the live status changes only through the status route. */
export const truckWriteSchema = truckSchema
  .pick({
    identificationNumber: true,
    description: true,
    licensePlate: true,
    vin: true,
    truckCompanyId: true,
    truckTypeId: true,
    plantId: true,
    tareWeight: true,
    maxLoadQuantity: true,
    truckFlagId: true,
    inactiveFlag: true,
    outsideTruckFlag: true,
    mobileSimulationFlag: true,
  })
  .extend({
    identificationNumber: text(textLength.code).trim().min(1, 'is required'),
    truckCompanyId: optionalReferenceId,
    truckTypeId: optionalReferenceId,
    plantId: optionalReferenceId,
    truckFlagId: optionalReferenceId,
    tareWeight: quantityAmount.nullable().default(null),
    maxLoadQuantity: quantityAmount.nullable().default(null),
  });

export const createTruckBody = truckWriteSchema;
export type CreateTruckBody = z.infer<typeof createTruckBody>;

export const updateTruckBody = z.object({
  ...patchShape(truckWriteSchema.shape),
  /** The version the client read; a stale one is refused with 409. */
  version: versionField,
});
export type UpdateTruckBody = z.infer<typeof updateTruckBody>;

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
