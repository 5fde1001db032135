/**
 * Online order requests (R-OREQ-1..12): what an external user asks for (a job of their customer, a
 * product, a quantity, a day and time, notes), the states a request passes through, and what a
 * dispatcher sends to accept or reject one. One set of schemas for the server's routes, the
 * external user's page and the dispatchers' screen.
 */
import { z } from 'zod';
import { isCalendarDay } from '../dates/calendar-day';
import { timeOfDaySchema } from '../dates/time-of-day';
import { required } from '../forms/required';
import { notInPast, notInPastReason } from '../dates/not-in-past';

/** R-OREQ-2: pending until a dispatcher decides or the requester withdraws it. */
export const orderRequestStatuses = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type OrderRequestStatus = (typeof orderRequestStatuses)[number];

export const orderRequestStatusSchema = z.enum(orderRequestStatuses);

/** Pending requests come first in the dispatchers' list, then the decided ones. */
export function orderRequestStatusRank(status: OrderRequestStatus): number {
  return status === 'pending' ? 0 : 1;
}

export function isDecided(status: OrderRequestStatus): boolean {
  return status !== 'pending';
}

const daySchema = z.string().refine(isCalendarDay, 'Enter a valid date as YYYY-MM-DD.');

export const orderRequestLimits = { quantity: 100_000, notes: 1000, reason: 500 } as const;

/**
 * R-OREQ-3: what an external user sends. The server adds the rules that need the database (the
 * job is theirs, the product is of the system type) and the clock (the date is not past).
 */
export const orderRequestCreateSchema = z.object({
  jobId: required(z.number().int().positive(), 'Job'),
  systemTypeId: required(z.union([z.literal(1), z.literal(2), z.literal(3)]), 'System type'),
  productId: required(z.number().int().positive(), 'Product'),
  quantity: required(
    z
      .number()
      .gt(0, 'must be more than 0')
      .max(orderRequestLimits.quantity, `must be at most ${orderRequestLimits.quantity}`),
    'Quantity',
  ),
  requestedDate: required(daySchema, 'Date'),
  requestedTime: timeOfDaySchema.nullish().transform((value) => value ?? null),
  notes: z
    .string()
    .trim()
    .max(orderRequestLimits.notes)
    .nullish()
    .transform((value) => value ?? ''),
});
export type OrderRequestCreate = z.output<typeof orderRequestCreateSchema>;
export type OrderRequestCreateInput = z.input<typeof orderRequestCreateSchema>;

/** R-OREQ-3: a request is for today or later, by the server's calendar (R-VALID-14's rule). */
export function isPastDay(day: string, today: string): boolean {
  return notInPast(day, today) !== null;
}

export const datePastReason = notInPastReason;

/** R-OREQ-6: a dispatcher's rejection names why; the requester reads it. */
export const orderRequestRejectSchema = z.object({
  version: z.number().int().min(0),
  reason: required(z.string().trim().max(orderRequestLimits.reason), 'Reason'),
});
export type OrderRequestReject = z.output<typeof orderRequestRejectSchema>;

/**
 * R-OREQ-7: accepting an online order links the order the dispatcher saved from the pre-filled
 * order entry; accepting a pour page's request (R-TRACK-9) may say a word back to the site.
 */
