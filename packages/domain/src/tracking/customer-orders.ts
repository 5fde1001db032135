/**
 * R-TRACK-16 (issue 27): a customer's external user follows their orders as a foreman does: the
 * requests page lists the customer's orders around today (for the jobs the user acts for) and opens
 * each one's pour page. No prices here either: what the pour page shows, and when.
 */
import { z } from 'zod';
import { isoDateStringSchema } from '../dates/iso-date';

/** How far the list reaches: yesterday's orders (a late pour) to a month ahead. */
export const customerOrderDays = { before: 1, after: 30 } as const;

export const customerOrderSchema = z.object({
  id: z.int(),
  number: z.int(),
  shipDate: z.string(),
  statusId: z.int(),
  jobName: z.string(),
  product: z.string(),
  unit: z.string(),
  orderedQuantity: z.number(),
  deliveredQuantity: z.number(),
  /** When the first load is planned on the job, if scheduled. */
  firstLoadAt: isoDateStringSchema.nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;
