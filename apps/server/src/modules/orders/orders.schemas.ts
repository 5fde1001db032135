import { z } from 'zod';
import { systemTypeIdSchema } from '@dispatch/domain/system-types';
import {
  orderCopySchema,
  orderEntryCreateSchema,
  orderEntrySchema,
} from '@dispatch/domain/orders/order-entry';
import { isOrderStatusId } from '@dispatch/domain/orders/order-status';
import { businessDate, idList, listQuery } from '../../http/list-query';
import { idParams, recordId, versionField } from '../../http/write-fields';

export const orderSortColumns = [
  'shipDate',
  'number',
  'customerName',
  'firstLoadTime',
  'orderStatusId',
] as const;
export type OrderSort = (typeof orderSortColumns)[number];

const baseQuery = listQuery(orderSortColumns);

export const orderListQuery = baseQuery
  .extend({
    /** One business day; without it and without a range, the server's today. */
    shipDate: businessDate.optional(),
    shipDateFrom: businessDate.optional(),
    shipDateTo: businessDate.optional(),
    /** Comma-separated plant ids. */
    plantId: idList.optional(),
    systemTypeId: z.coerce.number().pipe(systemTypeIdSchema).optional(),
    /** Comma-separated order status ids (0 to 9). */
    orderStatusId: idList
      .refine((values) => values.every(isOrderStatusId), 'must be order status ids from 0 to 9')
      .optional(),
    customerId: recordId.optional(),
    jobId: recordId.optional(),
    /** `board`: the dispatch board's compact rows (no schedules, no prices); default the full orders. */
    view: z.enum(['full', 'board']).default('full'),
  })
  .superRefine((query, context) => {
    if (query.shipDate && (query.shipDateFrom || query.shipDateTo)) {
      context.addIssue({
        code: 'custom',
        path: ['shipDate'],
        message: 'give either shipDate or shipDateFrom/shipDateTo, not both',
      });
    }
    if (query.shipDateFrom && query.shipDateTo && query.shipDateFrom > query.shipDateTo) {
      context.addIssue({
        code: 'custom',
        path: ['shipDateTo'],
        message: 'must not be before shipDateFrom',
      });
    }
  });

export const orderParams = idParams;

/** R-ORD-1: `POST /api/v1/orders`, the order entry form's order with its schedules nested. */
/** R-ORD-20: the charge types may be left out; the customer's pricing defaults fill them. */
export const orderCreateBody = orderEntryCreateSchema;

/** R-ORD-1, R-CONC-1: `PUT /api/v1/orders/{id}`, the whole order again, with the version read. */
export const orderUpdateBody = orderEntrySchema.safeExtend({ version: versionField });

/** R-ORD-7: `POST /api/v1/orders/{id}/copy`. */
export const orderCopyBody = orderCopySchema;

/** R-ORD-6: `DELETE /api/v1/orders/{id}?version=`: the version read, when the caller has one. */
export const orderDeleteQuery = z.object({
  version: z.coerce.number().pipe(versionField).optional(),
});
