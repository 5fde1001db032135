/**
 * R-ENTITY-16, R-ENTITY-4..5: plants, and the per-system details of an aggregate pit and a concrete
 * plant. Times such as batchTime or inYardWashTime are minutes; closeoutTime is a clock time
 * 'HH:mm'.
 */
import { z } from 'zod';
import { timeOfDaySchema } from '../validation/dates';
import {
  addressFields,
  amountSchema,
  flag,
  idSchema,
  optionalAmountSchema,
  optionalCountSchema,
  optionalDateSchema,
  optionalIdSchema,
  optionalText,
  phoneText,
  systemTypeIdSchema,
  textLength,
} from './fields';

const minutes = () => z.int().nonnegative().nullable().default(null);
const fleetSize = () => z.int().nonnegative().default(0);

export const plantSchema = z.object({
  id: idSchema,
  description: optionalText(textLength.name),
  ...addressFields,
  phoneNumber: phoneText(),
  phoneExtension: optionalText(textLength.code),
  faxNumber: phoneText(),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  /** Geofence radius around the plant. */
  radius: optionalAmountSchema,
  divisionId: optionalIdSchema,
  batchmanId: optionalIdSchema,
  fleetSizeSunday: fleetSize(),
  fleetSizeMonday: fleetSize(),
  fleetSizeTuesday: fleetSize(),
  fleetSizeWednesday: fleetSize(),
  fleetSizeThursday: fleetSize(),
  fleetSizeFriday: fleetSize(),
  fleetSizeSaturday: fleetSize(),
  batchTime: minutes(),
  callInSpaceTime: minutes(),
  closeoutTime: timeOfDaySchema.nullable().default(null),
  inYardWashTime: minutes(),
  onJobWashTime: minutes(),
  warmupTime: minutes(),
  truckCostHour: optionalAmountSchema,
  truckProductivityFactor: optionalAmountSchema,
  fixedCostQty: optionalAmountSchema,
  inactiveFlag: flag(),
  isRail: flag(),
  useBatchPanelFlag: flag(),
  printTicketMethod: optionalIdSchema,
  ticketPrintQueue: optionalText(textLength.long),
  nextWorkOrderNumber: optionalCountSchema,
  plantColorId: optionalIdSchema,
  priceAdjustment: amountSchema.default(0),
  subAccountNumber: optionalText(textLength.short),
  systemTypeId: systemTypeIdSchema,
  modifiedOn: optionalDateSchema,
  lastBatchPanelInventory: optionalDateSchema,
});
export type Plant = z.infer<typeof plantSchema>;

/** What plantUpdate_v1 carries. */
export const plantLiveViewSchema = plantSchema
  .pick({
    id: true,
    description: true,
    systemTypeId: true,
    inactiveFlag: true,
    plantColorId: true,
    latitude: true,
    longitude: true,
  })
  .extend({ version: z.int() });
export type PlantLiveView = z.infer<typeof plantLiveViewSchema>;

const nextNumber = () => z.int().positive().default(1);

export const aggregatePitSchema = z.object({
  plantId: idSchema,
  zone: optionalText(textLength.code),
  /** R-ENTITY-4's spelling, kept so the field matches the system of record. */
  fuelSurChage: optionalAmountSchema,
  nextTicketNumber: nextNumber(),
  nextBillOfLadingNumber: nextNumber(),
  railScheduleEdiStoredProcedureName: optionalText(textLength.name),
});
export type AggregatePit = z.infer<typeof aggregatePitSchema>;

export const concretePlantSchema = z.object({
  plantId: idSchema,
  numberOfAlleys: nextNumber(),
  nextTicketNumber: nextNumber(),
});
export type ConcretePlant = z.infer<typeof concretePlantSchema>;
