/**
 * R-PEND-1..9: pending orders, the orders waiting for someone to act: on hold (for credit
 * approval, R-ORD-9), will call (the customer calls when they are ready) and online order
 * requests not yet answered. The rules the server applies and the screen shows: which kind an
 * order is, the reason it waits, what may be done with it, and the bodies of its actions.
 */
import { z } from 'zod';
import { int4Max } from '../api/fields';
import { parseIsoDate } from '../dates/iso-date';
import { orderStatusIds, type OrderStatusId } from './order-status';

/** R-PEND-1: the kinds of pending orders, in the order the screen shows them. */
export const pendingKinds = ['hold', 'willCall', 'request'] as const;
export type PendingKind = (typeof pendingKinds)[number];
export const pendingKindSchema = z.enum(pendingKinds);

/** R-PEND-1: the order statuses that make an order pending, by kind. */
export const pendingStatusOfKind = {
  hold: orderStatusIds.onHold,
  willCall: orderStatusIds.willCall,
} as const satisfies Partial<Record<PendingKind, OrderStatusId>>;

/** The kind of a pending order by its status; null for an order that waits for nobody. */
export function pendingKindOfStatus(statusId: number): Exclude<PendingKind, 'request'> | null {
  if (statusId === orderStatusIds.onHold) return 'hold';
  if (statusId === orderStatusIds.willCall) return 'willCall';
  return null;
}

export const pendingActions = ['release', 'callIn', 'cancel'] as const;
export type PendingAction = (typeof pendingActions)[number];

/**
 * R-PEND-4..6: what may be done with a pending row: an order on hold is released or cancelled,
 * a will-call order called in or cancelled; a request is answered on its own screen (R-PEND-8).
 */
export function pendingActionsOf(kind: PendingKind): readonly PendingAction[] {
  switch (kind) {
    case 'hold':
      return ['release', 'cancel'];
    case 'willCall':
      return ['callIn', 'cancel'];
    case 'request':
      return [];
  }
}

/**
 * R-PEND-2: why an order waits: the first line of its credit notes that says something (a credit
 * hold writes its reason there first, R-ORD-9); null when they say nothing.
 */
export function pendingReason(creditNotes: string | null | undefined): string | null {
  const line = (creditNotes ?? '')
    .split(/\r?\n/)
    .map((text) => text.trim())
    .find((text) => text !== '');
  return line ?? null;
}

/** R-PEND-6: the line a cancellation writes first into the order's credit notes. */
export function cancelledNote(reason: string, username: string): string {
  return `Cancelled by ${username}: ${reason.trim()}`;
}

/** R-PEND-4: the message refusing to release an order whose customer's credit still holds it. */
export function stillHeldMessage(orderNumber: number, creditStatus: string | null): string {
  return `Order ${orderNumber} cannot be released: the customer's credit status (${creditStatus ?? 'unknown'}) still holds orders. Change the customer's credit status first.`;
}

const version = z.int().min(1).max(int4Max);

/** R-PEND-4: `POST /api/v1/orders/{id}/release`. */
export const releaseBodySchema = z.object({ version });

export const cancelReasonMaxLength = 500;

/** R-PEND-6: `POST /api/v1/orders/{id}/cancel`: the reason is required. */
export const cancelBodySchema = z.object({
  version,
  reason: z
    .string({ error: 'A reason is required.' })
    .trim()
    .min(1, 'A reason is required.')
    .max(cancelReasonMaxLength, `At most ${cancelReasonMaxLength} characters.`),
});

const timeOfDay = /^([01]\d|2[0-3]):[0-5]\d$/;

export const callInTimeMessage =
  "Enter the first load's time as HH:mm, or as a date and time on the order's ship date.";

/** R-PEND-5: `POST /api/v1/orders/{id}/call-in`: the time the first load is due on the job. */
export const callInBodySchema = z.object({
  version,
  firstLoadTime: z
    .string({ error: callInTimeMessage })
    .trim()
    .max(40)
    .refine(
      (value) => timeOfDay.test(value) || (/T\d\d:\d\d/.test(value) && safeInstant(value) !== null),
      callInTimeMessage,
    ),
});

