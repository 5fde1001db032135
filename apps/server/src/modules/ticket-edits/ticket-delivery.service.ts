/**
 * R-ETICKET-1..8: the signed e-ticket (issue 26 item 3, ASTM C94). The receiver signs on the
 * driver's phone; the delivery is stored beside the ticket (one per ticket, a correction replaces
 * it), its water is copied onto the ticket in gallons, and the change is versioned, audited and
 * announced like every other ticket edit. It lives with the ticket edits because it needs both the
 * truck's question of who may act for it (modules/trucks sits above modules/tickets) and the
 * ticket writers' form.
 */
import { and, eq, sql } from 'drizzle-orm';
import { formIdOf } from '@dispatch/domain/resources/define';
import { insufficientPermissionMessage } from '@dispatch/domain/messages';
import { canView, permissionFlags } from '@dispatch/domain/permissions';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import {
  deliveryProblems,
  waterInGallons,
  type TicketDelivery,
  type TicketDeliveryView,
  type WaterUnit,
} from '@dispatch/domain/tickets/ticket-delivery';
import { createHash } from 'node:crypto';
import { recordAudit } from '../../audit/audit-trail';
import type { AuthContext } from '../../auth/session-store';
import { formName } from '../../auth/guard';
import type { Db, Tx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { ticketDeliveries } from '../../db/schema/ticket-deliveries';
import { tickets } from '../../db/schema/tickets';
import { publish } from '../../dispatch/publish';
import { ApiError, notFound, validationError } from '../../http/api-error';
import { translatingDatabaseErrors } from '../../http/database-errors';
import { publishTicket } from '../tickets/ticket-live';
import { refuseStale, refuseVoided } from '../tickets/ticket-refusals';
import { truckActor } from '../trucks/truck-access';
import { dataUrlBytes, pngProblem } from './png-image';

/** Edit Tickets (51201): who signs for a ticket no truck carries (a pickup, a ticket typed late). */
const editTicketsFormId = formIdOf('EditTickets');

type DeliveryRow = typeof ticketDeliveries.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

export type DeliveryWriter = { auth: AuthContext; now: Date };

function viewOf(row: DeliveryRow, ticketVersion: number): TicketDeliveryView {
  const waterUnit = row.waterUnit as WaterUnit;
  return {
    ticketId: row.ticketId,
    deliveredQuantity: row.deliveredQuantity,
    waterAdded: row.waterAdded,
    waterUnit,
    waterAddedGallons: waterInGallons(row.waterAdded, waterUnit),
    waterOverMaximumSigned: row.waterOverMaximumSigned,
    comments: row.comments ?? '',
    receiverName: row.receiverName,
    signaturePng: row.signaturePng,
    photoJpeg: row.photoJpeg,
    signedAt: row.signedAt.toISOString(),
    recordedAt: row.recordedAt.toISOString(),
    recordedBy: row.recordedBy,
    ticketVersion,
  };
}

/**
 * The ticket, or 404. The write locks it, so two phones (or a phone and a clerk) signing at once
 * are taken one after the other and the second meets the first's version.
 */
async function ticketOf(
  tx: Db | Tx,
  id: number,
  lock: boolean,
): Promise<{ ticket: TicketRow; systemTypeId: number }> {
  const query = tx
    .select({ ticket: tickets, systemTypeId: orders.systemTypeId })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.id, id));
  const [row] = lock ? await query.for('update', { of: tickets }) : await query;
  if (!row) throw notFound(`Ticket ${id}`);
  return row;
}

/**
 * R-ETICKET-5: the truck's driver or a dispatcher of its boards (truckActor); a ticket no truck
 * carries, only the ticket writers of its system type (Edit Tickets, writing level to sign). A
 * ticket of a system type the caller cannot see and no truck of theirs is not found for them.
 */
async function refuseUnlessMayAct(
  tx: Db | Tx,
  auth: AuthContext,
  found: { ticket: TicketRow; systemTypeId: number },
  write: boolean,
): Promise<void> {
  if (found.ticket.truckId !== null) {
    await truckActor(tx, auth, found.ticket.truckId);
    return;
  }
  if (!allowedSystemTypes(auth.groupIds).some((type) => type === found.systemTypeId)) {
    throw notFound(`Ticket ${found.ticket.id}`);
  }
  const level = auth.permissions.levelOf(editTicketsFormId);
  if (!canView(level)) {
    throw new ApiError('permission', insufficientPermissionMessage(formName(editTicketsFormId)));
  }
  if (write && permissionFlags(level).readOnly) {
    throw new ApiError('permission', `${formName(editTicketsFormId)} is read-only for you.`);
  }
}

const sha256 = (value: string | null) =>
  value === null ? null : createHash('sha256').update(value).digest('hex');

/**
 * The delivery as the ticket's history keeps it: every field, the images by their SHA-256 (the
 * history lists values as text, and a signature's digest proves which one was replaced).
 */
