import { z } from 'zod';
import { concreteMixSchema, mixRawMaterialSchema } from '@dispatch/domain/entities/concrete-mix';
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

/** The spec names no product entity beyond the product line; this is the product as stored. */
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

/**
 * A mix's ingredient. The domain names the ingredient `productId`/`productNumber`, as the classic
 * system did; here they carry the raw material's id and code, also given as `rawMaterialId`.
 */
export const mixRawMaterialViewSchema = mixRawMaterialSchema.extend({
  rawMaterialId: idSchema,
  sequence: z.int(),
});

export const concreteMixViewSchema = concreteMixSchema.extend({
  productId: idSchema,
  rawMaterials: z.array(mixRawMaterialViewSchema),
  version: z.int(),
});
export type ConcreteMixView = z.infer<typeof concreteMixViewSchema>;

export const productDetailSchema = productSchema.extend({
  /** A concrete product's mix design at each plant; empty for other products. */
  mixes: z.array(concreteMixViewSchema),
});
export type ProductDetailView = z.infer<typeof productDetailSchema>;
