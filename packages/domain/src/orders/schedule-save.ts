/**
 * R-VALID-8..9: what a product line and a schedule of an order need before they are saved. Both
 * carry the order's system type, which the rule names among their required fields.
 */
import { fieldLabels } from '../forms/field-labels';
import { required } from '../forms/required';
import { systemTypeIdSchema } from '../system-types';
import { scheduleProductSchema, scheduleSchema } from './schedule';

const product = scheduleProductSchema.shape;

/** A product line of an order: a schedule product, tagged with the order's system type. */
export const productLineSaveSchema = scheduleProductSchema.extend({
  productId: required(product.productId, fieldLabels.productId),
  systemTypeId: required(systemTypeIdSchema, fieldLabels.systemTypeId),
});

const schedule = scheduleSchema.shape;

/** A schedule, tagged with the order's system type. */
export const scheduleSaveSchema = scheduleSchema.extend({
  loadIntervalTime: required(schedule.loadIntervalTime, fieldLabels.loadIntervalTime),
  numberOfTrucks: required(schedule.numberOfTrucks, fieldLabels.numberOfTrucks),
  onJobWaitMinutes: required(schedule.onJobWaitMinutes, fieldLabels.onJobWaitMinutes),
  onJobWashMinutes: required(schedule.onJobWashMinutes, fieldLabels.onJobWashMinutes),
  plantId: required(schedule.plantId, fieldLabels.plantId),
  quantityPerHour: required(schedule.quantityPerHour, fieldLabels.quantityPerHour),
  systemTypeId: required(systemTypeIdSchema, fieldLabels.systemTypeId),
  travelTimeToJob: required(schedule.travelTimeToJob, fieldLabels.travelTimeToJob),
  travelTimeToPlant: required(schedule.travelTimeToPlant, fieldLabels.travelTimeToPlant),
});
