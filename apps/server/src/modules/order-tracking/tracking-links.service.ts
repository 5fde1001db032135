/**
 * R-TRACK-1..3: an order's tracking links. A token is the database's name and 256 random bits
 * (as a session's token is); only its SHA-256 is stored. A holder's new link replaces its old one,
 * revoking deletes every holder's, and a link past its expiry opens nothing.
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

/**
 * Who holds a link: dispatch (the one order entry makes and sends the site), the notices (the one
 * they e-mail), or an external user (their own, R-TRACK-16). Each holder's new link replaces its
 * own and never another's, so no holder breaks a link someone else sent.
 */
export type LinkHolder = 'dispatch' | 'notice' | `user:${number}`;

/** R-TRACK-2: a new token for the holder, valid to the end of the day after the ship date. */
async function storeLink(
  db: Db,
  options: {
    orderId: number;
    shipDate: string;
    holder: LinkHolder;
    database: string;
    now: Date;
    by: string;
  },
): Promise<MadeLink> {
  const token = `${options.database}.${newAccessToken()}`;
  const expiresAt = trackingLinkExpiry(options.shipDate);
  const row = {
    tokenHash: hashToken(token),
    expiresAt,
    createdAt: options.now,
    createdBy: options.by,
  };
  await db
    .insert(orderTrackingLinks)
    .values({ orderId: options.orderId, holder: options.holder, ...row })
    .onConflictDoUpdate({
      target: [orderTrackingLinks.orderId, orderTrackingLinks.holder],
      set: row,
    });
  return { token, expiresAt };
}

/** R-TRACK-1, R-TRACK-2: dispatch's new link for the order, replacing the one it had. */
export async function makeTrackingLink(
  db: Db,
  options: { orderId: number; database: string; writer: OrderWriter },
): Promise<MadeLink> {
  const { orderId, writer } = options;
  const order = await writableOrder(db, orderId, writer);
  return storeLink(db, {
    orderId,
    shipDate: order.shipDate,
    holder: 'dispatch',
    database: options.database,
    now: writer.now,
    by: writer.username,
  });
}

/**
 * R-TRACK-11: the link a first-load notice e-mails. Dispatch's own link cannot go in a mail (only
 * its hash recalls it), so the notices hold one of their own: it opens the same page, and neither
 * it nor dispatch's link replaces the other. A later notice's link replaces an earlier notice's.
 */
export async function makeNoticeTrackingLink(
  db: Db,
  options: { orderId: number; shipDate: string; database: string; now: Date },
): Promise<MadeLink> {
  return storeLink(db, { ...options, holder: 'notice', by: 'notice' });
}

/** R-TRACK-16: an external user's own link to one of their orders (the caller checked it is). */
export async function makeFollowerTrackingLink(
  db: Db,
  options: {
    orderId: number;
    shipDate: string;
    userId: number;
    username: string;
    database: string;
    now: Date;
  },
): Promise<MadeLink> {
  return storeLink(db, { ...options, holder: `user:${options.userId}`, by: options.username });
}

/** R-TRACK-1: the order's links (every holder's) open nothing any more. */
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
