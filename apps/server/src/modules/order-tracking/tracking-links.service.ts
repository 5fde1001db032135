/**
 * R-TRACK-1..3: an order's tracking link. The token is the database's name and 256 random bits
 * (as a session's token is); only its SHA-256 is stored. A new link replaces the order's old one,
 * revoking deletes it, and a link past its expiry opens nothing.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { trackingLinkExpiry } from '@dispatch/domain/tracking/tracking-link';
import { hashToken, newAccessToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { orderTrackingLinks } from '../../db/schema/order-tracking';
import { notFound } from '../../http/api-error';
import type { OrderWriter } from '../orders/order-writer';

/** The order a writer may write, or 404 (also for an order of a system type they cannot see). */
async function writableOrder(db: Db, orderId: number, writer: OrderWriter) {
  const [order] =
    writer.allowedSystemTypeIds.length === 0
      ? []
      : await db
          .select({ id: orders.id, shipDate: orders.shipDate, systemTypeId: orders.systemTypeId })
          .from(orders)
          .where(
            and(
              eq(orders.id, orderId),
              inArray(orders.systemTypeId, [...writer.allowedSystemTypeIds]),
            ),
          );
  if (!order) throw notFound(`Order ${orderId}`);
  writer.access(order.systemTypeId as SystemTypeId);
  return order;
}

export type MadeLink = { token: string; expiresAt: Date };

/** R-TRACK-1, R-TRACK-2: a new link for the order, replacing the one it had. */
export async function makeTrackingLink(
  db: Db,
  options: { orderId: number; database: string; writer: OrderWriter },
): Promise<MadeLink> {
  const { orderId, writer } = options;
  const order = await writableOrder(db, orderId, writer);
  const token = `${options.database}.${newAccessToken()}`;
  const expiresAt = trackingLinkExpiry(order.shipDate);
  const row = {
    tokenHash: hashToken(token),
    expiresAt,
    createdAt: writer.now,
    createdBy: writer.username,
  };
  await db
    .insert(orderTrackingLinks)
    .values({ orderId, ...row })
    .onConflictDoUpdate({ target: orderTrackingLinks.orderId, set: row });
  return { token, expiresAt };
}

/** R-TRACK-1: the order's link opens nothing any more. */
export async function revokeTrackingLink(
  db: Db,
  options: { orderId: number; writer: OrderWriter },
): Promise<void> {
  await writableOrder(db, options.orderId, options.writer);
  await db.delete(orderTrackingLinks).where(eq(orderTrackingLinks.orderId, options.orderId));
}

/** R-TRACK-3: the order a presented token opens now, or null (unknown, replaced or expired). */
export async function orderOfToken(db: Db, token: string, now: Date): Promise<number | null> {
  const [link] = await db
    .select({ orderId: orderTrackingLinks.orderId })
    .from(orderTrackingLinks)
    .where(
      and(
        eq(orderTrackingLinks.tokenHash, hashToken(token)),
        gt(orderTrackingLinks.expiresAt, now),
      ),
    );
  return link?.orderId ?? null;
}
