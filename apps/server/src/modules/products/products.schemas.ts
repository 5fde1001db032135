import { z } from 'zod';
import { systemTypeIdSchema } from '@dispatch/domain/system-types';
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
