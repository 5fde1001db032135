import {
  and,
  asc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { isUnitId } from '@dispatch/domain/units';
import type { Db } from '../../db/client';
import { countAll, pageWithTotal, totalMatches } from '../../db/paging';
import { orders } from '../../db/schema/orders';
import { ticketProducts, tickets } from '../../db/schema/tickets';
import { likePattern, type ListQuery } from '../../http/list-query';
import type { TicketProductView, TicketView } from '@dispatch/domain/tickets/ticket-view';
import type { TicketSort } from './tickets.schemas';

export type TicketListOptions = ListQuery<TicketSort> & {
  /** The caller's system types, through each ticket's order. */
  allowedSystemTypeIds: readonly SystemTypeId[];
  /** Instants bounding ticketDateTime: from included, until excluded. */
  from?: Date | undefined;
  until?: Date | undefined;
  plantId?: number[] | undefined;
  orderId?: number | undefined;
  truckId?: number | undefined;
  statusId?: number[] | undefined;
  includeVoided: boolean;
};

/** The instant a business day (YYYY-MM-DD) starts in the server's zone; `days` moves it. */
export function startOfBusinessDay(day: string, days = 0): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + days);
}

/** The server's local day, YYYY-MM-DD (the demo, the board and the driver count days so). */
export function businessDayOf(now: Date): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The instant the business day holding `now` started, in the server's zone. */
export function startOfBusinessDayAt(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

const ticketColumns = {
  ...getTableColumns(tickets),
  orderNumber: orders.number,
  customerName: orders.customerName,
  systemTypeId: orders.systemTypeId,
};
type TicketRow = typeof tickets.$inferSelect & {
  orderNumber: number;
  customerName: string;
  systemTypeId: number;
};

/** A voided ticket has a void reason or a void time, whichever the voiding screen recorded. */
const notVoided = and(isNull(tickets.voidStatusId), isNull(tickets.voidDateTime));

function listConditions(options: TicketListOptions): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    inArray(orders.systemTypeId, [...options.allowedSystemTypeIds]),
  ];
  // tickets_ticket_date_time_idx serves the day; tickets_order_id_idx an order's tickets.
  if (options.from) conditions.push(gte(tickets.ticketDateTime, options.from));
  if (options.until) conditions.push(lt(tickets.ticketDateTime, options.until));
  if (options.plantId) conditions.push(inArray(tickets.plantId, options.plantId));
  if (options.orderId !== undefined) conditions.push(eq(tickets.orderId, options.orderId));
  if (options.truckId !== undefined) conditions.push(eq(tickets.truckId, options.truckId));
  if (options.statusId) conditions.push(inArray(tickets.statusId, options.statusId));
  if (!options.includeVoided) conditions.push(notVoided);
  if (options.search) {
    const pattern = likePattern(options.search);
    conditions.push(
      or(ilike(sql`${tickets.number}::text`, pattern), ilike(tickets.truckNumber, pattern)),
    );
  }
  return and(...conditions);
}

function sortOrder(options: TicketListOptions): SQL[] {
  const sort = options.sort ?? 'ticketDateTime';
  const direction = sql.raw(options.order === 'desc' ? 'desc' : 'asc');
  const chosen = (column: SQLWrapper) => sql`${column} ${direction}`;
  const columns: Record<TicketSort, SQL[]> = {
    ticketDateTime: [chosen(tickets.ticketDateTime)],
    number: [chosen(tickets.number)],
    // A plant's tickets newest first, as the plant's ticket book reads.
    plantId: [chosen(tickets.plantId), sql`${tickets.ticketDateTime} desc`],
  };
  return [...columns[sort], asc(tickets.id)];
}

export async function listTickets(
  db: Db,
  options: TicketListOptions,
): Promise<{ rows: TicketView[]; count: number }> {
  if (options.allowedSystemTypeIds.length === 0) return { rows: [], count: 0 };
  const where = listConditions(options);
  const { rows, count } = await pageWithTotal(
    await db
      .select({ ...ticketColumns, total: totalMatches() })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(where)
      .orderBy(...sortOrder(options))
      .limit(options.limit)
      .offset(options.offset),
    options.offset,
    () =>
      db
        .select({ n: countAll() })
        .from(tickets)
        .innerJoin(orders, eq(orders.id, tickets.orderId))
        .where(where),
  );
  const productsByTicket = await productsOf(
    db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => toView(row, productsByTicket.get(row.id) ?? [])), count };
}

