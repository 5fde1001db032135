/**
 * R-DISP-1..5: dispatching a load to a truck, in one transaction: the load and the truck are
 * locked (the load row, then the truck's yard and row, as truck status changes take them), both
 * are checked under those locks by the domain's rules, the load's ticket is written, the load
 * joins the batch queue and the truck goes to loading through the truck status change, which
 * stamps the ticket's batch time and tells the boards. Of two dispatchers racing for one truck or
 * one load, the second waits on the lock, then sees the winner's writes and is answered 409
 * naming them. A will-call order's loads (R-DISP-12) and a truck flagged needs wash, unless the
 * dispatcher confirmed it (R-DISP-13), are refused by the same rules.
 */
import { alias } from 'drizzle-orm/pg-core';
import { eq, sql } from 'drizzle-orm';
import {
  loadDispatchRefusal,
  truckDispatchRefusal,
  type DispatchRefusal,
} from '@dispatch/domain/dispatch/load-dispatch';
import { batchQueueLoadStatusId } from '@dispatch/domain/dispatch/load-status';
import { orderStatusOnSend } from '@dispatch/domain/delivery/delivery-state';
import type { Load } from '@dispatch/domain/dispatch/load';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import type { Db, Tx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { orders, schedules } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { loads, tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { ApiError, notFound, validationError } from '../../http/api-error';
import { translatingDatabaseErrors } from '../../http/database-errors';
import { settleOrderDeliveries } from '../deliveries/delivery-settlement.service';
import { writeLoadTicket, type WrittenTicket } from '../tickets/load-ticket.service';
import type { TruckResponse } from '@dispatch/domain/trucks/truck-views';
import { changeTruckStatusIn } from '../trucks/truck-status.service';
import { lockYardOfTruckIfTouched } from '../trucks/truck-yard';
import { publishLoad } from '../tickets/load-live';

export type LoadDispatch = {
  loadId: number;
  truckId: number;
  /** When given, a load changed since this version is refused with 409. */
  version?: number | undefined;
  /** R-DISP-13: the dispatcher confirmed sending a truck flagged needs wash. */
  confirmNeedsWash?: boolean | undefined;
  allowedSystemTypeIds: readonly SystemTypeId[];
  username: string;
  now: Date;
};

export type DispatchedLoad = { load: Load; ticket: WrittenTicket; truck: TruckResponse };

function refused(refusal: DispatchRefusal | null): void {
  if (refusal) throw new ApiError('conflict', refusal.message, { code: refusal.code });
}

/** The load, its order and its schedule's plant, the load row locked until the transaction ends. */
async function lockLoad(tx: Tx, loadId: number) {
  const [row] = await tx
    .select({
      load: loads,
      orderNumber: orders.number,
      orderStatusId: orders.orderStatusId,
      systemTypeId: orders.systemTypeId,
      customerId: orders.customerId,
      jobId: orders.jobId,
      customerCreditStatusId: customers.creditStatusId,
      plantId: schedules.plantId,
      plantName: plants.description,
    })
    .from(loads)
    .innerJoin(orders, eq(orders.id, loads.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(schedules, eq(schedules.id, loads.scheduleId))
    .innerJoin(plants, eq(plants.id, schedules.plantId))
    .where(eq(loads.id, loadId))
    .for('update', { of: loads });
  return row;
}

/** The ticket a load already has, as the refusal names it. */
async function ticketOf(tx: Tx, ticketId: number | null) {
  if (ticketId === null) return null;
  const [ticket] = await tx
    .select({ number: tickets.number, truckNumber: tickets.truckNumber })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return ticket ?? null;
}

const currentTickets = alias(tickets, 'current_tickets');
const currentOrders = alias(orders, 'current_orders');

/** The truck, its plant's name and the ticket it is working; the truck row locked. */
async function lockTruck(tx: Tx, truckId: number) {
  // The yard first, then the row: the order truck status changes take them in (truck-yard.ts).
  await lockYardOfTruckIfTouched(tx, truckId, false);
  // The row lock alone first: once it is granted, the read below sees the writes of whoever held
  // it (its ticket and order), which a locking read's re-check of joined rows would not.
  const [exists] = await tx
    .select({ id: trucks.id })
    .from(trucks)
    .where(eq(trucks.id, truckId))
    .for('update');
  if (!exists) return undefined;
  const [row] = await tx
    .select({
      truck: trucks,
      plantName: plants.description,
      currentTicketNumber: currentTickets.number,
      currentOrderNumber: currentOrders.number,
    })
    .from(trucks)
    .leftJoin(plants, eq(plants.id, trucks.plantId))
    .leftJoin(currentTickets, eq(currentTickets.id, trucks.currentTicketId))
    .leftJoin(currentOrders, eq(currentOrders.id, currentTickets.orderId))
    .where(eq(trucks.id, truckId));
  return row;
}

/** The dispatch inside the caller's transaction: its writes and events stand or fall with it. */
export async function dispatchLoadIn(tx: Tx, dispatch: LoadDispatch): Promise<DispatchedLoad> {
  const { now, username } = dispatch;
  const row = await lockLoad(tx, dispatch.loadId);
  if (!row || !dispatch.allowedSystemTypeIds.some((id) => id === row.systemTypeId)) {
    throw notFound(`Load ${dispatch.loadId}`);
  }
  const { load } = row;
  if (dispatch.version !== undefined && dispatch.version !== load.version) {
    throw new ApiError(
      'conflict',
      `Load ${load.loadNumber} of order ${row.orderNumber} was changed by someone else. Reload the board and try again.`,
      { code: 'stale_version', data: { currentVersion: load.version } },
    );
  }
  refused(
    loadDispatchRefusal({
      loadNumber: load.loadNumber,
      statusId: load.statusId,
      orderNumber: row.orderNumber,
      orderStatusId: row.orderStatusId,
      ticket: await ticketOf(tx, load.ticketId),
    }),
  );

  const locked = await lockTruck(tx, dispatch.truckId);
  if (!locked) {
    throw validationError([{ field: 'truckId', reason: 'refers to a truck that does not exist' }]);
  }
  const { truck } = locked;
  refused(
    truckDispatchRefusal(
      {
        identificationNumber: truck.identificationNumber,
        statusId: truck.statusId,
        inactiveFlag: truck.inactiveFlag,
        plantId: truck.plantId,
        plantName: locked.plantName,
        truckFlagId: truck.truckFlagId,
        currentTicket:
          locked.currentTicketNumber !== null && locked.currentOrderNumber !== null
            ? { number: locked.currentTicketNumber, orderNumber: locked.currentOrderNumber }
            : null,
      },
      { id: row.plantId, name: row.plantName },
      { confirmNeedsWash: dispatch.confirmNeedsWash ?? false },
    ),
  );

  const ticket = await writeLoadTicket(tx, {
    load,
    order: {
      id: load.orderId,
      systemTypeId: row.systemTypeId,
      customerId: row.customerId,
      jobId: row.jobId,
      customerCreditStatusId: row.customerCreditStatusId,
    },
    plantId: row.plantId,
    truck,
    username,
    now,
  });

  const [written] = await tx
    .update(loads)
    .set({
      ticketId: ticket.id,
      statusId: batchQueueLoadStatusId,
      driverId: load.driverId ?? truck.driverId,
      version: sql`${loads.version} + 1`,
      modifiedAt: now,
      modifiedBy: username,
    })
    .where(eq(loads.id, load.id))
    .returning();
  const loadView = await publishLoad(tx, written!);
  // R-DELIV-5: the order's first load out turns it from to be shipped into shipping.
  if (orderStatusOnSend(row.orderStatusId) !== row.orderStatusId) {
    await settleOrderDeliveries(tx, { orderId: load.orderId, username, now });
  }

  // The truck takes the ticket, then goes to loading: the status change stamps the ticket's
  // batch time, leaves the yard and sends truckUpdate_v1 and truckSequenceUpdate_v1.
  await tx.update(trucks).set({ currentTicketId: ticket.id }).where(eq(trucks.id, truck.id));
  const truckAnswer = await changeTruckStatusIn(tx, {
    id: truck.id,
    statusId: truckStatusIds.loading,
    now,
    username,
  });
  return { load: loadView, ticket, truck: truckAnswer };
}

export async function dispatchLoad(db: Db, dispatch: LoadDispatch): Promise<DispatchedLoad> {
  return translatingDatabaseErrors(() => db.transaction((tx) => dispatchLoadIn(tx, dispatch)));
}
