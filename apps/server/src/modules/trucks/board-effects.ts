/**
 * R-BOARD-6..9: what a truck status change means for the load board, inside the status change's
 * transaction. One statement reads the plant's trucks on loads (for its status averages) and, when
 * the change stamped a time that tells when its load reaches the job, that load's projection
 * inputs (its schedule's plan and when its order was made); the averages ride the truck's own
 * update statement as scheduleStatusAverageUpdate_v1. Only a drift beyond the threshold costs
 * more: the schedule's loads move (later freely, earlier no further than the plan and the order's
 * creation allow), each announced with loadUpdate_v1, and loadScheduleUpdatedNotification_v1 once.
 * The truck status change runs it, so it sits with the trucks; the load board only reads its result.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TicketTimestampField } from '@dispatch/domain/tickets/ticket';
import {
  driftMinutes,
  isDrift,
  isDriftStamp,
  projectBoardLoad,
  projectedStampTime,
  reprojectOnDrift,
  type DriftBounds,
  type DriftStamp,
} from '@dispatch/domain/dispatch/load-reprojection';
import {
  isOnActiveSchedule,
  statusAverages,
  withStatusChange,
  type TruckInStatus,
} from '@dispatch/domain/dispatch/status-averages';
import type { Tx } from '../../db/client';
import { loads } from '../../db/schema/tickets';
import { publish, type PublishedEvent } from '../../dispatch/publish';
import { publishLoad } from '../tickets/load-live';

export type StatusChangeForBoard = {
  truckId: number;
  plantId: number | null;
  statusId: number;
  now: Date;
  /** The truck still works a ticket after the change. */
  onTicket: boolean;
  /** The ticket time the change stamped, if it stamped one. */
  stamped: { ticketId: number; field: TicketTimestampField } | null;
  username?: string | undefined;
};

export type BoardEffects = {
  /** To publish with the truck's update: the plant's status averages. */
  events: PublishedEvent[];
  /** The re-projection when the stamp drifted; nothing to do otherwise. */
  apply(tx: Tx): Promise<void>;
};

type DriftLoadRow = {
  id: number;
  orderId: number;
  scheduleId: number;
  loadNumber: number;
  onJobTime: string | null;
  firstLoadOnJobTime: string | null;
  loadSize: number | string | null;
  quantityPerHour: number | string | null;
  loadIntervalTime: number;
  orderCreatedAt: string;
  travelTimeToJob: number;
  travelTimeToPlant: number;
  onJobWaitMinutes: number;
  onJobWashMinutes: number;
  batchMinutes: number | null;
  plantWashMinutes: number | null;
};

const nothing: BoardEffects = { events: [], apply: async () => {} };
const date = (value: string | null) => (value === null ? null : new Date(value));
const number = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * Reads what the change needs (one statement, none when the truck has no plant and stamped no
 * drift time) and answers the events to publish with the truck's update and the drift's writes.
 */