/** A ticket whose order is of one of the caller's system types, voided or not. */
export async function getTicket(
  db: Db,
  options: { id: number; allowedSystemTypeIds: readonly SystemTypeId[] },
): Promise<TicketView | undefined> {
  if (options.allowedSystemTypeIds.length === 0) return undefined;
  const [row] = await db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(
      and(
        eq(tickets.id, options.id),
        inArray(orders.systemTypeId, [...options.allowedSystemTypeIds]),
      ),
    );
  if (!row) return undefined;
  const productsByTicket = await productsOf(db, [row.id]);
  return toView(row, productsByTicket.get(row.id) ?? []);
}

async function productsOf(db: Db, ticketIds: number[]): Promise<Map<number, TicketProductView[]>> {
  const byTicket = new Map<number, TicketProductView[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await db
    .select()
    .from(ticketProducts)
    .where(inArray(ticketProducts.ticketId, ticketIds))
    .orderBy(asc(ticketProducts.ticketId), asc(ticketProducts.id));
  for (const row of rows) {
    const unit = row.unitOfMeasure;
    const list = byTicket.get(row.ticketId) ?? [];
    list.push({
      id: row.id,
      ticketId: row.ticketId,
      productId: row.productId,
      quantity: row.quantity,
      deliveredQuantity: row.deliveredQuantity ?? 0,
      unusedQuantity: row.unusedQuantity ?? 0,
      price: row.price,
      slump: row.slump,
      taxableFlag: row.taxableFlag,
      unitOfMeasure: unit !== null && isUnitId(unit) ? unit : null,
      version: row.version,
    });
    byTicket.set(row.ticketId, list);
  }
  return byTicket;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toView(row: TicketRow, products: TicketProductView[]): TicketView {
  return {
    id: row.id,
    number: row.number,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    customerName: row.customerName,
    systemTypeId: row.systemTypeId as SystemTypeId,
    scheduleId: row.scheduleId,
    plantId: row.plantId,
    truckId: row.truckId,
    truckNumber: row.truckNumber ?? '',
    truckCompanyId: row.truckCompanyId,
    loadNumber: row.loadNumber,
    statusId: row.statusId,
    voidStatusId: row.voidStatusId,
    voidedFlag: row.voidStatusId !== null || row.voidDateTime !== null,
    voidReason: row.voidReason,
    billOfLadingNumber: row.billOfLadingNumber,
    driverId: row.driverId,
    batchmanId: row.batchmanId,
    grossWeight: row.grossWeight,
    tareWeight: row.tareWeight,
    netWeight: row.netWeight,
    waterAdded: row.waterAdded,
    maxAllowableWaterGallons: row.maxAllowableWaterGallons,
    codAmount: row.codAmount,
    ticketDateTime: row.ticketDateTime.toISOString(),
    printDateTime: iso(row.printDateTime),
    batchDateTime: iso(row.batchDateTime),
    loadedDateTime: iso(row.loadedDateTime),
    toJobDateTime: iso(row.toJobDateTime),
    onJobDateTime: iso(row.onJobDateTime),
    startUnloadDateTime: iso(row.startUnloadDateTime),
    finishUnloadDateTime: iso(row.finishUnloadDateTime),
    toPlantDateTime: iso(row.toPlantDateTime),
    arrivePlantDateTime: iso(row.arrivePlantDateTime),
    suspendDateTime: iso(row.suspendDateTime),
    testBeginDateTime: iso(row.testBeginDateTime),
    testEndDateTime: iso(row.testEndDateTime),
    voidDateTime: iso(row.voidDateTime),
    // The ticket keeps who wrote it and who voided it; later edits are not attributed.
    createdByUsername: row.userName ?? '',
    modifiedByUsername: '',
    voidedByUsername: row.voidUserName ?? '',
    products,
    modifiedAt: row.modifiedAt.toISOString(),
    version: row.version,
  };
}
