/** R-ENTITY-6: a driver. preferredTime is a clock time; scheduledCallInTime a date and time. */
import { z } from 'zod';
import { timeOfDaySchema } from '../validation/dates';
import {
  flag,
  idSchema,
  optionalCountSchema,
  optionalDateSchema,
  optionalText,
  textLength,
} from './fields';

export const driverSchema = z.object({
  id: idSchema,
  driversLicenseNumber: optionalText(textLength.short),
  driversLicenseExpireDate: optionalDateSchema,
  externalDriverFlag: flag(),
  /** Lower numbers are called in first. */
  callInPriority: optionalCountSchema,
  preferredTime: timeOfDaySchema.nullable().default(null),
  scheduledCallInTime: optionalDateSchema,
});
export type Driver = z.infer<typeof driverSchema>;
