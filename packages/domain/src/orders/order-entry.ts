/**
 * R-ORD-1..2: an order as order entry saves it (`POST /api/v1/orders`, `PUT /api/v1/orders/{id}`):
 * the order's fields by the names of R-ENTITY-14, with its schedules nested, each with one primary
 * product and any extras. Built from the save rules of R-VALID-6..9 and the defaults of R-CONST-9,
 * so the form and the server check the same things with the same messages.
 */
import { z } from 'zod';
import { orderSchema } from './order';
import { amountSchema, dateSchema, idSchema } from '../api/fields';
import { fieldLabels } from '../forms/field-labels';
import { orderSaveFields, requireUnlessBlock } from './order-save';
import { whenObject } from '../api/when-object';
import { required, requiredMessage } from '../forms/required';
import { productLineSaveSchema, scheduleSaveSchema } from './schedule-save';
import { newOrderDefaults } from './order-defaults';
import { orderStatusIdSchema } from './order-status';

/** A price left out is found by the server (quote, customer, product); null says the same. */
const sentPrice = amountSchema.nullable().optional();

/**
 * A product line: R-VALID-8's line, with its row id when it already exists. The taxable flag and
 * unit default to the product's; what was delivered and ticketed is the server's to say.
 */
export const productLineEntrySchema = productLineSaveSchema
  .omit({ deliveredQuantity: true, ticketed: true })
  .extend({
    id: idSchema.optional(),
    quantity: amountSchema.min(0).default(0),
    loadSize: amountSchema.positive().nullable().default(null),
    price: sentPrice,
    taxableFlag: z.boolean().optional(),
  });
export type ProductLineEntry = z.infer<typeof productLineEntrySchema>;

/** A schedule: R-VALID-9's schedule, with its row id when it already exists. */
export const scheduleEntrySchema = scheduleSaveSchema
  .omit({ id: true, orderId: true })
  .extend({ id: idSchema.optional() });
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

/** A schedule form (R-ENTITY-19) as order entry sends it. */
export const scheduleFormEntrySchema = z.object({
  schedule: scheduleEntrySchema,
  primaryProduct: required(productLineEntrySchema, fieldLabels.primaryProduct),
  extraProducts: z.array(productLineEntrySchema).default([]),
});
export type ScheduleFormEntry = z.infer<typeof scheduleFormEntrySchema>;

export const atLeastOneScheduleMessage = 'An order needs at least one schedule.';
export const otherSystemTypeMessage = "must be the order's system type";

/** An order from an order entry screen is to be shipped unless a status is given (R-ORDER-STATUS-3). */
export const orderEntryStatusId = newOrderDefaults({ forOrderEntry: true }).orderStatusId;

type Tagged = { systemTypeId?: unknown } | null | undefined;

/** What a refinement may see: it runs after other fields failed, so any part may be any JSON. */
function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Schedules and product lines carry the order's system type (R-VALID-8..9 name it on each). */
function sameSystemType(
  value: { systemTypeId: unknown; schedules?: unknown },
  ctx: z.RefinementCtx,
): void {
  const differs = (tagged: Tagged) =>
    typeof tagged?.systemTypeId === 'number' && tagged.systemTypeId !== value.systemTypeId;
  const flag = (path: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', path, message: otherSystemTypeMessage });
  listOf(value.schedules).forEach((entry, index) => {
    const form = objectOf(entry);
    if (!form) return;
    if (differs(objectOf(form.schedule))) flag(['schedules', index, 'schedule', 'systemTypeId']);
    if (differs(objectOf(form.primaryProduct)))
      flag(['schedules', index, 'primaryProduct', 'systemTypeId']);
    listOf(form.extraProducts).forEach((line, extra) => {
      if (differs(objectOf(line)))
        flag(['schedules', index, 'extraProducts', extra, 'systemTypeId']);
    });
  });
}

/** The order entry shape before its cross-field rules (zod cannot extend a refined object). */
const orderEntryShape = orderSchema
  .omit({ id: true, number: true, job: true, customerName: true, schedules: true })
  .extend({
    ...orderSaveFields,
    orderStatusId: required(
      orderStatusIdSchema.default(orderEntryStatusId),
      fieldLabels.orderStatusId,
    ),
    cartageRate: sentPrice,
    schedules: z.array(scheduleFormEntrySchema).min(1, atLeastOneScheduleMessage),
  });

export const orderEntrySchema = orderEntryShape.superRefine((value, ctx) => {
  requireUnlessBlock(value, ctx);
  sameSystemType(value, ctx);
}, whenObject);
export type OrderEntry = z.infer<typeof orderEntrySchema>;
export type OrderEntryInput = z.input<typeof orderEntrySchema>;

/**
 * R-ORD-20: a new order as `POST /api/v1/orders` takes it. The short load, free short load and
 * standby charge types may be left out (undefined): the server takes them from the customer's
 * pricing defaults, else R-CONST-9's. Sent as null they are checked as `orderEntrySchema` checks
 * them, so a 400 still names every missing field at once.
 */
export const orderEntryCreateSchema = orderEntryShape
  .extend({
    shortLoadTypeId: idSchema.nullable().optional(),
    freeShortLoadId: idSchema.nullable().optional(),
    standbyChargeTypeId: idSchema.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    // Left out is not missing here: the server fills it (R-ORD-20) before the full check.
    requireUnlessBlock(
      {
        ...value,
        shortLoadTypeId: value.shortLoadTypeId,
        freeShortLoadId: value.freeShortLoadId,
      },
      ctx,
    );
    if (value.standbyChargeTypeId === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['standbyChargeTypeId'],
        message: requiredMessage(fieldLabels.standbyChargeTypeId),
        input: null,
      });
    }
    sameSystemType(value, ctx);
  }, whenObject);
export type OrderEntryCreate = z.infer<typeof orderEntryCreateSchema>;

/** R-ORD-7: copying an order names the day the copy ships. */
export const orderCopySchema = z.object({
  shipDate: required(dateSchema, fieldLabels.shipDate),
});
export type OrderCopy = z.infer<typeof orderCopySchema>;
