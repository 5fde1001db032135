/**
 * R-TRACK-8, R-TRACK-9 (issue 27): what a contractor asks of dispatch from an order's pour page:
 * hold the next load, add a load, or call the site back (and, from the day-before notice, cancel
 * or change the order). Each becomes an online order request with the order attached; dispatch's
 * answer (accepted with a word, or refused with a reason) shows on the page.
 */
import { z } from 'zod';
import { isoDateStringSchema } from '../dates/iso-date';
import { orderRequestStatusSchema } from '../orders/order-requests';
import { phoneNumberPattern, phoneNumberReason } from '../resources/field';

export const pourRequestKinds = ['holdNextLoad', 'addLoad', 'callMe', 'change'] as const;
export type PourRequestKind = (typeof pourRequestKinds)[number];

export const pourRequestLimits = { note: 500, phone: 30, quantity: 1000 } as const;
/** A page asks a few things a day; more than this on one order is not a foreman. */
export const pourRequestsPerOrderPerDay = 20;

/** R-TRACK-8: what the page sends. A call back needs the number to call. */
export const pourRequestCreateSchema = z
  .object({
    kind: z.enum(pourRequestKinds),
    callbackPhone: z
      .string()
      .trim()
      .max(pourRequestLimits.phone)
      .regex(phoneNumberPattern, phoneNumberReason)
      .optional()
      .transform((value) => (value ? value : undefined)),
    /** How much more, for an added load; the order's load size when not given. */
    quantity: z.number().gt(0, 'must be more than 0').max(pourRequestLimits.quantity).optional(),
    note: z
      .string()
      .trim()
      .max(pourRequestLimits.note)
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'callMe' && !body.callbackPhone) {
      ctx.addIssue({
        code: 'custom',
        path: ['callbackPhone'],
        message: 'is required to be called back',
      });
    }
  });
export type PourRequestCreate = z.output<typeof pourRequestCreateSchema>;
export type PourRequestCreateInput = z.input<typeof pourRequestCreateSchema>;

/** R-TRACK-9: a request as the page shows it: what was asked, and dispatch's answer. */
export const pourRequestViewSchema = z.object({
  id: z.int(),
  kind: z.enum(pourRequestKinds),
  status: orderRequestStatusSchema,
  createdAt: isoDateStringSchema,
  decidedAt: isoDateStringSchema.nullable(),
  /** Accepted: dispatch's word, if any; rejected: the reason. */
  answer: z.string().nullable(),
});
export type PourRequestView = z.infer<typeof pourRequestViewSchema>;

const isPourKind = (kind: string): kind is PourRequestKind =>
  (pourRequestKinds as readonly string[]).includes(kind);

/**
 * R-TRACK-9: a request as the page shows it, from the office's row: what was asked and dispatch's
 * answer, nothing of the office's. Null for an online order (the customer's office's, not the site's).
 */
export function pourRequestViewOf(row: {
  id: number;
  kind: string;
  status: PourRequestView['status'];
  createdAt: string;
  decidedAt: string | null;
  rejectReason: string | null;
  reply: string | null;
}): PourRequestView | null {
  if (!isPourKind(row.kind)) return null;
  const { status } = row;
  return {
    id: row.id,
    kind: row.kind,
    status,
    createdAt: row.createdAt,
    decidedAt: status === 'withdrawn' ? null : row.decidedAt,
    answer: status === 'rejected' ? row.rejectReason : status === 'accepted' ? row.reply : null,
  };
}