export const orderRequestAcceptSchema = z.object({
  version: z.number().int().min(0),
  orderId: z.number().int().positive().optional(),
  reply: z
    .string()
    .trim()
    .max(orderRequestLimits.reason)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type OrderRequestAccept = z.output<typeof orderRequestAcceptSchema>;

/** R-OREQ-4: the requester withdraws a request still pending. */
export const orderRequestWithdrawSchema = z.object({ version: z.number().int().min(0) });

/**
 * What a request asks for: an order (an external user's online order), or, from an order's pour
 * page (R-TRACK-8), to hold its next load, add a load, call the site back, or cancel or change it.
 */
export const orderRequestKinds = ['order', 'holdNextLoad', 'addLoad', 'callMe', 'change'] as const;
export type OrderRequestKind = (typeof orderRequestKinds)[number];
export const orderRequestKindSchema = z.enum(orderRequestKinds);

/** A request as both sides read it: names alongside ids, so a list needs no further reads. */
export const orderRequestViewSchema = z.object({
  id: z.number().int(),
  kind: orderRequestKindSchema,
  status: orderRequestStatusSchema,
  customerId: z.number().int(),
  customerNumber: z.string(),
  customerName: z.string(),
  /** A pour page's request may be about an order without a job or a product line. */
  jobId: z.number().int().nullable(),
  jobNumber: z.string().nullable(),
  jobAddress: z.string().nullable(),
  systemTypeId: z.number().int(),
  productId: z.number().int().nullable(),
  productNumber: z.string().nullable(),
  productDescription: z.string().nullable(),
  quantity: z.number().nullable(),
  requestedDate: z.string(),
  requestedTime: z.string().nullable(),
  notes: z.string().nullable(),
  /** The external user who asked; null for a contractor on a pour page, who has no account. */
  requestedBy: z.string().nullable(),
  callbackPhone: z.string().nullable(),
  createdAt: z.string(),
  rejectReason: z.string().nullable(),
  /** The dispatcher's word to the pour page on accepting its request. */
  reply: z.string().nullable(),
  orderId: z.number().int().nullable(),
  orderNumber: z.number().int().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  version: z.number().int(),
});
export type OrderRequestView = z.infer<typeof orderRequestViewSchema>;

/** R-OREQ-8: the hub message dispatchers' screens apply: the request as it now stands. */
export type OrderRequestUpdate = OrderRequestView;

/** The dispatchers' list: by status, by requested day, by customer (number or name). */
export const orderRequestListQuerySchema = z.object({
  status: orderRequestStatusSchema.optional(),
  date: daySchema.optional(),
  search: z.string().trim().max(100).optional(),
});
export type OrderRequestListQuery = z.infer<typeof orderRequestListQuerySchema>;

/** How many requests of each status a list holds (the filter chips' counts). */
export function countByStatus(
  rows: readonly { status: OrderRequestStatus }[],
): Record<OrderRequestStatus, number> {
  const counts: Record<OrderRequestStatus, number> = {
    pending: 0,
    accepted: 0,
    rejected: 0,
    withdrawn: 0,
  };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** Pending first, then by requested day and time, oldest request first among equals. */
export function sortOrderRequests<
  T extends {
    id: number;
    status: OrderRequestStatus;
    requestedDate: string;
    requestedTime: string | null;
  },
>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      orderRequestStatusRank(a.status) - orderRequestStatusRank(b.status) ||
      a.requestedDate.localeCompare(b.requestedDate) ||
      (a.requestedTime ?? '').localeCompare(b.requestedTime ?? '') ||
      a.id - b.id,
  );
}

/**
 * R-OREQ-11: order entry opened from a request starts from it: the customer, the job, the ship day,
 * the first load's time on the job, and the primary product with its quantity.
 */
export type OrderRequestPrefill = {
  customerId: number;
  jobId: number;
  shipDate: string;
  /** 'HH:mm', or '' when the request named no time. */
  firstLoadOnJobTime: string;
  productId: number;
  quantity: number;
};

/** The prefill of an online order's request; a pour page's request has its order already. */
export function orderPrefillOf(request: OrderRequestView): OrderRequestPrefill | null {
  const { jobId, productId, quantity } = request;
  if (request.kind !== 'order' || jobId === null || productId === null || quantity === null) {
    return null;
  }
  return {
    customerId: request.customerId,
    jobId,
    shipDate: request.requestedDate,
    firstLoadOnJobTime: request.requestedTime?.slice(0, 5) ?? '',
    productId,
    quantity,
  };
}

/** R-OREQ-7: the order linked must be the request's own customer and job. */
export function linkProblems(
  request: { customerId: number; jobId: number | null },
  order: { customerId: number; jobId: number | null },
): { field: string; reason: string }[] {
  const problems: { field: string; reason: string }[] = [];
  if (order.customerId !== request.customerId) {
    problems.push({ field: 'orderId', reason: "must be an order for the request's customer" });
  } else if (order.jobId !== request.jobId) {
    problems.push({ field: 'orderId', reason: "must be an order for the request's job" });
  }
  return problems;
}

/** R-OREQ-2: who is asking: an external user's customer and the jobs they may order for. */
export const requesterAccountSchema = z.object({
  external: z.boolean(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  jobs: z.array(
    z.object({ id: z.number().int(), number: z.string(), address: z.string().nullable() }),
  ),
});
export type RequesterAccount = z.infer<typeof requesterAccountSchema>;

/** A product an external user may ask for. */
export const requestableProductSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  description: z.string(),
});
export type RequestableProduct = z.infer<typeof requestableProductSchema>;
