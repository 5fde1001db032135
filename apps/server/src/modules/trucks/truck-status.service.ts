import { and, eq, sql } from 'drizzle-orm';
import type { TicketLiveView, TicketTimestampField } from '@dispatch/domain/tickets/ticket';
import { finishesUnloading } from '@dispatch/domain/delivery/delivery-state';
import {
  truckStatusById,
  truckStatusIds,
  type TruckStatusId,
} from '@dispatch/domain/trucks/truck-status';
import type { Db, Tx } from '../../db/client';
import { truckFlags } from '../../db/schema/lookups';
import { plants } from '../../db/schema/plants';
import { tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { writeAndPublish } from '../../dispatch/publish';
import { notFound } from '../../http/api-error';
import { boardEffectsOf } from './board-effects';
import { settleOrderDeliveries } from '../deliveries/delivery-settlement.service';
import { publishTicket, ticketLiveColumns } from '../tickets/ticket-live';
import { translatingDatabaseErrors } from '../../http/database-errors';
import {
  staleTruck,
  toTruckLiveView,
  toTruckResponse,
  truckConstraintFields,
  trucksOfSystemTypes,
} from './trucks.service';
import type { TruckResponse } from '@dispatch/domain/trucks/truck-views';
import {
  closeUpYard,
  endOfYard,
  lockYardOfTruckIfTouched,
  lockYards,
  publishYard,
} from './truck-yard';

export type TruckStatusChange = {
  id: number;
  statusId: TruckStatusId;
  /** When given, a truck changed since this version is refused with 409. */
  version?: number | undefined;
  now: Date;
  /** Who made the change, named by a re-projection it causes (R-BOARD-7). */
  username?: string | undefined;
  /** A caller's system types (R-PERM-2): a truck of none of them is not found. */
  systemTypeIds?: readonly number[] | undefined;
  /** R-GPS-13: the geofence rules set it; any other change is a person's and clears the mark. */
  fromGps?: boolean | undefined;
};

type StampedTicket = {
  live: TicketLiveView;
  /** The status's own time, when it stamped it (the board's drift reads it, R-BOARD-7). */
  field: TicketTimestampField | null;
  /** A stamp that may deliver or complete the ticket (R-DELIV-3): its order is settled. */
  settles: boolean;
};

/**
 * Stamps the status's time on the ticket unless it already has one and, when the status shows
 * the truck is done at the job, the finish-unload time too (R-DELIV-3); answers what it stamped.
 */
async function stampTicket(
  tx: Tx,
  ticketId: number,
  statusId: TruckStatusId,
  now: Date,
): Promise<StampedTicket | undefined> {
  const own = truckStatusById(statusId).ticketTimestamp;
  const [ticket] = await tx
    .select({
      onJobDateTime: tickets.onJobDateTime,
      startUnloadDateTime: tickets.startUnloadDateTime,
      finishUnloadDateTime: tickets.finishUnloadDateTime,
      arrivePlantDateTime: tickets.arrivePlantDateTime,
      ownStamp: own === null ? sql<null>`null` : tickets[own],
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .for('update');
  if (!ticket) return undefined;
  const fields = new Set<TicketTimestampField>();
  if (own !== null && ticket.ownStamp === null) fields.add(own);
  if (finishesUnloading(statusId, ticket)) fields.add('finishUnloadDateTime');
  if (fields.size === 0) return undefined;
  const [live] = await tx
    .update(tickets)
    .set({
      ...Object.fromEntries([...fields].map((field) => [field, now])),
      version: sql`${tickets.version} + 1`,
      modifiedAt: now,
    })
    .where(eq(tickets.id, ticketId))
    .returning(ticketLiveColumns);
  return {
    live: live!,
    field: own !== null && fields.has(own) ? own : null,
    settles: fields.has('finishUnloadDateTime') || fields.has('arrivePlantDateTime'),
  };
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
  const entersYard = statusId === truckStatusIds.inYard;
  const before = await lockYardOfTruckIfTouched(tx, id, entersYard);
  if (!before) throw notFound('The truck');
  const [locked] = await tx
    .select({
      truck: trucks,
      // Unchanged by a status change: the answer is built from this and the changes.
      truckFlag: truckFlags.description,
      // Who hears of the change: the users of its plant's system type.
      systemTypeId: plants.systemTypeId,
    })
    .from(trucks)
    .leftJoin(truckFlags, eq(truckFlags.id, trucks.truckFlagId))
    .leftJoin(plants, eq(plants.id, trucks.plantId))
    .where(
      and(
        eq(trucks.id, id),
        change.systemTypeIds ? trucksOfSystemTypes(change.systemTypeIds) : undefined,
      ),
    )
    .for('update', { of: trucks });
  if (!locked) throw notFound('The truck');
  const current = locked.truck;
  if (change.version !== undefined && change.version !== current.version) {
    throw staleTruck(current.version);
  }
  // The truck moved plant, or into the yard, between the two reads: lock its yard now. This one
  // lock comes after a row lock; should it close a circle, PostgreSQL breaks it and the loser is
  // answered 409 'try again'.
  const touchesYard = entersYard || current.inYardSequenceNum !== null;
  if (touchesYard && (!before.yardLocked || current.plantId !== before.plantId)) {
    await lockYards(tx, [current.plantId]);
  }

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

  const stamped =
    current.currentTicketId !== null
      ? await stampTicket(tx, current.currentTicketId, statusId, now)
      : undefined;

  const changes = {
    statusId,
    statusDateTime: now,
    statusFromGps: change.fromGps === true,
    inYardSequenceNum: place,
    // A truck that joins or leaves the yard starts over from where the sequence puts it.
    ...(yardChanged ? { wasMoved: false } : {}),
    // Arriving back at the plant ends the load the truck was working.
    ...(entersYard ? { currentTicketId: null } : {}),
    // The row is locked: no one else moves the version on meanwhile.
    version: current.version + 1,
    modifiedAt: now,
  };
  // R-BOARD-6..9: the plant's status averages, and a re-projection should the stamp drift.
  const board = await boardEffectsOf(tx, {
    truckId: id,
    plantId: current.plantId,
    statusId,
    now,
    onTicket: !entersYard && current.currentTicketId !== null,
    stamped: stamped?.field ? { ticketId: stamped.live.id, field: stamped.field } : null,
    username: change.username,
  });
  // The answer and the event are the locked row with the changes, so the write and its events
  // go in one statement.
  const truck = toTruckResponse({ ...current, ...changes }, locked.truckFlag, now);
  await writeAndPublish(
    tx,
    tx.update(trucks).set(changes).where(eq(trucks.id, id)).returning({ id: trucks.id }),
    [
      {
        name: 'truckUpdate_v1',
        data: toTruckLiveView(truck),
        ids: [id],
        systemTypeId: locked.systemTypeId,
      },
      ...board.events,
    ],
  );
  if (yardChanged && current.plantId !== null) await publishYard(tx, current.plantId);
  await board.apply(tx);
  if (stamped) {
    // R-DELIV-3..8: unloading finished or the truck is back: the ticket, its load and its order
    // follow, and their events go out with the truck's.
    const settled = stamped.settles
      ? await settleOrderDeliveries(tx, {
          orderId: stamped.live.orderId,
          touchedTicketIds: [stamped.live.id],
          username: change.username ?? 'dispatch',
          now,
        })
      : null;
    if (!settled?.ticketIdsChanged.includes(stamped.live.id)) await publishTicket(tx, stamped.live);
  }
  return truck;
}

/** One transaction: the truck, its yard, its ticket and their events commit together or not at all. */
export async function changeTruckStatus(db: Db, change: TruckStatusChange): Promise<TruckResponse> {
  return translatingDatabaseErrors(
    () => db.transaction((tx) => changeTruckStatusIn(tx, change)),
    truckConstraintFields,
  );
}
