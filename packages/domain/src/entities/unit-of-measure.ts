/** R-ENTITY-27: a unit of measure row, with its imperial-to-metric conversion. */
import { z } from 'zod';
import {
  amountSchema,
  idSchema,
  optionalAmountSchema,
  optionalIdSchema,
  optionalText,
  textLength,
} from './fields';

export const unitOfMeasureSchema = z.object({
  id: idSchema,
  imperialDescription: optionalText(textLength.short),
  metricDescription: optionalText(textLength.short),
  imperialToMetricConvFactor: amountSchema.default(1),
  conversionFactorTypeId: optionalIdSchema,
  value: optionalAmountSchema,
});
export type UnitOfMeasure = z.infer<typeof unitOfMeasureSchema>;
