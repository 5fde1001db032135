/** The quick sale routes' path and query; the answers' shapes are the domain's (orders/quick-sale-view). */
import { z } from 'zod';

export const quickSaleParams = z.object({
  orderId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const quickSalePriceQuery = z.object({
  systemTypeId: z
    .enum(['1', '2'], { error: 'must be 1 (concrete) or 2 (aggregate)' })
    .transform(Number),
  productId: z.coerce.number().int().min(1).max(2_147_483_647),
  plantId: z.coerce.number().int().min(1).max(2_147_483_647),
  /** Absent: a walk-in (the walk-in cash account prices and taxes it, when there is one). */
  customerId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
