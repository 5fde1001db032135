/**
 * The order routes' answers (R-ORD-1..12, R-DASH): an order with its schedules, lines and loads,
 * the board's compact row, and an order's history. The server answers with them and the web
 * parses them.
 */
import { z } from 'zod';
import { auditChangeSchema } from '../audit/audit-trail';
import { idSchema } from '../api/fields';
import { systemTypeIdSchema } from '../system-types';
import { loadSchema } from '../dispatch/load';
import { orderSchema } from './order';
import { scheduleFormSchema, scheduleProductSchema, scheduleSchema } from './schedule';
import { unitIdSchema } from '../units';

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
  /** R-TRACK-12: when the customer confirmed the order from the day-before notice, if it did. */
  confirmedAt: z.iso.datetime().nullable(),
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

/** R-ORD-8: one change of an order, field by field. */
export const orderHistoryEntrySchema = z.object({
  id: z.number(),
  at: z.iso.datetime(),
  username: z.string(),
  /** created, updated, deleted or copied. */
  action: z.string(),
  changes: z.array(auditChangeSchema),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;
