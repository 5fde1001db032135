/**
 * R-ENTITY-17..19: a schedule (one delivery plan of an order), its products, and the schedule form
 * that groups a schedule with its primary and extra products and the tickets already written. Times
 * such as loadIntervalTime and travelTimeToJob are whole minutes.
 */
import { z } from 'zod';
import {
  amountSchema,
  flag,
  idSchema,
  optionalAmountSchema,
  optionalCountSchema,
  optionalDateSchema,
  optionalIdSchema,
  optionalText,
  textLength,
} from '../api/fields';
import { unitIdSchema } from '../units';
import { newScheduleDefaults } from './order-defaults';

export const scheduleProductSchema = z.object({
  productId: optionalIdSchema,
  productNumber: optionalText(textLength.code),
  productDescription: optionalText(textLength.name),
  productTypeId: optionalIdSchema,
  quantity: amountSchema.default(0),
  deliveredQuantity: amountSchema.default(0),
  slump: optionalAmountSchema,
  price: optionalAmountSchema,
  taxableFlag: flag(),
  unitOfMeasure: unitIdSchema.nullable().default(null),
  loadSize: optionalAmountSchema,
  /** The planned load sizes in order, as entered, e.g. '10,10,8'. */
  loadPlan: optionalText(textLength.long),
  quantityOnHand: optionalAmountSchema,
  usageTypeId: optionalIdSchema,
  unitsPerCube: optionalAmountSchema,
  ticketed: flag(),
});

const minutes = () => z.int().nonnegative().nullable().default(null);

export const scheduleSchema = z.object({
  id: idSchema,
  orderId: idSchema,
  plantId: optionalIdSchema,
  numberOfLoads: optionalCountSchema,
  numberOfTrucks: optionalCountSchema,
  quantityPerHour: optionalAmountSchema,
  loadIntervalTime: minutes(),
  travelTimeToJob: minutes(),
  travelTimeToPlant: minutes(),
  onJobWaitMinutes: minutes(),
  onJobWashMinutes: minutes(),
  adjustmentTypeId: idSchema.default(newScheduleDefaults.adjustmentTypeId),
  addPlusLoad: flag(),
  truckTypeId: optionalIdSchema,
  firstLoadOnJobTime: optionalDateSchema,
});

export const scheduleFormSchema = z.object({
  activeFlag: flag(true),
  primaryProduct: scheduleProductSchema.nullable().default(null),
  schedule: scheduleSchema,
  extraProducts: z.array(scheduleProductSchema).default([]),
  ticketIds: z.array(idSchema).default([]),
});
export type ScheduleForm = z.infer<typeof scheduleFormSchema>;
