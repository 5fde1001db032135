/**
 * R-DELIV-2..8: what a status change, a void, a ticket saved at the scale, a time edit or a
 * returned quantity means for the order it touches, settled inside the caller's transaction. The
 * rules are the domain's delivery state machine; this reads the order's tickets, loads and
 * schedule lines once, asks the rules, writes only what changed and tells the boards
 * (ticketUpdate_v1, loadUpdate_v1, orderUpdate_v1), so the events exist if and only if the write
 * committed.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import {
  deliveredLineQuantity,
  loadStatusOf,
  orderStatusAfterDelivery,
  ticketStatusAfterStamps,
  scheduleLinesDelivered,
} from '@dispatch/domain/delivery/delivery-state';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Tx } from '../../db/client';
import { orders, scheduleProducts, schedules } from '../../db/schema/orders';
import { loads, ticketProducts, tickets } from '../../db/schema/tickets';
import { publishLoad } from '../tickets/load-live';
import { announce, publishOrderLive, readBack } from '../orders/order-live';
import { publishTicket, ticketLiveColumns } from '../tickets/ticket-live';
import { ticketVoided } from '../tickets/ticket-void';

export type Settlement = {
  orderId: number;
  /** Tickets of the order that changed (a status, a void, a quantity, a new ticket). */
  ticketIds?: readonly number[] | undefined;
  /** Of those, the ones whose stamps changed: their status follows the stamps (R-DELIV-3). */
  touchedTicketIds?: readonly number[] | undefined;
  username: string;
  now: Date;
};

