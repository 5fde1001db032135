/**
 * The order audit (R-OAUD-1..4): every change to one system type's orders, their schedules and
 * product lines, newest first, field by field, as the API answers it and the screen reads it.
 */
import { z } from 'zod';
import {
  auditChangeSchema,
  auditInstantSchema,
  auditPageFields,
  auditTextSchema,
} from '../audit/audit-trail';
import { idSchema } from '../api/fields';
import { systemTypeIdSchema } from '../system-types';
import { orderHistoryChanges } from './order-history';
import { orderFieldLabel, orderFieldPathSchema, orderFieldPaths } from './order-history-fields';

const wholeNumber = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, `must be ${what}`)
    .transform(Number)
    .pipe(z.int().min(1, `must be ${what}`));

/**
 * R-OAUD-2: the audit's query. The system type is required (each screen is one type's); every
 * filter is optional. `user` and `customer` match part of a name; `order` is an order's number,
 * `orderId` its id (what a link carries, R-OAUD-6). A date `from` starts at that day's midnight
 * (UTC) and a date `to` ends at its last instant; the web sends instants of the user's midnights.
 */
export const orderAuditFilterSchema = z.object({
  systemTypeId: z.coerce.number().pipe(systemTypeIdSchema),
  from: auditInstantSchema.optional(),
  to: auditInstantSchema.optional(),
  user: auditTextSchema(100).optional(),
  customer: auditTextSchema(100).optional(),
  order: wholeNumber('an order number').optional(),
  orderId: wholeNumber('an order id').optional(),
});
export type OrderAuditFilters = z.infer<typeof orderAuditFilterSchema>;

export const orderAuditQuerySchema = orderAuditFilterSchema.extend(auditPageFields);
export type OrderAuditQuery = z.infer<typeof orderAuditQuerySchema>;

/** One changed field: before and after, where it sits and its readable (English) name. */
export const orderAuditChangeSchema = auditChangeSchema.extend({
  path: orderFieldPathSchema,
  label: z.string(),
});
export type OrderAuditChange = z.infer<typeof orderAuditChangeSchema>;

export const orderAuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  username: z.string(),
  /** created, updated, deleted, copied, or a verb of another writer of orders. */
  action: z.string(),
  orderId: idSchema,
  orderNumber: z.int().nullable(),
  /** The order's customer as the change left it (as it was, for a change that removed it). */
  customerName: z.string(),
  changes: z.array(orderAuditChangeSchema),
});
export type OrderAuditEntry = z.infer<typeof orderAuditEntrySchema>;

/** The fields one history entry changed, each placed and named, less what the caller may not see. */
export function orderAuditChanges(
  before: unknown,
  after: unknown,
  hidePrices: boolean,
): OrderAuditChange[] {
  const pathOf = orderFieldPaths(before, after);
  return orderHistoryChanges(before, after, hidePrices).map((change) => {
    const path = pathOf(change.field);
    return { ...change, path, label: orderFieldLabel(path) };
  });
}

/** The CSV export's columns: one line per changed field (a change with none has one line). */
export const orderAuditCsvHeader = [
  'When',
  'User',
  'Order',
  'Customer',
  'Action',
  'Field',
  'Before',
  'After',
] as const;
