/**
 * R-BOARD-1..5, R-BOARD-9: the load-scheduling board in four indexed statements: the plants, their
 * trucks (with the load each works), the window's loads (found by their on-job time, plus every
 * load out on a ticket) with their schedule's times and their ticket's stamps, and those loads'
 * orders. The domain projects each load's cycle and decides which loads the window holds.
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  BoardLoad,
  BoardOrder,
  BoardPlant,
  BoardTruck,
  LoadBoard,
} from '@dispatch/domain/dispatch/load-board';
import {
  boardReachMinutes,
  cycleInWindow,
  projectBoardLoad,
} from '@dispatch/domain/dispatch/load-reprojection';
import { loadStatusIds } from '@dispatch/domain/dispatch/load-status';
import {
  closedOrderStatusIds,
  isOnActiveSchedule,
  statusAverages,
} from '@dispatch/domain/dispatch/status-averages';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { pendingReason } from '@dispatch/domain/orders/pending-orders';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import {
  isTruckStatusId,
  truckStatusById,
  truckStatusIds,
} from '@dispatch/domain/trucks/truck-status';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';
import type { Db } from '../../db/client';

/** R-BOARD-1: the board serves concrete and aggregate (spec section 2). */
export const boardSystemTypeIds = [1, 2] as const satisfies readonly SystemTypeId[];

export type BoardRequest = {
  from: Date;
  to: Date;
  /** The plants asked for; undefined for every active plant the caller may see. */
  plantIds: readonly number[] | undefined;
  allowedSystemTypeIds: readonly SystemTypeId[];
  now: Date;
};

type PlantRow = {
  id: number;
  description: string;
  system_type_id: number;
  batch_time: number | null;
  in_yard_wash_time: number | null;
};

type TruckRow = {
  id: number;
  plant_id: number;
  truck_flag_id: number | null;
  truck_flag: string | null;
  status_id: number | null;
  identification_number: string;
  in_yard_sequence_num: number | null;
  status_date_time: Date | string | null;
  status_from_gps: boolean;
  version: number;
  load_id: number | null;
  order_id: number | null;
  order_number: number | null;
  order_status_id: number | null;
  ticket_number: number | null;
};

type LoadRow = {
  id: number;
  order_id: number;
  schedule_id: number;
  plant_id: number;
  load_number: number;
  quantity: string | number;
  status_id: number;
  ticket_id: number | null;
  on_job_ms: number | null;
  version: number;
  first_load_ms: number | null;
  quantity_per_hour: string | number;
  load_interval_time: number;
  travel_time_to_job: number;
  travel_time_to_plant: number;
  on_job_wait_minutes: number;
  on_job_wash_minutes: number;
  load_size: string | number | null;
  ticket_number: number | null;
  truck_id: number | null;
  truck_number: string | null;
  ticket_date_time: string | null;
  loaded_date_time: string | null;
  to_job_date_time: string | null;
  on_job_date_time: string | null;
  finish_unload_date_time: string | null;
  to_plant_date_time: string | null;
  arrive_plant_date_time: string | null;
  print_failure: string | null;
};

type OrderRow = {
  id: number;
  number: number;
  customer_name: string | null;
  job_description: string | null;
  job_address: string | null;
  plant_id: number;
  system_type_id: number;
  order_status_id: number;
  order_flag_id: number | null;
  dispatch_notes: string | null;
  credit_notes: string | null;
  version: number;
  confirmed_at: string | null;
  product_description: string | null;
  unit_of_measure: number | null;
  ordered: string | number | null;
  delivered: string | number | null;
};

const toDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);
const num = (value: string | number | null): number | null =>
  value === null ? null : Number(value);
const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;
const minuteMs = 60_000;

/** An instant as PostgreSQL writes it in ISO form, as Date#toISOString would: no Date parsed per row. */
const isoText = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** An instant as epoch milliseconds: a float parses far faster than a timestamp. */
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/** Trucks that are not available for loads today. */
const outOfServiceStatuses: readonly number[] = [
  truckStatusIds.outOfService,
  truckStatusIds.offDuty,
];

