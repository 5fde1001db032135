/**
 * R-KPI-1..6: the rows the delivery performance figures are made of, read for one caller's period
 * and plants. Every rule is the domain's (`deliveryKpis`); this file only decides which orders and
 * tickets it is handed, and reads them as they are stored.
 */
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { deliveryKpis } from '@dispatch/domain/delivery-kpis/delivery-kpis';
import type {
  DeliveryKpis,
  DeliveryKpisQuery,
} from '@dispatch/domain/delivery-kpis/delivery-kpis-schema';
import type {
  DeliveryKpiOrder,
  DeliveryKpiTicket,
} from '@dispatch/domain/delivery-kpis/kpi-ticket';
import { firstLoadOf } from '@dispatch/domain/delivery-kpis/on-time';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Db } from '../../db/client';
import { truckCompanies } from '../../db/schema/lookups';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { tickets } from '../../db/schema/tickets';
import { trucks } from '../../db/schema/trucks';
import { validationError } from '../../http/api-error';
import { startOfBusinessDay } from '../tickets/tickets.service';
import { ticketVoided } from '../tickets/ticket-void';

export type DeliveryKpiRequest = DeliveryKpisQuery & {
  /** The caller's system types (R-SYS-5): a plant of another type is neither read nor listed. */
  allowedSystemTypeIds: readonly SystemTypeId[];
  /**
   * A plant asked for that the caller may not see: refused (the route, a 400 naming `plantIds`),
   * or left out, as every report leaves out what the requester may not see (R-RPT-6).
   */
  unseenPlants?: 'refuse' | 'leaveOut';
};

type TicketRow = DeliveryKpiTicket & { readonly id: number };

/**
 * The plants the answer covers: those asked for, or every plant of the caller's system types. A
 * plant asked for that does not exist or is of a type the caller may not see is a 400 naming
 * `plantIds`, as the load board answers it, rather than a plant silently left out.
 */
async function plantsOf(db: Db, request: DeliveryKpiRequest): Promise<number[]> {
  const refuse = request.unseenPlants !== 'leaveOut';
  if (request.allowedSystemTypeIds.length === 0) {
    if (refuse && request.plantIds?.length) throw missingPlants(request.plantIds);
    return [];
  }
  const rows = await db
    .select({ id: plants.id })
    .from(plants)
    .where(
      and(
        inArray(plants.systemTypeId, [...request.allowedSystemTypeIds]),
        request.plantIds ? inArray(plants.id, request.plantIds) : undefined,
      ),
    );
  const ids = rows.map((row) => row.id);
  const missing = request.plantIds?.filter((id) => !ids.includes(id)) ?? [];
  if (refuse && missing.length > 0) throw missingPlants(missing);
  return ids;
}

function missingPlants(ids: readonly number[]) {
  return validationError([
    {
      field: 'plantIds',
      reason: `refers to plants that do not exist or are not yours to see: ${ids.join(', ')}`,
    },
  ]);
}

/** What the figures read of a ticket, under the domain's names (R-KPI-1). */
const ticketFields = {
  id: tickets.id,
  orderId: tickets.orderId,
  plantId: tickets.plantId,
  // R-KPI-4: utilisation measures our own trucks; an outside truck, or one of an outside hauling
  // company, counts as no truck (a truck not ours, as R-DELIV-5 reads it).
  truckId: sql<number | null>`case
    when coalesce(${trucks.outsideTruckFlag}, false) or coalesce(${truckCompanies.outsideCompanyFlag}, false)
    then null else ${tickets.truckId} end`,
  statusId: tickets.statusId,
  voided: ticketVoided,
  ticketDateTime: tickets.ticketDateTime,
  batchDateTime: tickets.batchDateTime,
  loadedDateTime: tickets.loadedDateTime,
  toJobDateTime: tickets.toJobDateTime,
  onJobDateTime: tickets.onJobDateTime,
  startUnloadDateTime: tickets.startUnloadDateTime,
  finishUnloadDateTime: tickets.finishUnloadDateTime,
  toPlantDateTime: tickets.toPlantDateTime,
  arrivePlantDateTime: tickets.arrivePlantDateTime,
  // R-KPI-5 reads R-DELIV-2's stored value, never a rule of its own.
  deliveredQuantity: sql<
    string | number | null
  >`(select sum(tp.delivered_quantity) from ticket_products tp where tp.ticket_id = ${tickets.id})`,
};

