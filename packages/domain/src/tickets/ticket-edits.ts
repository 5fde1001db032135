/**
 * Ticket edits (R-TEDIT-1..9): what a clerk may change on a delivery ticket after it was written,
 * always with a reason; the batch edit's change set with its preview; and the ticket-times rule:
 * the loop's time stamps never run backwards.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { calendarDay } from '../dates/calendar-day';
import { auditChangeSchema } from '../audit/audit-trail';
import { ticketCycleTimestampFields, type TicketCycleTimestampField } from './ticket';
import { systemTypeIdSchema } from '../system-types';
import { shownPriceSchema } from '../pricing';
import { formatTimeOfDay } from '../dates/date-format';

const reference = z.int().min(1).max(int4Max);
const version = z.int().min(1).max(int4Max);
/** numeric(12,3) quantities, numeric(12,2) money: what the columns hold. */
const quantity = z.number().min(0, { error: 'must not be negative' }).lt(1e9);
const price = z.number().min(0, { error: 'must not be negative' }).lt(1e10);

/** R-TEDIT-1: every change to a ticket says why; the reason is kept in its audit row. */
export const ticketEditReasonSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(500, { error: 'must be at most 500 characters' });

/** Ticket statuses a clerk may set by hand; voiding has its own action with a void reason. */
export const editableTicketStatusIds = [1, 2, 3, 4] as const;
export const voidedTicketStatusId = 5;

/** One product line of the ticket: which product and how much, at what price. */
export const ticketProductEditSchema = z.object({
  id: reference,
  productId: reference.optional(),
  quantity: quantity.optional(),
  price: price.nullable().optional(),
});
export type TicketProductEdit = z.infer<typeof ticketProductEditSchema>;

/**
 * R-TEDIT-2: PUT /api/v1/tickets/{id}. Only what is sent changes; job and PO sent as null read
 * the order's again. The version is the one the clerk opened (R-TEDIT-4).
 */
export const ticketEditSchema = z.object({
  version,
  reason: ticketEditReasonSchema,
  statusId: z
    .int()
    .refine((id) => (editableTicketStatusIds as readonly number[]).includes(id), {
      error: 'must be open, delivered, complete or suspended (use Void to void a ticket)',
    })
    .optional(),
  truckId: reference.nullable().optional(),
  driverId: reference.nullable().optional(),
  jobId: reference.nullable().optional(),
  customerPoNumber: z.string().trim().max(50).nullable().optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
  products: z.array(ticketProductEditSchema).max(50).optional(),
});
export type TicketEdit = z.infer<typeof ticketEditSchema>;

/** The ticket fields the edit screens show and the audit names, in the order they are listed. */
export const ticketEditFieldOrder = [
  'statusId',
  'jobId',
  'customerPoNumber',
  'truckId',
  'driverId',
  'notes',
  'productId',
  'quantity',
  'price',
  'products',
  'voidReason',
] as const;

/**
 * R-TEDIT-5: one row of the batch edit grid: the ticket (at the version the grid read) and the
 * values typed in its cells. Product, quantity and price are those of the ticket's first product
 * line, the one its delivery ticket prints first.
 */
export const ticketBatchRowSchema = z.object({
  ticketId: reference,
  version,
  ...ticketProductEditSchema.pick({ productId: true, quantity: true, price: true }).shape,
  ...ticketEditSchema.pick({ jobId: true, customerPoNumber: true }).shape,
});
export type TicketBatchRow = z.infer<typeof ticketBatchRowSchema>;

/** R-TEDIT-5..6: POST /api/v1/tickets/batch-edit: preview answers before/after, apply writes all. */
export const ticketBatchEditSchema = z.object({
  changes: z
    .array(ticketBatchRowSchema)
    .min(1, { error: 'must name at least one ticket' })
    .max(500, { error: 'must name at most 500 tickets' })
    .refine((rows) => new Set(rows.map((row) => row.ticketId)).size === rows.length, {
      error: 'must name each ticket once',
    }),
  reason: ticketEditReasonSchema,
  preview: z.boolean().default(false),
});
export type TicketBatchEdit = z.infer<typeof ticketBatchEditSchema>;