/** The board's plants: those asked for, or every active one, of the board's types the caller has. */
export async function boardPlants(
  db: Db,
  request: Pick<BoardRequest, 'plantIds' | 'allowedSystemTypeIds'>,
): Promise<PlantRow[]> {
  const types = boardSystemTypeIds.filter((id) => request.allowedSystemTypeIds.includes(id));
  if (types.length === 0) return [];
  const which = request.plantIds
    ? sql`id = any(${intArray(request.plantIds)})`
    : sql`not inactive_flag`;
  const { rows } = await db.execute<PlantRow>(sql`
    select id, description, system_type_id, batch_time, in_yard_wash_time
      from plants
     where system_type_id = any(${intArray(types)}) and ${which}
     order by description, id`);
  return rows;
}

/** The whole board in one answer (the route keeps its two parts apart, see load-board.routes.ts). */
export async function readLoadBoard(
  db: Db,
  request: BoardRequest,
  plants: readonly PlantRow[],
): Promise<LoadBoard> {
  const [plantsOnBoard, orders] = await Promise.all([
    readBoardPlants(db, plants, request.now),
    readBoardOrders(db, request, plants),
  ]);
  return {
    from: request.from.toISOString(),
    to: request.to.toISOString(),
    generatedAt: request.now.toISOString(),
    plants: plantsOnBoard,
    orders,
  };
}

/** R-BOARD-1: the plants with their yards in sequence, their trucks out and their averages. */
export async function readBoardPlants(
  db: Db,
  plants: readonly PlantRow[],
  now: Date,
): Promise<BoardPlant[]> {
  if (plants.length === 0) return [];
  const plantIds = plants.map((plant) => plant.id);
  const truckRows = await db.execute<TruckRow>(sql`
      select t.id, t.plant_id, t.truck_flag_id, f.description as truck_flag, t.status_id,
             t.identification_number, t.in_yard_sequence_num, t.status_date_time, t.status_from_gps,
             t.version, l.id as load_id, tk.order_id, o.number as order_number,
             o.order_status_id, tk.number as ticket_number
        from trucks t
        left join truck_flags f on f.id = t.truck_flag_id
        left join tickets tk on tk.id = t.current_ticket_id
        left join orders o on o.id = tk.order_id
        left join loads l on l.ticket_id = tk.id
       where t.plant_id = any(${intArray(plantIds)}) and not t.inactive_flag
       order by t.in_yard_sequence_num nulls last, t.status_date_time, t.id`);
  return plants.map((plant) => plantOnBoard(plant, truckRows.rows, now));
}

/**
 * R-BOARD-3..5: the orders with a load in the window (its projected cycle overlaps it) or out on
 * a ticket, each with those loads, projected and as stamped.
 */
