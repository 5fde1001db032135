/** R-PEND-1: the pending orders list's query. */
import { z } from 'zod';
import { systemTypeIdSchema } from '@dispatch/domain/system-types';
import { pendingKindSchema } from '@dispatch/domain/orders/pending-orders';
import { idList } from '../../http/list-query';

export const pendingListLimit = { default: 500, max: 2000 } as const;

export const pendingListQuery = z.object({
  systemTypeId: z.coerce.number().pipe(systemTypeIdSchema).optional(),
  /** Comma-separated plant ids (a request's plant is its job's). */
  plantId: idList.optional(),
  /** The customer's name or number, the order's number or PO, the job's number. */
  search: z
    .string()
    .trim()
    .max(100)
    .refine((value) => !value.includes('\0'), 'must not contain NUL')
    .optional(),
  kind: pendingKindSchema.optional(),
  limit: z.coerce.number().int().min(1).max(pendingListLimit.max).default(pendingListLimit.default),
});
export type PendingListQuery = z.infer<typeof pendingListQuery>;
