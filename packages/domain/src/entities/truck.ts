/**
 * R-ENTITY-24..26: a truck, its live-update view, and the in-yard sequence. `minutes` is the time
 * spent in the current status, shown as 'HH:mm'.
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
} from './fields';

export const truckSchema = z.object({
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
  truckFlagId: optionalIdSchema,
  truckFlag: optionalText(textLength.short),
  minutes: optionalCountSchema,
  inYardSequenceNum: optionalCountSchema,
  inactiveFlag: flag(),
  outsideTruckFlag: flag(),
  mobileSimulationFlag: flag(),
});
export type Truck = z.infer<typeof truckSchema>;

/** What truckUpdate_v1 carries. */
export const truckLiveViewSchema = truckSchema.pick({
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
});
export type TruckLiveView = z.infer<typeof truckLiveViewSchema>;

export const truckSequenceItemSchema = z.object({
  id: idSchema,
  inYardSequenceNum: optionalCountSchema,
  newRowNum: optionalCountSchema,
  wasMoved: flag(),
  truckSequence: optionalCountSchema,
});
export type TruckSequenceItem = z.infer<typeof truckSequenceItemSchema>;

/** What truckSequenceUpdate_v1 carries: a plant's yard in its new order. */
export const truckSequenceEventSchema = z.object({
  plantId: idSchema,
  trucks: z.array(truckSequenceItemSchema),
});
export type TruckSequenceEvent = z.infer<typeof truckSequenceEventSchema>;