async function readTickets(db: Db, where: SQL | undefined): Promise<TicketRow[]> {
  const rows = await db
    .select(ticketFields)
    .from(tickets)
    .leftJoin(trucks, eq(trucks.id, tickets.truckId))
    // The ticket's own copy of the company first: a ticket reads as it was written.
    .leftJoin(
      truckCompanies,
      eq(truckCompanies.id, sql`coalesce(${tickets.truckCompanyId}, ${trucks.truckCompanyId})`),
    )
    .where(where);
  return rows.map((row) => ({
    ...row,
    voided: Boolean(row.voided),
    deliveredQuantity: Number(row.deliveredQuantity ?? 0),
  }));
}

/**
 * R-KPI-1..6 for one caller: the period's days are the server's business days (R-VALID-15), as
 * the reports count them. Read are the tickets of the plants written on a day of the period, the
 * orders whose asked first load falls on one (R-KPI-2) and every ticket of those orders, since
 * an order's first load may have been written the day before or after.
 */
export async function readDeliveryKpis(db: Db, request: DeliveryKpiRequest): Promise<DeliveryKpis> {
  const plantIds = await plantsOf(db, request);
  const query: DeliveryKpisQuery = {
    from: request.from,
    to: request.to,
    // The plants asked for that are read: each is listed, with nothing or with its figures.
    ...(request.plantIds
      ? { plantIds: request.plantIds.filter((id) => plantIds.includes(id)) }
      : {}),
  };
  if (plantIds.length === 0) return deliveryKpis(query, { orders: [], tickets: [] });
  const start = startOfBusinessDay(request.from);
  const end = startOfBusinessDay(request.to, 1);
  const askedOrders = and(
    gte(orders.firstLoadTime, start),
    lt(orders.firstLoadTime, end),
    inArray(orders.systemTypeId, [...request.allowedSystemTypeIds]),
  );
  // Two reads rather than one `or`: each is found by its own index (plant and time, order).
  const [orderRows, periodTickets, orderTickets] = await Promise.all([
    db
      .select({ id: orders.id, firstLoadTime: orders.firstLoadTime })
      .from(orders)
      .where(askedOrders),
    readTickets(
      db,
      and(
        inArray(tickets.plantId, plantIds),
        gte(tickets.ticketDateTime, start),
        lt(tickets.ticketDateTime, end),
      ),
    ),
    readTickets(
      db,
      inArray(tickets.orderId, db.select({ id: orders.id }).from(orders).where(askedOrders)),
    ),
  ]);
  const ticketRows = [
    ...new Map([...periodTickets, ...orderTickets].map((row) => [row.id, row])).values(),
  ].sort((a, b) => a.id - b.id);
  return deliveryKpis(query, rowsForPlants(orderRows, ticketRows, new Set(plantIds)));
}

/**
 * The rows of the plants asked for. R-KPI-6: an order belongs to the plant of the ticket that
 * carried its first load, so it is found among all its tickets, wherever they were written, and
 * the order is kept only when that plant is one asked for; otherwise a later load from an asked
 * plant would pass for its first. Tickets of other plants are left out of every figure.
 */
function rowsForPlants(
  orderRows: readonly DeliveryKpiOrder[],
  ticketRows: readonly TicketRow[],
  plantIds: ReadonlySet<number>,
): { orders: DeliveryKpiOrder[]; tickets: TicketRow[] } {
  const ticketsOfOrder = new Map<number, TicketRow[]>();
  for (const ticket of ticketRows) {
    const list = ticketsOfOrder.get(ticket.orderId) ?? [];
    list.push(ticket);
    ticketsOfOrder.set(ticket.orderId, list);
  }
  const ownOrders = orderRows.filter((order) => {
    const first = firstLoadOf(ticketsOfOrder.get(order.id) ?? []);
    return first !== null && plantIds.has(first.plantId);
  });
  return {
    orders: ownOrders,
    tickets: ticketRows.filter((ticket) => plantIds.has(ticket.plantId)),
  };
}
