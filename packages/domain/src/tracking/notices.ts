/**
 * R-TRACK-10..15 (issue 27, item 4): the notices an order's addresses get by e-mail. The day
 * before a delivery, a confirmation with one-click confirm and "cancel or change" links; when
 * the first load is sent, the tracking link and the first ETA; at the day's end, the delivered
 * tickets. Each kind is switched on or off per customer. Without an SMTP server a notice is kept
 * (written, not sent) and listed on the order.
 */
import { z } from 'zod';
import { isoDateStringSchema } from '../dates/iso-date';

export const noticeKinds = ['dayBefore', 'firstLoad', 'daysEnd'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/** Pending: claimed, not yet written; kept: written but not sent (no SMTP, or e-mail off). */
export const noticeStatuses = ['pending', 'sent', 'kept', 'failed'] as const;
export type NoticeStatus = (typeof noticeStatuses)[number];

/** What the customer did with a day-before notice's links. */
export const noticeActions = ['confirmed', 'changeRequested'] as const;
export type NoticeAction = (typeof noticeActions)[number];

/** R-TRACK-13: a notice as the order lists it (what it said is kept, not listed). */
export const orderNoticeSchema = z.object({
  id: z.int(),
  kind: z.enum(noticeKinds),
  /** The day it is about: the order's ship date. */
  day: z.iso.date(),
  status: z.enum(noticeStatuses),
  /** Why it was kept or failed. */
  reason: z.string().nullable(),
  recipients: z.array(z.string()),
  subject: z.string().nullable(),
  attachments: z.array(z.string()),
  action: z.enum(noticeActions).nullable(),
  actedAt: isoDateStringSchema.nullable(),
  createdAt: isoDateStringSchema,
  sentAt: isoDateStringSchema.nullable(),
});
export type OrderNotice = z.infer<typeof orderNoticeSchema>;

export const orderNoticeListSchema = z.object({ data: z.array(orderNoticeSchema) });

/**
 * R-TRACK-10: when the day's runs start, on the producer's clock. The day-before notices go from
 * 14:00 (time for a foreman to answer while the office is open) to midnight, so an order entered
 * later for tomorrow gets its own; the day's-end summaries from 18:00, each once its order has no
 * load left on the road. Constants, not system parameters: one fixed hour is what customers learn
 * to expect.
 */
export const noticeTimes = { dayBefore: '14:00', daysEnd: '18:00' } as const;

/** Whether a day's run of `kind` is due at the wall-clock time `time` (HH:MM). */
export function noticeRunDue(kind: 'dayBefore' | 'daysEnd', time: string): boolean {
  return time >= noticeTimes[kind];
}

/** The order's addresses from its "Ticket and invoice emails" (commas or semicolons), deduplicated. */
export function noticeRecipientsOf(csv: string | null): string[] {
  const addresses = (csv ?? '')
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter((address) => z.email().safeParse(address).success);
  return [...new Set(addresses.map((address) => address.toLowerCase()))];
}
