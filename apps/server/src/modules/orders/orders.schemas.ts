import { z } from 'zod';
import { auditChangeSchema } from '@dispatch/domain/audit/audit-trail';
import { idSchema, systemTypeIdSchema } from '@dispatch/domain/entities/fields';
import { loadSchema } from '@dispatch/domain/entities/load';
import { orderSchema } from '@dispatch/domain/entities/order';
import {
  scheduleFormSchema,
  scheduleProductSchema,
  scheduleSchema,
} from '@dispatch/domain/entities/schedule';
import {
  orderCopySchema,
  orderEntryCreateSchema,
  orderEntrySchema,
} from '@dispatch/domain/orders/order-entry';
import { isOrderStatusId } from '@dispatch/domain/orders/order-status';
import { unitIdSchema } from '@dispatch/domain/units';
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

/** Price fields are optional in answers: they are removed for callers whose level hides prices. */
const optionalPrice = z.number().nullable().optional();

export const scheduleProductViewSchema = scheduleProductSchema.extend({
  id: idSchema,
  scheduleId: idSchema,
  /** The schedule's (and order's) system type: a line is saved with it (R-VALID-8). */
  systemTypeId: systemTypeIdSchema,
  primaryFlag: z.boolean(),
  sequence: z.int(),
  price: optionalPrice,
  version: z.int(),
});
export type ScheduleProductView = z.infer<typeof scheduleProductViewSchema>;

export const scheduleViewSchema = scheduleSchema.extend({
  systemTypeId: systemTypeIdSchema,
  version: z.int(),
});

export const scheduleFormViewSchema = scheduleFormSchema.extend({
  primaryProduct: scheduleProductViewSchema.nullable(),
  schedule: scheduleViewSchema,
  extraProducts: z.array(scheduleProductViewSchema),
});
export type ScheduleFormView = z.infer<typeof scheduleFormViewSchema>;

/**
 * The domain's order (its live-update view is a subset), with its schedules and, for the
 * dashboard, what its primary products add up to.
 */
export const orderViewSchema = orderSchema.extend({
  number: idSchema,
  cartageRate: optionalPrice,
  firstLoadTime: z.iso.datetime().nullable(),
  schedules: z.array(scheduleFormViewSchema),
  /** Sum of the primary schedule products' quantity. */
  quantityOrdered: z.number(),
  /** Sum of the primary schedule products' delivered quantity. */
  quantityDelivered: z.number(),
  /** The unit both sums are in; null when the primary products differ in unit or there are none. */
  unitOfMeasure: unitIdSchema.nullable(),
  createdAt: z.iso.datetime(),
  modifiedAt: z.iso.datetime(),
  version: z.int(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const loadViewSchema = loadSchema.extend({ version: z.int() });

export const orderDetailSchema = orderViewSchema.extend({
  loads: z.array(loadViewSchema),
  /** Every ticket of the order, with or without a schedule, voided ones included. */
  ticketIds: z.array(idSchema),
});
export type OrderDetailView = z.infer<typeof orderDetailSchema>;

/**
 * A row of the dispatch board and dashboard: what a dispatcher scans at a glance, and nothing
 * else, so the board's hot read stays small. Carries no price.
 */
export const orderBoardRowSchema = orderSchema
  .pick({
    id: true,
    orderStatusId: true,
    plantId: true,
    systemTypeId: true,
    customerName: true,
    shipDate: true,
    dispatchNotes: true,
    orderFlagId: true,
  })
  .extend({
    number: idSchema,
    firstLoadTime: z.iso.datetime().nullable(),
    jobNumber: z.string(),
    jobAddress: z.string(),
    productDescription: z.string(),
    quantityOrdered: z.number(),
    quantityDelivered: z.number(),
    unitOfMeasure: unitIdSchema.nullable(),
    loadsTicketed: z.int(),
    version: z.int(),
  });
export type OrderBoardRow = z.infer<typeof orderBoardRowSchema>;

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

/** R-ORD-8: one change of an order, field by field. */
export const orderHistoryEntrySchema = z.object({
  id: z.number(),
  at: z.iso.datetime(),
  username: z.string(),
  /** created, updated, deleted or copied. */
  action: z.string(),
  changes: z.array(auditChangeSchema),
});
