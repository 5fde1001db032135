/** R-PRICE-10: what `GET /api/v1/orders/price` answers; order entry parses it. */
import { z } from 'zod';
import { priceSources } from './order-pricing';

export const orderPriceAnswer = z.object({
  /** Absent for callers whose level hides prices (levels 2 and 4). */
  price: z.number().nullable().optional(),
  source: z.enum(priceSources),
  taxable: z.boolean(),
  unitOfMeasureId: z.int().nullable(),
  /** The order's tax rate in percent (8 for 8%); null when neither job nor customer has a schedule. */
  taxRate: z.number().nullable(),
});
export type OrderPriceAnswer = z.infer<typeof orderPriceAnswer>;