export async function boardEffectsOf(tx: Tx, change: StatusChangeForBoard): Promise<BoardEffects> {
  const stamp: DriftStamp | null =
    change.stamped && isDriftStamp(change.stamped.field) ? change.stamped.field : null;
  if (change.plantId === null && stamp === null) return nothing;
  const plantId = change.plantId ?? 0;
  const ticketId = stamp ? change.stamped!.ticketId : 0;
  const { rows } = await tx.execute<{ trucks: unknown; load: unknown }>(sql`
    select
      (select coalesce(json_agg(json_build_object('id', t.id, 'statusId', t.status_id,
                 'statusDateTime', t.status_date_time, 'orderStatusId', o.order_status_id)), '[]'::json)
         from trucks t
         join tickets tk on tk.id = t.current_ticket_id
         join orders o on o.id = tk.order_id
        where t.plant_id = ${plantId}) as "trucks",
      (select json_build_object('id', l.id, 'orderId', l.order_id, 'scheduleId', l.schedule_id,
                'loadNumber', l.load_number, 'onJobTime', l.on_job_time,
                'firstLoadOnJobTime', s.first_load_on_job_time, 'loadSize', sp.load_size,
                'quantityPerHour', s.quantity_per_hour, 'loadIntervalTime', s.load_interval_time,
                'orderCreatedAt', o.created_at, 'travelTimeToJob', s.travel_time_to_job,
                'travelTimeToPlant', s.travel_time_to_plant,
                'onJobWaitMinutes', s.on_job_wait_minutes, 'onJobWashMinutes', s.on_job_wash_minutes,
                'batchMinutes', p.batch_time, 'plantWashMinutes', p.in_yard_wash_time)
         from loads l
         join schedules s on s.id = l.schedule_id
         join orders o on o.id = l.order_id
         join plants p on p.id = s.plant_id
         left join schedule_products sp on sp.schedule_id = s.id and sp.primary_flag
        where l.ticket_id = ${ticketId}) as "load"`);
  const row = rows[0];
  const parse = <T>(value: unknown): T =>
    (typeof value === 'string' ? JSON.parse(value) : value) as T;

  const events: PublishedEvent[] = [];
  if (change.plantId !== null) {
    type Row = {
      id: number;
      statusId: number | null;
      statusDateTime: string | null;
      orderStatusId: number;
    };
    const trucks = parse<Row[]>(row?.trucks ?? '[]')
      .filter((truck) => isOnActiveSchedule({ onTicket: true, orderStatusId: truck.orderStatusId }))
      .map((truck): TruckInStatus => ({
        id: truck.id,
        statusId: truck.statusId,
        statusDateTime: date(truck.statusDateTime),
      }));
    const after = withStatusChange(trucks, {
      id: change.truckId,
      statusId: change.statusId,
      statusDateTime: change.now,
      onTicket: change.onTicket,
    });
    events.push({
      name: 'scheduleStatusAverageUpdate_v1',
      data: { plantId: change.plantId, averages: statusAverages(after, change.now) },
    });
  }

  const load = row?.load ? parse<DriftLoadRow | null>(row.load) : null;
  if (!stamp || !load) return { events, apply: async () => {} };
  const plan = planOf(load);
  const times = projectBoardLoad({
    ...plan,
    loadNumber: load.loadNumber,
    onJobTime: date(load.onJobTime),
  });
  if (!times) return { events, apply: async () => {} };
  const drift = driftMinutes(change.now, projectedStampTime(stamp, times, load.travelTimeToJob));
  if (!isDrift(drift)) return { events, apply: async () => {} };
  const bounds: DriftBounds = { plan, orderCreatedAt: new Date(load.orderCreatedAt) };
  // A load with no stored time moves from where the schedule projects it.
  const projectedOnJob = new Date(times.onJobTime);
  return {
    events,
    apply: (writer) => reproject(writer, { load, projectedOnJob, drift, bounds }, change),
  };
}

/** The schedule's plan of its loads (R-ORD-3), as order entry projected it. */
function planOf(load: DriftLoadRow): DriftBounds['plan'] {
  return {
    firstLoadOnJobTime: date(load.firstLoadOnJobTime),
    loadIntervalTime: load.loadIntervalTime,
    loadSize: number(load.loadSize),
    quantityPerHour: number(load.quantityPerHour),
    travelTimeToJob: load.travelTimeToJob,
    travelTimeToPlant: load.travelTimeToPlant,
    onJobWaitMinutes: load.onJobWaitMinutes,
    onJobWashMinutes: load.onJobWashMinutes,
    batchMinutes: load.batchMinutes,
    plantWashMinutes: load.plantWashMinutes,
  };
}

type Drift = {
  load: DriftLoadRow;
  projectedOnJob: Date;
  drift: number;
  bounds: DriftBounds;
};

/**
 * R-BOARD-7: the drifting load and its schedule's later scheduled loads move by the drift, no
 * earlier than the customer asked for them nor than their order allows.
 */
async function reproject(
  tx: Tx,
  { load, projectedOnJob, drift, bounds }: Drift,
  change: StatusChangeForBoard,
): Promise<void> {
  const schedule = await tx
    .select({
      id: loads.id,
      loadNumber: loads.loadNumber,
      statusId: loads.statusId,
      ticketId: loads.ticketId,
      onJobTime: loads.onJobTime,
    })
    .from(loads)
    .where(eq(loads.scheduleId, load.scheduleId));
  const self = schedule.find((each) => each.id === load.id);
  const moves = reprojectOnDrift({
    drift,
    load: {
      id: load.id,
      loadNumber: load.loadNumber,
      statusId: self?.statusId ?? 0,
      ticketId: self?.ticketId ?? 0,
      onJobTime: self?.onJobTime ?? projectedOnJob,
    },
    schedule,
    bounds,
  });
  if (moves.length === 0) return;
  const modifiedBy = change.username ?? null;
  const written = await tx
    .update(loads)
    .set({
      onJobTime: sql`case ${loads.id} ${sql.join(
        moves.map(
          (move) => sql`when ${move.id}::int then ${move.onJobTime.toISOString()}::timestamptz`,
        ),
        sql` `,
      )} end`,
      version: sql`${loads.version} + 1`,
      modifiedAt: change.now,
      modifiedBy,
    })
    .where(
      and(
        eq(loads.scheduleId, load.scheduleId),
        inArray(
          loads.id,
          moves.map((move) => move.id),
        ),
      ),
    )
    .returning();
  for (const each of written) await publishLoad(tx, each);
  await publish(tx, {
    name: 'loadScheduleUpdatedNotification_v1',
    data: { scheduleId: load.scheduleId, orderId: load.orderId, modifiedBy: modifiedBy ?? '' },
    ids: [load.scheduleId],
  });
}
