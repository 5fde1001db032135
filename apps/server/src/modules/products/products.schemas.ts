import { z } from 'zod';
import { idSchema, systemTypeIdSchema } from '@dispatch/domain/entities/fields';
import { idList, listQuery } from '../../http/list-query';
import { filterId, idParams } from '../../http/write-fields';

export const productSortColumns = ['number', 'description', 'id'] as const;
export type ProductSort = (typeof productSortColumns)[number];

const baseQuery = listQuery(productSortColumns);

export const productListQuery = baseQuery.extend({
  systemTypeId: z.coerce.number().pipe(systemTypeIdSchema).optional(),
  productTypeId: filterId.optional(),
  /** Comma-separated plant ids: products with a concrete mix design at one of them. */
  plantId: idList.optional(),
  includeInactive: z.stringbool().default(false),
});

export const productParams = idParams;

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