/**
 * R-TEDIT-7: the time stamps of a ticket's loop a clerk may correct, in the order the truck goes
 * round it: the cycle's stamps but the print time, which the printer records.
 */
export type TicketLoopTimeField = Exclude<TicketCycleTimestampField, 'printDateTime'>;
export const ticketLoopTimeFields: readonly TicketLoopTimeField[] =
  ticketCycleTimestampFields.filter(
    (field): field is TicketLoopTimeField => field !== 'printDateTime',
  );

export const ticketLoopTimeNames: Readonly<Record<TicketLoopTimeField, string>> = {
  ticketDateTime: 'Ticket',
  batchDateTime: 'Batch',
  loadedDateTime: 'Loaded',
  toJobDateTime: 'To job',
  onJobDateTime: 'On job',
  startUnloadDateTime: 'Start unload',
  finishUnloadDateTime: 'Finish unload',
  toPlantDateTime: 'To plant',
  arrivePlantDateTime: 'Arrive plant',
};

export type TicketLoopTimes = Partial<Record<TicketLoopTimeField, string | null>>;

/** R-TEDIT-7: PUT /api/v1/tickets/{id}/times: the stamps sent change (null clears one). */
export const ticketTimesEditSchema = z.object({
  version,
  reason: ticketEditReasonSchema,
  times: z
    .object(
      Object.fromEntries(
        ticketLoopTimeFields.map((field) => [
          field,
          z.iso.datetime({ offset: true, error: 'must be a date and time' }).nullable().optional(),
        ]),
      ) as Record<TicketLoopTimeField, z.ZodOptional<z.ZodNullable<z.ZodISODateTime>>>,
    )
    .strict(),
});
export type TicketTimesEdit = z.infer<typeof ticketTimesEditSchema>;

export type TicketTimesProblem = {
  /** The stamp that is too early, and the earlier stamp of the loop it falls before. */
  field: TicketLoopTimeField;
  after: TicketLoopTimeField;
  fieldTime: string;
  afterTime: string;
  message: string;
};

/** HH:mm in the zone the code runs in (the server's business zone, the user's browser). */
export function clockTime(iso: string): string {
  return formatTimeOfDay(new Date(iso));
}

/**
 * R-TEDIT-7: the first stamp of the loop that is earlier than a stamp before it (empty stamps are
 * skipped: a truck may not have got there yet), or null when the times run in order. The message
 * names both: "On job 10:15 is before To job 10:40".
 */
export function firstTimeOutOfOrder(
  times: TicketLoopTimes,
  names: Readonly<Record<TicketLoopTimeField, string>> = ticketLoopTimeNames,
  timeText: (iso: string) => string = clockTime,
): TicketTimesProblem | null {
  let latest: { field: TicketLoopTimeField; iso: string; at: number } | undefined;
  for (const field of ticketLoopTimeFields) {
    const iso = times[field];
    if (!iso) continue;
    const at = Date.parse(iso);
    if (Number.isNaN(at)) continue;
    if (latest && at < latest.at) {
      const fieldTime = timeText(iso);
      const afterTime = timeText(latest.iso);
      return {
        field,
        after: latest.field,
        fieldTime,
        afterTime,
        message: `${names[field]} ${fieldTime} is before ${names[latest.field]} ${afterTime}`,
      };
    }
    if (!latest || at >= latest.at) latest = { field, iso, at };
  }
  return null;
}

/**
 * R-TEDIT-8: a time typed as HH:mm on a ticket's day, as an instant; the loop may run past
 * midnight, so a time earlier than the ticket's own on that day means the next day.
 */
export function timeOnTicketDay(ticketIso: string, hhmm: string): string | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(hhmm.trim());
  if (!match) return null;
  const ticket = new Date(ticketIso);
  const at = new Date(ticket);
  at.setHours(Number(match[1]), Number(match[2]), 0, 0);
  if (at.getTime() < ticket.getTime() - 12 * 3_600_000) at.setDate(at.getDate() + 1);
  return at.toISOString();
}

