/** The products route's answer (order entry's product lookups); the web parses it too. */
import { z } from 'zod';
import { idSchema } from '../api/fields';
import { systemTypeIdSchema } from '../system-types';

/**
 * A product of any system type as order entry reads it. The maintenance screens read and write
 * products through the resource engine (concrete-products, aggregate-products, ...), mixes
 * through concrete-mixes.
 */
export const productSchema = z.object({
  id: idSchema,
  number: z.string(),
  description: z.string(),
  systemTypeId: systemTypeIdSchema,
  productTypeId: idSchema.nullable(),
  unitOfMeasureId: idSchema,
  /** Absent for callers whose level hides prices. */
  price: z.number().nullable().optional(),
  taxableFlag: z.boolean(),
  rawMaterialId: idSchema.nullable(),
  glCategoryId: idSchema.nullable(),
  inactiveFlag: z.boolean(),
  modifiedAt: z.iso.datetime(),
  version: z.int(),
});
export type ProductView = z.infer<typeof productSchema>;