export type SettledOrder = {
  orderStatusId: number;
  /** Tickets whose status this settlement changed (their ticketUpdate_v1 is sent). */
  ticketIdsChanged: number[];
};

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The order, locked: deliveries of its trucks settle one after the other. */
async function lockOrder(tx: Tx, orderId: number) {
  const [order] = await tx
    .select({
      id: orders.id,
      orderStatusId: orders.orderStatusId,
      systemTypeId: orders.systemTypeId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return order;
}

/** The changed tickets with their lines, in one statement. */
async function ticketsWithLines(tx: Tx, ticketIds: readonly number[]) {
  if (ticketIds.length === 0) return [];
  return tx
    .select({
      id: tickets.id,
      statusId: tickets.statusId,
      voided: ticketVoided,
      onJobDateTime: tickets.onJobDateTime,
      startUnloadDateTime: tickets.startUnloadDateTime,
      finishUnloadDateTime: tickets.finishUnloadDateTime,
      arrivePlantDateTime: tickets.arrivePlantDateTime,
      lineId: ticketProducts.id,
      quantity: ticketProducts.quantity,
      unusedQuantity: ticketProducts.unusedQuantity,
      deliveredQuantity: ticketProducts.deliveredQuantity,
    })
    .from(tickets)
    .leftJoin(ticketProducts, eq(ticketProducts.ticketId, tickets.id))
    .where(inArray(tickets.id, [...ticketIds]));
}

/** Writes each (id, value) pair in one statement. */
async function writeQuantities(
  tx: Tx,
  table: 'ticket_products' | 'schedule_products',
  values: [number, number][],
): Promise<void> {
  if (values.length === 0) return;
  const rows = sql.join(
    values.map(([id, quantity]) => sql`(${id}::int, ${quantity}::numeric)`),
    sql`, `,
  );
  await tx.execute(sql`update ${sql.identifier(table)} as target
       set delivered_quantity = v.quantity
      from (values ${rows}) as v(id, quantity)
     where target.id = v.id`);
}

/**
 * Settles one order after something happened to some of its tickets: the touched tickets'
 * statuses from their stamps, each changed ticket's lines' delivered quantities and its load's
 * status, each schedule line's delivered quantity and the order's status, with their events.
 * Only the order row is locked besides what changes: the caller already holds its tickets, and
 * a load is locked by the update that changes it.
 */
export async function settleOrderDeliveries(tx: Tx, settlement: Settlement): Promise<SettledOrder> {
  const { orderId, now, username } = settlement;
  const order = await lockOrder(tx, orderId);
  if (!order) return { orderStatusId: 0, ticketIdsChanged: [] };
  const touched = new Set(settlement.touchedTicketIds ?? []);

  // The changed tickets: the touched ones' statuses follow their stamps.
  const rows = await ticketsWithLines(tx, [
    ...new Set([...(settlement.ticketIds ?? []), ...touched]),
  ]);
  const ticketById = new Map<number, { statusId: number; voided: boolean }>();
  const ticketIdsChanged: number[] = [];
  for (const row of rows) {
    if (ticketById.has(row.id)) continue;
    const statusId = touched.has(row.id) ? ticketStatusAfterStamps(row) : row.statusId;
    ticketById.set(row.id, { statusId, voided: row.voided });
    if (statusId === row.statusId) continue;
    const [written] = await tx
      .update(tickets)
      .set({
        statusId,
        version: sql`${tickets.version} + 1`,
        modifiedAt: now,
        modifiedBy: username,
      })
      .where(eq(tickets.id, row.id))
      .returning(ticketLiveColumns);
    await publishTicket(tx, written!);
    ticketIdsChanged.push(row.id);
  }

  // Their lines: what each delivered.
  const lineChanges: [number, number][] = [];
  for (const row of rows) {
    if (row.lineId === null) continue;
    const delivered = deliveredLineQuantity(ticketById.get(row.id)!, {
      quantity: row.quantity ?? 0,
      unusedQuantity: row.unusedQuantity,
    });
    if ((row.deliveredQuantity ?? 0) !== delivered) lineChanges.push([row.lineId, delivered]);
  }
  await writeQuantities(tx, 'ticket_products', lineChanges);

  // The order's loads: each one on a changed ticket follows it.
  const orderLoads = await tx.select().from(loads).where(eq(loads.orderId, orderId));
  const loadStatuses: { statusId: number }[] = [];
  for (const load of orderLoads) {
    const ticket = load.ticketId === null ? undefined : ticketById.get(load.ticketId);
    if (ticket === undefined) {
      loadStatuses.push({ statusId: load.statusId });
      continue;
    }
    const statusId = loadStatusOf(load, ticket);
    loadStatuses.push({ statusId });
    if (statusId === load.statusId && !ticket.voided) continue;
    const [written] = await tx
      .update(loads)
      .set({
        statusId,
        // A load whose ticket was voided lets it go: it may be sent again on a new ticket.
        ...(ticket.voided ? { ticketId: null } : {}),
        version: sql`${loads.version} + 1`,
        modifiedAt: now,
        modifiedBy: username,
      })
      .where(eq(loads.id, load.id))
      .returning();
    await publishLoad(tx, written!);
  }

  // Schedule lines: what the schedule's tickets delivered of each product (their lines' stored
  // delivered quantities, summed per schedule and product).
  const lines = await tx
    .select({
      id: scheduleProducts.id,
      scheduleId: scheduleProducts.scheduleId,
      productId: scheduleProducts.productId,
      primaryFlag: scheduleProducts.primaryFlag,
      quantity: scheduleProducts.quantity,
      deliveredQuantity: scheduleProducts.deliveredQuantity,
    })
    .from(scheduleProducts)
    .innerJoin(schedules, eq(schedules.id, scheduleProducts.scheduleId))
    .where(eq(schedules.orderId, orderId));
  const ticketLines = await tx
    .select({
      scheduleId: tickets.scheduleId,
      productId: ticketProducts.productId,
      deliveredQuantity: sql<number>`coalesce(sum(${ticketProducts.deliveredQuantity}), 0)::float8`,
    })
    .from(tickets)
    .innerJoin(ticketProducts, eq(ticketProducts.ticketId, tickets.id))
    .where(eq(tickets.orderId, orderId))
    .groupBy(tickets.scheduleId, ticketProducts.productId);
  const delivered = scheduleLinesDelivered(lines, ticketLines);
  const scheduleChanges: [number, number][] = lines.flatMap((line) => {
    const quantity = delivered.get(line.id) ?? 0;
    return quantity === line.deliveredQuantity ? [] : [[line.id, quantity] as [number, number]];
  });

  const primaries = lines.filter((line) => line.primaryFlag);
  const orderStatusId = orderStatusAfterDelivery(order.orderStatusId, {
    loads: loadStatuses,
    orderedQuantity: round3(primaries.reduce((sum, line) => sum + line.quantity, 0)),
    deliveredQuantity: round3(
      primaries.reduce((sum, line) => sum + (delivered.get(line.id) ?? 0), 0),
    ),
  });
  const statusChanged = orderStatusId !== order.orderStatusId;
  if (scheduleChanges.length === 0 && !statusChanged) return { orderStatusId, ticketIdsChanged };

  const systemTypeId = order.systemTypeId as SystemTypeId;
  const before = statusChanged ? await readBack(tx, orderId, systemTypeId) : null;
  await writeQuantities(tx, 'schedule_products', scheduleChanges);
  if (statusChanged) {
    await tx
      .update(orders)
      .set({
        orderStatusId,
        version: sql`${orders.version} + 1`,
        modifiedAt: now,
        modifiedBy: username,
      })
      .where(eq(orders.id, orderId));
  }
  const after = await readBack(tx, orderId, systemTypeId);
  if (before) {
    // R-DELIV-8: the order's history says when it started shipping or completed, and for whom.
    await announce(tx, after, before, 'delivery', { username, now });
  } else {
    await publishOrderLive(tx, after);
  }
  return { orderStatusId, ticketIdsChanged };
}