export async function readBoardOrders(
  db: Db,
  request: Pick<BoardRequest, 'from' | 'to'>,
  plants: readonly PlantRow[],
): Promise<BoardOrder[]> {
  if (plants.length === 0) return [];
  const plantIds = plants.map((plant) => plant.id);
  const plantById = new Map(plants.map((plant) => [plant.id, plant]));
  const reachFrom = new Date(request.from.getTime() - boardReachMinutes * minuteMs);
  const reachTo = new Date(request.to.getTime() + boardReachMinutes * minuteMs);
  const loadRows = await db.execute<LoadRow>(sql`
      with candidates as (
        select id from loads where on_job_time between ${reachFrom} and ${reachTo}
        union
        select id from loads where status_id = ${loadStatusIds.ticketed}
        union
        select l.id from schedules s join loads l on l.schedule_id = s.id
         where s.plant_id = any(${intArray(plantIds)}) and l.on_job_time is null
           and s.first_load_on_job_time between ${new Date(reachFrom.getTime() - 24 * 60 * minuteMs)} and ${reachTo}
      )
      select l.id, l.order_id, l.schedule_id, s.plant_id, l.load_number, l.quantity, l.status_id,
             l.ticket_id, ${epochMs(sql`l.on_job_time`)} as on_job_ms, l.version,
             ${epochMs(sql`s.first_load_on_job_time`)} as first_load_ms, s.quantity_per_hour,
             s.load_interval_time, s.travel_time_to_job, s.travel_time_to_plant, s.on_job_wait_minutes,
             s.on_job_wash_minutes, sp.load_size, tk.number as ticket_number, tk.truck_id,
             tk.truck_number,
             ${isoText(sql`tk.ticket_date_time`)} as ticket_date_time,
             ${isoText(sql`tk.loaded_date_time`)} as loaded_date_time,
             ${isoText(sql`tk.to_job_date_time`)} as to_job_date_time,
             ${isoText(sql`tk.on_job_date_time`)} as on_job_date_time,
             ${isoText(sql`tk.finish_unload_date_time`)} as finish_unload_date_time,
             ${isoText(sql`tk.to_plant_date_time`)} as to_plant_date_time,
             ${isoText(sql`tk.arrive_plant_date_time`)} as arrive_plant_date_time,
             tk.print_failure
        from candidates c
        join loads l on l.id = c.id
        join schedules s on s.id = l.schedule_id
        join orders o on o.id = l.order_id
        left join schedule_products sp on sp.schedule_id = s.id and sp.primary_flag
        left join tickets tk on tk.id = l.ticket_id
       where s.plant_id = any(${intArray(plantIds)})
         and l.status_id <> ${loadStatusIds.cancelled}
         and o.order_status_id <> all(${intArray(closedOrderStatusIds)})
       order by l.order_id, l.schedule_id, l.load_number`);

  const loadsByOrder = new Map<number, BoardLoad[]>();
  for (const row of loadRows.rows) {
    const plant = plantById.get(row.plant_id);
    const projected = projectBoardLoad({
      loadNumber: row.load_number,
      onJobTime: row.on_job_ms === null ? null : new Date(row.on_job_ms),
      firstLoadOnJobTime: row.first_load_ms === null ? null : new Date(row.first_load_ms),
      loadSize: num(row.load_size),
      quantityPerHour: num(row.quantity_per_hour),
      loadIntervalTime: row.load_interval_time,
      travelTimeToJob: row.travel_time_to_job,
      travelTimeToPlant: row.travel_time_to_plant,
      onJobWaitMinutes: row.on_job_wait_minutes,
      onJobWashMinutes: row.on_job_wash_minutes,
      batchMinutes: plant?.batch_time ?? 0,
      plantWashMinutes: plant?.in_yard_wash_time ?? 0,
    });
    if (!projected) continue;
    const outOnTicket = row.status_id === loadStatusIds.ticketed;
    if (!outOnTicket && !cycleInWindow(projected, request.from, request.to)) continue;
    const load: BoardLoad = {
      id: row.id,
      orderId: row.order_id,
      scheduleId: row.schedule_id,
      plantId: row.plant_id,
      loadNumber: row.load_number,
      quantity: Number(row.quantity),
      statusId: row.status_id,
      ticketId: row.ticket_id,
      ticketNumber: row.ticket_number,
      truckId: row.truck_id,
      truckNumber: row.truck_number,
      projected,
      actual: {
        ticketTime: row.ticket_date_time,
        loadedTime: row.loaded_date_time,
        toJobTime: row.to_job_date_time,
        onJobTime: row.on_job_date_time,
        finishUnloadTime: row.finish_unload_date_time,
        toPlantTime: row.to_plant_date_time,
        arrivePlantTime: row.arrive_plant_date_time,
      },
      printFailure: row.print_failure,
      version: row.version,
    };
    const list = loadsByOrder.get(row.order_id);
    if (list) list.push(load);
    else loadsByOrder.set(row.order_id, [load]);
  }

  const orderIds = [...loadsByOrder.keys()];
  const asking = pendingPourRequests(db, orderIds);
  const orderRows =
    orderIds.length === 0
      ? []
      : (
          await db.execute<OrderRow>(sql`
            select o.id, o.number, o.customer_name, o.plant_id, o.system_type_id,
                   o.order_status_id, o.order_flag_id, o.dispatch_notes, o.version,
                   ${isoText(sql`o.confirmed_at`)} as confirmed_at,
                   case when o.order_status_id = ${orderStatusIds.onHold} then o.credit_notes end
                     as credit_notes,
                   coalesce(nullif(j.address2, ''), j.number) as job_description,
                   concat_ws(', ', nullif(j.address1, ''), nullif(j.address3, '')) as job_address,
                   primaries.description as product_description, primaries.unit as unit_of_measure,
                   primaries.ordered, primaries.delivered
              from orders o
              left join jobs j on j.id = o.job_id
              left join (
                select s.order_id, sum(sp.quantity) as ordered, sum(sp.delivered_quantity) as delivered,
                       min(coalesce(sp.product_description, p.description)) as description,
                       min(sp.unit_of_measure) as unit
                  from schedules s
                  join schedule_products sp on sp.schedule_id = s.id and sp.primary_flag
                  left join products p on p.id = sp.product_id
                 where s.order_id = any(${intArray(orderIds)})
                 group by s.order_id) primaries on primaries.order_id = o.id
             where o.id = any(${intArray(orderIds)})
             order by o.number`)
        ).rows;

  const asked = await asking;
  return orderRows.map((row) => ({
    id: row.id,
    number: row.number,
    customerName: row.customer_name ?? '',
    jobDescription: row.job_description ?? '',
    jobAddress: row.job_address ?? '',
    plantId: row.plant_id,
    systemTypeId: row.system_type_id,
    orderStatusId: row.order_status_id,
    willCall: row.order_status_id === orderStatusIds.willCall,
    onHold: row.order_status_id === orderStatusIds.onHold,
    holdReason: pendingReason(row.credit_notes),
    orderFlagId: row.order_flag_id,
    dispatchNotes: row.dispatch_notes ?? '',
    productDescription: row.product_description ?? '',
    unitOfMeasure: isUnitId(row.unit_of_measure) ? unitAbbreviation(row.unit_of_measure) : '',
    orderedQuantity: Number(row.ordered ?? 0),
    deliveredQuantity: Number(row.delivered ?? 0),
    version: row.version,
    confirmedAt: row.confirmed_at,
    loads: loadsByOrder.get(row.id) ?? [],
    pourRequests: asked.get(row.id) ?? [],
  }));
}