function auditRecordOf(row: Omit<DeliveryRow, 'recordedAt' | 'recordedBy'> | undefined) {
  if (!row) return {};
  return {
    receiverName: row.receiverName,
    deliveredQuantity: row.deliveredQuantity,
    deliveryWaterAdded: `${row.waterAdded} ${row.waterUnit}`,
    waterOverMaximumSigned: row.waterOverMaximumSigned,
    deliveryComments: row.comments ?? '',
    signedAt: row.signedAt.toISOString(),
    signatureSha256: sha256(row.signaturePng),
    photoSha256: sha256(row.photoJpeg),
  };
}

/** A quantity as numeric(12,3) keeps it: what a replay's number is compared as. */
const stored = (value: number) => Math.round(value * 1000) / 1000;

/** R-ETICKET-7: the same delivery sent again (a phone retrying a lost answer) changes nothing. */
function sameDelivery(row: DeliveryRow, delivery: TicketDelivery): boolean {
  return (
    row.deliveredQuantity === stored(delivery.deliveredQuantity) &&
    row.waterAdded === stored(delivery.waterAdded) &&
    row.waterUnit === delivery.waterUnit &&
    row.waterOverMaximumSigned === delivery.waterOverMaximumSigned &&
    (row.comments ?? '') === delivery.comments &&
    row.receiverName === delivery.receiverName &&
    row.signaturePng === delivery.signaturePng &&
    row.photoJpeg === (delivery.photoJpeg ?? null) &&
    row.signedAt.getTime() === Date.parse(delivery.signedAt)
  );
}

/** R-ETICKET-1..7: POST /api/v1/tickets/{id}/delivery. */
export async function signTicketDelivery(
  db: Db,
  options: DeliveryWriter & { id: number; delivery: TicketDelivery },
): Promise<TicketDeliveryView> {
  const { auth, now, id, delivery } = options;
  return translatingDatabaseErrors(() =>
    db.transaction(async (tx) => {
      const found = await ticketOf(tx, id, true);
      await refuseUnlessMayAct(tx, auth, found, true);
      const { ticket } = found;
      const [existing] = await tx
        .select()
        .from(ticketDeliveries)
        .where(eq(ticketDeliveries.ticketId, id));
      if (existing && sameDelivery(existing, delivery)) return viewOf(existing, ticket.version);
      refuseStale(ticket, delivery.version);
      refuseVoided(ticket);
      const problems = deliveryProblems(delivery, {
        maxAllowableWaterGallons: ticket.maxAllowableWaterGallons,
        now,
      });
      const signatureProblem = pngProblem(dataUrlBytes(delivery.signaturePng));
      if (signatureProblem) problems.push({ field: 'signaturePng', reason: signatureProblem });
      if (problems.length > 0) throw validationError(problems);

      const replaced = {
        deliveredQuantity: delivery.deliveredQuantity,
        waterAdded: delivery.waterAdded,
        waterUnit: delivery.waterUnit,
        waterOverMaximumSigned: delivery.waterOverMaximumSigned,
        comments: delivery.comments === '' ? null : delivery.comments,
        receiverName: delivery.receiverName,
        signaturePng: delivery.signaturePng,
        photoJpeg: delivery.photoJpeg ?? null,
        signedAt: new Date(delivery.signedAt),
        recordedAt: now,
        recordedBy: auth.username,
      };
      const values = { ticketId: id, ...replaced };
      const [written] = await tx
        .insert(ticketDeliveries)
        .values(values)
        .onConflictDoUpdate({ target: ticketDeliveries.ticketId, set: replaced })
        .returning();
      // R-ETICKET-6: the ticket's own water added is in gallons, whatever unit the phone used.
      const waterAdded = waterInGallons(delivery.waterAdded, delivery.waterUnit);
      const [updated] = await tx
        .update(tickets)
        .set({
          waterAdded,
          version: sql`${tickets.version} + 1`,
          modifiedAt: now,
          modifiedBy: auth.username,
        })
        .where(and(eq(tickets.id, id), eq(tickets.version, ticket.version)))
        .returning({
          id: tickets.id,
          statusId: tickets.statusId,
          orderId: tickets.orderId,
          plantId: tickets.plantId,
          version: tickets.version,
        });
      await recordAudit(tx, {
        username: auth.username,
        at: now,
        resource: 'tickets',
        recordId: id,
        action: existing ? 'deliveryCorrected' : 'deliverySigned',
        before: { waterAdded: ticket.waterAdded, ...auditRecordOf(existing) },
        after: { waterAdded, ...auditRecordOf(values) },
      });
      const { version, ...live } = updated!;
      await publishTicket(tx, live);
      await publish(tx, {
        name: 'ticketModifiedNotification_v1',
        data: { ticketId: id, modifiedBy: auth.username },
        ids: [id],
      });
      return viewOf(written!, version);
    }),
  );
}

/** R-ETICKET-6: GET /api/v1/tickets/{id}/delivery, 404 until the receiver has signed. */
export async function ticketDeliveryOf(
  db: Db,
  options: { auth: AuthContext; id: number },
): Promise<TicketDeliveryView> {
  const found = await ticketOf(db, options.id, false);
  await refuseUnlessMayAct(db, options.auth, found, false);
  const [row] = await db
    .select()
    .from(ticketDeliveries)
    .where(eq(ticketDeliveries.ticketId, options.id));
  if (!row) throw notFound(`The delivery of ticket ${found.ticket.number}`);
  return viewOf(row, found.ticket.version);
}