const stamp = z.string().nullable();

/**
 * R-TEDIT-3: a ticket as the three edit screens list it: its order, its effective job and PO (the
 * ticket's own, else the order's), its first product line and its loop's time stamps.
 */
export const ticketEditRowSchema = z.object({
  id: z.int(),
  number: z.int(),
  plantId: z.int(),
  plantName: z.string(),
  orderId: z.int(),
  orderNumber: z.int(),
  customerName: z.string(),
  systemTypeId: systemTypeIdSchema,
  statusId: z.int(),
  voidedFlag: z.boolean(),
  voidReason: z.string().nullable(),
  /** R-TENT-3: an aggregate ticket's bill of lading; null for other tickets. */
  billOfLadingNumber: z.int().nullable(),
  invoicedFlag: z.boolean(),
  truckId: z.int().nullable(),
  truckNumber: z.string(),
  driverId: z.int().nullable(),
  jobId: z.int().nullable(),
  jobNumber: z.string(),
  customerPoNumber: z.string(),
  lineId: z.int().nullable(),
  productId: z.int().nullable(),
  productDescription: z.string(),
  quantity: z.number().nullable(),
  price: shownPriceSchema,
  ...(Object.fromEntries(ticketLoopTimeFields.map((field) => [field, stamp])) as Record<
    TicketLoopTimeField,
    typeof stamp
  >),
  version: z.int(),
  modifiedAt: z.string(),
  modifiedBy: z.string().nullable(),
});
export type TicketEditRow = z.infer<typeof ticketEditRowSchema>;

/** R-TEDIT-3: GET /api/v1/tickets/search. Text filters match the start of what they name. */
export const ticketSearchQuerySchema = z
  .object({
    number: z.coerce.number().int().min(1).max(int4Max).optional(),
    dateFrom: calendarDay('must be a date YYYY-MM-DD').optional(),
    dateTo: calendarDay('must be a date YYYY-MM-DD').optional(),
    orderNumber: z.coerce.number().int().min(1).max(int4Max).optional(),
    customer: z.string().trim().max(100).optional(),
    truck: z.string().trim().max(50).optional(),
    plantId: z.coerce.number().int().min(1).max(int4Max).optional(),
    includeVoided: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).max(int4Max).default(0),
  })
  .refine((query) => !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo, {
    path: ['dateTo'],
    error: 'must not be before dateFrom',
  });
export type TicketSearchQuery = z.infer<typeof ticketSearchQuerySchema>;

export const ticketDetailLineSchema = z.object({
  id: z.int(),
  productId: z.int(),
  productDescription: z.string(),
  quantity: z.number(),
  price: shownPriceSchema,
  unitOfMeasure: z.int().nullable(),
});

/** One change in the ticket's history: who, when, why, and each field old → new (R-TEDIT-2). */
export const ticketHistoryEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  username: z.string(),
  action: z.string(),
  reason: z.string().nullable(),
  changes: z.array(auditChangeSchema),
});
export type TicketHistoryEntry = z.infer<typeof ticketHistoryEntrySchema>;

/** R-TEDIT-3: GET /api/v1/tickets/{id}/detail: the row, its notes and lines, and its history. */
export const ticketEditDetailSchema = ticketEditRowSchema.extend({
  notes: z.string(),
  /** The order's job and PO, which the ticket reads when it has none of its own. */
  orderJobId: z.int().nullable(),
  orderCustomerPoNumber: z.string(),
  lines: z.array(ticketDetailLineSchema),
  history: z.array(ticketHistoryEntrySchema),
});
export type TicketEditDetail = z.infer<typeof ticketEditDetailSchema>;

/** The batch edit's answer: each ticket's changes, written (apply) or not yet (preview). */
export const ticketBatchOutcomeSchema = z.object({
  preview: z.boolean(),
  tickets: z.array(
    z.object({
      ticketId: z.int(),
      number: z.int(),
      version: z.int(),
      changes: z.array(auditChangeSchema),
    }),
  ),
});
export type TicketBatchOutcome = z.infer<typeof ticketBatchOutcomeSchema>;