type PourRequestRow = {
  id: number;
  order_id: number;
  kind: BoardOrder['pourRequests'][number]['kind'];
  notes: string | null;
  callback_phone: string | null;
  created_at: string;
};

/** R-TRACK-8: the pour pages' requests still waiting for dispatch, by order, oldest first. */
async function pendingPourRequests(db: Db, orderIds: readonly number[]) {
  const byOrder = new Map<number, BoardOrder['pourRequests']>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.execute<PourRequestRow>(sql`
      select id, order_id, kind, notes, callback_phone, ${isoText(sql`created_at`)} as created_at
        from order_requests
       where order_id = any(${intArray(orderIds)}) and status = 'pending' and kind <> 'order'
       order by created_at, id`);
  for (const row of rows.rows) {
    const request = {
      id: row.id,
      kind: row.kind,
      notes: row.notes,
      callbackPhone: row.callback_phone,
      createdAt: row.created_at,
    };
    const list = byOrder.get(row.order_id);
    if (list) list.push(request);
    else byOrder.set(row.order_id, [request]);
  }
  return byOrder;
}

function boardTruck(row: TruckRow, now: Date): BoardTruck {
  const status =
    row.status_id !== null && isTruckStatusId(row.status_id)
      ? truckStatusById(row.status_id)
      : undefined;
  const since = toDate(row.status_date_time);
  return {
    id: row.id,
    plantId: row.plant_id,
    truckFlagId: row.truck_flag_id,
    truckFlag: row.truck_flag ?? '',
    statusId: row.status_id,
    identificationNumber: row.identification_number,
    minutes: since ? Math.max(0, Math.floor((now.getTime() - since.getTime()) / minuteMs)) : 0,
    inYardSequenceNum: row.in_yard_sequence_num,
    statusDescription: status?.name ?? '',
    statusLocation: status?.location ?? '',
    statusDateTime: since?.toISOString() ?? null,
    statusFromGps: row.status_from_gps,
    loadId: row.load_id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    ticketNumber: row.ticket_number,
  };
}

function plantOnBoard(plant: PlantRow, trucks: readonly TruckRow[], now: Date): BoardPlant {
  const own = trucks.filter((truck) => truck.plant_id === plant.id);
  const inService = own.filter(
    (truck) => truck.status_id === null || !outOfServiceStatuses.includes(truck.status_id),
  );
  const onLoads = own.filter((truck) =>
    isOnActiveSchedule({
      onTicket: truck.ticket_number !== null,
      orderStatusId: truck.order_status_id,
    }),
  );
  return {
    id: plant.id,
    description: plant.description,
    systemTypeId: plant.system_type_id,
    trucksAvailable: inService.length,
    // The rows come in yard order: the first takes the next load.
    yard: own.filter((truck) => truck.in_yard_sequence_num !== null).map((t) => boardTruck(t, now)),
    out: inService
      .filter((truck) => truck.in_yard_sequence_num === null)
      .map((t) => boardTruck(t, now)),
    statusAverages: statusAverages(
      onLoads.map((truck) => ({
        id: truck.id,
        statusId: truck.status_id,
        statusDateTime: toDate(truck.status_date_time),
      })),
      now,
    ),
  };
}
