import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TicketLiveView, TicketTimestampField } from '@dispatch/domain/entities/ticket';
import {
  truckStatusById,
  truckStatusIds,
  type TruckStatusId,
} from '@dispatch/domain/trucks/truck-status';
import type { Db, Tx } from '../../db/client';
import { truckFlags } from '../../db/schema/lookups';
import { tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { publish } from '../../dispatch/publish';
import { notFound } from '../../http/api-error';
import { translatingDatabaseErrors } from '../../http/database-errors';
import {
  publishTruckView,
  staleTruck,
  toTruckResponse,
  truckConstraintFields,
} from './trucks.service';
import type { TruckResponse } from './truck-schemas';
import { closeUpYard, endOfYard, lockYardOfTruck, lockYards, publishYard } from './truck-yard';

export type TruckStatusChange = {
  id: number;
  statusId: TruckStatusId;
  /** When given, a truck changed since this version is refused with 409. */
  version?: number | undefined;
  now: Date;
};

/** Stamps the status's time on the ticket unless it already has one; answers the ticket if stamped. */
async function stampTicket(
  tx: Tx,
  ticketId: number,
  field: TicketTimestampField,
  now: Date,
): Promise<TicketLiveView | undefined> {
  const [stamped] = await tx
    .update(tickets)
    .set({ [field]: now, version: sql`${tickets.version} + 1`, modifiedAt: now })
    .where(and(eq(tickets.id, ticketId), isNull(tickets[field])))
    .returning({
      id: tickets.id,
      statusId: tickets.statusId,
      orderId: tickets.orderId,
      plantId: tickets.plantId,
    });
  return stamped;
}

/**
 * Sets a truck's status inside the caller's transaction: the status and its time, the truck's
 * place in its plant's yard, the time on its current ticket, and the events that tell the boards.
 * Every status may follow every other: dispatchers correct the board by hand, and out of service
 * and off duty in particular are reachable from anywhere.
 */
export async function changeTruckStatusIn(
  tx: Tx,
  change: TruckStatusChange,
): Promise<TruckResponse> {
  const { id, statusId, now } = change;
  const before = await lockYardOfTruck(tx, id);
  if (!before) throw notFound('The truck');
  const [current] = await tx
    .select({
      version: trucks.version,
      plantId: trucks.plantId,
      inYardSequenceNum: trucks.inYardSequenceNum,
      currentTicketId: trucks.currentTicketId,
      // Unchanged by a status change: the answer is built from this and the updated row.
      truckFlag: truckFlags.description,
    })
    .from(trucks)
    .leftJoin(truckFlags, eq(truckFlags.id, trucks.truckFlagId))
    .where(eq(trucks.id, id))
    .for('update', { of: trucks });
  if (!current) throw notFound('The truck');
  if (change.version !== undefined && change.version !== current.version) {
    throw staleTruck(current.version);
  }
  if (current.plantId !== before.plantId) await lockYards(tx, [current.plantId]);

  const entersYard = statusId === truckStatusIds.inYard;
  let place = current.inYardSequenceNum;
  let yardChanged = false;
  if (current.plantId !== null) {
    if (entersYard && place === null) {
      place = await endOfYard(tx, current.plantId);
      yardChanged = true;
    } else if (!entersYard && place !== null) {
      await closeUpYard(tx, current.plantId, place);
      place = null;
      yardChanged = true;
    }
  } else if (!entersYard) {
    place = null;
  }

  const timestamp = truckStatusById(statusId).ticketTimestamp;
  const stamped =
    current.currentTicketId !== null && timestamp !== null
      ? await stampTicket(tx, current.currentTicketId, timestamp, now)
      : undefined;

  const [updated] = await tx
    .update(trucks)
    .set({
      statusId,
      statusDateTime: now,
      inYardSequenceNum: place,
      // A truck that joins or leaves the yard starts over from where the sequence puts it.
      ...(yardChanged ? { wasMoved: false } : {}),
      // Arriving back at the plant ends the load the truck was working.
      ...(entersYard ? { currentTicketId: null } : {}),
      version: sql`${trucks.version} + 1`,
      modifiedAt: now,
    })
    .where(eq(trucks.id, id))
    .returning();

  const truck = await publishTruckView(tx, toTruckResponse(updated!, current.truckFlag, now));
  if (yardChanged && current.plantId !== null) await publishYard(tx, current.plantId);
  if (stamped) await publish(tx, { name: 'ticketUpdate_v1', data: stamped, ids: [stamped.id] });
  return truck;
}

/** One transaction: the truck, its yard, its ticket and their events commit together or not at all. */
export async function changeTruckStatus(db: Db, change: TruckStatusChange): Promise<TruckResponse> {
  return translatingDatabaseErrors(
    () => db.transaction((tx) => changeTruckStatusIn(tx, change)),
    truckConstraintFields,
  );
}
