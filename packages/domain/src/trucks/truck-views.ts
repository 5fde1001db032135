/**
 * The truck routes' answers (R-ENTITY-24..25): the board's trucks and the status change's live
 * view. A truck's fleet fields are the trucks resource's to edit (resources/trucks.ts); these are
 * the truck as dispatch sees it, with where it stands in its cycle. `minutes` is the time spent in
 * the current status, shown as 'HH:mm'.
 */
import { z } from 'zod';
import {
  flag,
  idSchema,
  optionalAmountSchema,
  optionalCountSchema,
  optionalDateSchema,
  optionalIdSchema,
  optionalText,
  text,
  textLength,
} from '../api/fields';

/** R-ENTITY-24: a truck with its live status. */
const truckWithStatusSchema = z.object({
  id: idSchema,
  identificationNumber: text(textLength.code),
  description: optionalText(textLength.name),
  licensePlate: optionalText(textLength.code),
  vin: optionalText(textLength.code),
  truckCompanyId: optionalIdSchema,
  truckTypeId: optionalIdSchema,
  plantId: optionalIdSchema,
  tareWeight: optionalAmountSchema,
  maxLoadQuantity: optionalAmountSchema,
  statusId: optionalIdSchema,
  statusDescription: optionalText(textLength.short),
  statusLocation: optionalText(textLength.short),
  statusDateTime: optionalDateSchema,
  /** R-GPS-6: the status was set by the geofence rules, not by a person; the board marks it. */
  statusFromGps: flag(),
  truckFlagId: optionalIdSchema,
  truckFlag: optionalText(textLength.short),
  minutes: optionalCountSchema,
  inYardSequenceNum: optionalCountSchema,
  inactiveFlag: flag(),
  outsideTruckFlag: flag(),
  mobileSimulationFlag: flag(),
});

/** R-ENTITY-25: what truckUpdate_v1 carries. */
export const truckLiveViewSchema = truckWithStatusSchema.pick({
  id: true,
  plantId: true,
  truckFlagId: true,
  truckFlag: true,
  statusId: true,
  identificationNumber: true,
  minutes: true,
  inYardSequenceNum: true,
  statusDescription: true,
  statusLocation: true,
  statusDateTime: true,
  statusFromGps: true,
});
export type TruckLiveView = z.infer<typeof truckLiveViewSchema>;

/**
 * A truck as lists and forms show it: its fields, its live view, its version and the ticket it
 * is working. truckFlag comes from a lookup other screens maintain, so its length is theirs.
 */
export const truckResponseSchema = truckWithStatusSchema.extend({
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
export type TruckLiveViewResponse = z.infer<typeof truckLiveViewResponseSchema>;
