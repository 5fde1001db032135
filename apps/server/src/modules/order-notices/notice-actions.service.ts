/**
 * R-TRACK-12, R-TRACK-13: what a day-before notice's links do. Its token (the database's name and
 * 256 random bits, as a tracking link's) is stored only as its SHA-256 and opens its notice until
 * the end of the day after the delivery; every other token is the same "not found". Confirming
 * stamps the order confirmed by the customer (once) and tells the boards (orderUpdate_v1);
 * "cancel or change" becomes a `change` request of the order for dispatch (R-TRACK-8).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PourRequestCreate } from '@dispatch/domain/tracking/pour-requests';
import type { OrderNotice } from '@dispatch/domain/tracking/notices';
import { trackingLinkExpiry } from '@dispatch/domain/tracking/tracking-link';
import { hashToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { orderNotices } from '../../db/schema/order-notices';
import { orders } from '../../db/schema/orders';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { createPourRequest } from '../order-requests/pour-requests.service';
import { publishOrderLive, readBack } from '../orders/order-live';

/** Who confirmed an order from its notice (orders.confirmed_by). */
export const confirmedByCustomer = 'customer';

export type NoticeOfToken = { id: number; orderId: number; day: string };

/** The day-before notice a token opens now, or null. */
export async function noticeOfToken(
  db: Db,
  token: string,
  now: Date,
): Promise<NoticeOfToken | null> {
  const [notice] = await db
    .select({ id: orderNotices.id, orderId: orderNotices.orderId, day: orderNotices.day })
    .from(orderNotices)
    .where(
      and(eq(orderNotices.actionTokenHash, hashToken(token)), eq(orderNotices.kind, 'dayBefore')),
    );
  if (!notice || trackingLinkExpiry(notice.day) <= now) return null;
  return notice;
}

/**
 * Confirms the order once: the answer is when it was confirmed, and whether this call did it.
 * The order's version is left alone (no one's open edit of it turns stale for this).
 */
export async function confirmOrder(
  db: Db,
  notice: NoticeOfToken,
  now: Date,
): Promise<{ confirmedAt: Date; now: boolean }> {
  return db.transaction(async (tx) => {
    const [stamped] = await tx
      .update(orders)
      .set({ confirmedAt: now, confirmedBy: confirmedByCustomer })
      .where(and(eq(orders.id, notice.orderId), isNull(orders.confirmedAt)))
      .returning({ systemTypeId: orders.systemTypeId });
    if (!stamped) {
      const [order] = await tx
        .select({ confirmedAt: orders.confirmedAt })
        .from(orders)
        .where(eq(orders.id, notice.orderId));
      return { confirmedAt: order?.confirmedAt ?? now, now: false };
    }
    await tx
      .update(orderNotices)
      .set({ action: 'confirmed', actedAt: now })
      .where(eq(orderNotices.id, notice.id));
    await publishOrderLive(
      tx,
      await readBack(tx, notice.orderId, stamped.systemTypeId as SystemTypeId),
    );
    return { confirmedAt: now, now: true };
  });
}

/** "Cancel or change": the order's `change` request for dispatch, with what the customer wrote. */
export async function requestChange(
  db: Db,
  notice: NoticeOfToken,
  body: Pick<PourRequestCreate, 'note' | 'callbackPhone'>,
  now: Date,
): Promise<void> {
  await createPourRequest(
    db,
    notice.orderId,
    { kind: 'change', note: body.note, callbackPhone: body.callbackPhone },
    now,
  );
  await db
    .update(orderNotices)
    .set({ action: 'changeRequested', actedAt: now })
    .where(eq(orderNotices.id, notice.id));
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** R-TRACK-13: the order's notices, newest first, as the order lists them. */
export async function noticesOfOrder(db: Db, orderId: number): Promise<OrderNotice[]> {
  const rows = await db
    .select()
    .from(orderNotices)
    .where(eq(orderNotices.orderId, orderId))
    .orderBy(desc(orderNotices.createdAt), desc(orderNotices.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as OrderNotice['kind'],
    day: row.day,
    status: row.status as OrderNotice['status'],
    reason: row.reason,
    recipients: row.recipients,
    subject: row.subject,
    attachments: row.attachments,
    action: row.action as OrderNotice['action'],
    actedAt: iso(row.actedAt),
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
  }));
}