function safeInstant(value: string): Date | null {
  try {
    return parseIsoDate(value);
  } catch {
    return null;
  }
}

const hourMs = 3_600_000;

/**
 * R-PEND-5: the instant a call-in's time names on the order's ship date: `HH:mm` is that time of
 * day on the ship date (the host's wall clock), a date-time is that instant. Null when the
 * instant cannot fall on the ship date in any time zone (UTC-12 to UTC+14).
 */
export function callInInstant(shipDate: string, firstLoadTime: string): Date | null {
  const value = firstLoadTime.trim();
  if (timeOfDay.test(value)) return parseIsoDate(`${shipDate.slice(0, 10)}T${value}:00`);
  const instant = /T\d\d:\d\d/.test(value) ? safeInstant(value) : null;
  if (!instant) return null;
  const dayStart = Date.parse(`${shipDate.slice(0, 10)}T00:00:00Z`);
  const time = instant.getTime();
  return time >= dayStart - 14 * hourMs && time < dayStart + 36 * hourMs ? instant : null;
}

/**
 * R-PEND-5: each schedule's new first-load time. The earliest schedule moves to the called-in
 * time and the others keep their distance from it; a schedule without a time takes the time.
 */
export function calledInTimes(
  current: readonly (string | null)[],
  calledIn: Date,
): readonly string[] {
  const times = current.map((value) => safeInstant(value ?? '')?.getTime() ?? null);
  const known = times.filter((time): time is number => time !== null);
  const shift = known.length ? calledIn.getTime() - Math.min(...known) : 0;
  return times.map((time) =>
    new Date(time === null ? calledIn.getTime() : time + shift).toISOString(),
  );
}

/** R-PEND-1: the credit status shown beside a pending row. */
export const pendingCreditSchema = z.object({
  creditStatusId: z.int().nullable(),
  creditStatus: z.string().nullable(),
  /** The status holds the customer's orders (R-ORD-9): a release is refused while it does. */
  creditHoldsOrders: z.boolean(),
});

/**
 * R-PEND-1..3: one row of the pending orders list: an order on hold or will call, or an online
 * request not yet answered (`number` null, `requestedBy` set).
 */
export const pendingRowSchema = z
  .object({
    kind: pendingKindSchema,
    /** The order's id, or the request's for a request. */
    id: z.int(),
    number: z.int().nullable(),
    systemTypeId: z.int(),
    orderStatusId: z.int().nullable(),
    customerId: z.int(),
    customerNumber: z.string().nullable(),
    customerName: z.string(),
    jobId: z.int().nullable(),
    jobNumber: z.string().nullable(),
    jobAddress: z.string().nullable(),
    shipDate: z.string(),
    /** The order's first load on the job (an instant), or the request's time of day (HH:mm). */
    firstLoadTime: z.string().nullable(),
    plantId: z.int().nullable(),
    plantName: z.string().nullable(),
    reason: z.string().nullable(),
    productDescription: z.string().nullable(),
    quantity: z.number().nullable(),
    /** What the order's loads already delivered (R-DELIV-2); null for a request. */
    deliveredQuantity: z.number().nullable(),
    requestedBy: z.string().nullable(),
    version: z.int(),
    modifiedBy: z.string().nullable(),
    modifiedAt: z.string(),
  })
  .extend(pendingCreditSchema.shape);
export type PendingRow = z.infer<typeof pendingRowSchema>;

export const pendingCountsSchema = z.object({
  hold: z.int(),
  willCall: z.int(),
  request: z.int(),
});
export type PendingCounts = z.infer<typeof pendingCountsSchema>;

/** R-PEND-1: `GET /api/v1/pending-orders`: the rows and, whatever the kind asked, every kind's count. */
export const pendingListSchema = z.object({
  error: z.literal(false),
  count: z.int(),
  counts: pendingCountsSchema,
  data: z.array(pendingRowSchema),
});
export type PendingList = z.infer<typeof pendingListSchema>;
