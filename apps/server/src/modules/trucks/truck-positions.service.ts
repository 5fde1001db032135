/**
 * R-GPS-10..13: a truck's positions in. Stores the new fixes, runs them through the geofence rules
 * of `packages/domain/src/trucks/` and applies what they decide through the ordinary status change,
 * at each fix's recordedAt, then tells the boards where the truck is.
 */
import { and, eq, lt, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { parameterValue } from '@dispatch/domain/settings/system-parameters';
import {
  dwellMs,
  initialDwellState,
  dwellStateSchema,
  type DwellState,
} from '@dispatch/domain/trucks/geofence-dwell';
import {
  geofenceTransitionsOf,
  jobFenceOf,
  plantFenceOf,
  type GeofenceTransition,
  type TruckFences,
} from '@dispatch/domain/trucks/geofence-transitions';
import { isTruckStatusId, truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import {
  positionsAheadOf,
  type TruckPosition,
  type TruckPositionsAnswer,
  type TruckPositionUpdate,
} from '@dispatch/domain/trucks/truck-positions';
import type { Db, Tx } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { tickets } from '../../db/schema/tickets';
import { truckGpsStates, truckPositions } from '../../db/schema/truck-positions';
import { trucks } from '../../db/schema/trucks';
import { systemParameters } from '../../db/schema/settings';
import { writeAndPublish } from '../../dispatch/publish';
import { notFound, validationError } from '../../http/api-error';
import { translatingDatabaseErrors } from '../../http/database-errors';
import { readSystemParameter } from '../settings/system-parameters.service';
import { changeTruckStatusIn } from './truck-status.service';
import { truckConstraintFields } from './trucks.service';

/** Serialises one truck's batches: two at once would each judge the fences from the same state. */
const positionsLockClass = 84_840_226;

/** Who the boards name when GPS re-projects a load (R-BOARD-7). */
const gpsUsername = 'GPS';

type TruckAtPost = {
  id: number;
  plantId: number | null;
  statusId: number | null;
  statusDateTime: Date | null;
  currentTicketId: number | null;
  systemTypeId: number | null;
};

type PlantFenceRow = Parameters<typeof plantFenceOf>[0];

/** Every fenced plant of the truck's system type, as one JSON list (fencesOf's share of a read). */
const fencedPlantsOf = (systemTypeId: SQLWrapper) => {
  const fenced = alias(plants, 'fenced');
  return sql<PlantFenceRow[] | null>`(
    select json_agg(json_build_object(
      'id', ${fenced.id}, 'latitude', ${fenced.latitude},
      'longitude', ${fenced.longitude}, 'radius', ${fenced.radius}))
    from ${plants} as ${sql.identifier('fenced')} -- an alias alone renders as its name only
    where ${fenced.systemTypeId} = ${systemTypeId} and ${fenced.radius} is not null)`;
};

/** The job's fence radius (R-GPS-1), read with the job so it costs no round trip of its own. */
const jobRadiusParameter = alias(systemParameters, 'job_radius');

/** R-GPS-1: the fences, from the plant list and the job's site as read. */
function fencesFrom(
  truck: TruckAtPost,
  plantRows: readonly PlantFenceRow[],
  site: { gpsLat: number | null; gpsLon: number | null } | null,
  radiusValue: unknown,
): TruckFences {
  const fenced = plantRows.map(plantFenceOf).filter((fence) => fence !== null);
  const job =
    truck.currentTicketId !== null && site
      ? jobFenceOf(site, parameterValue('jobGeofenceRadiusM', radiusValue))
      : null;
  return {
    plant: fenced.find((fence) => fence.plantId === truck.plantId) ?? null,
    job,
    plants: fenced,
  };
}

type PostContext = {
  truck: TruckAtPost;
  fences: TruckFences;
  /** The last position and dwell state kept for the truck, if any. */
  kept: { recordedAt: Date; dwellState: unknown } | undefined;
};

/**
 * Everything a post judges by, in one read: the truck, its system type, its ticket's job site
 * and the job radius, its plants' fences, and the GPS state kept for it. 120 posts a second
 * each pay this one round trip rather than five (issue 26's bench).
 */
async function contextOf(tx: Tx, truckId: number): Promise<PostContext> {
  const [row] = await tx
    .select({
      id: trucks.id,
      plantId: trucks.plantId,
      statusId: trucks.statusId,
      statusDateTime: trucks.statusDateTime,
      currentTicketId: trucks.currentTicketId,
      systemTypeId: plants.systemTypeId,
      gpsLat: jobs.gpsLat,
      gpsLon: jobs.gpsLon,
      jobRadius: jobRadiusParameter.value,
      fencedPlants: fencedPlantsOf(plants.systemTypeId),
      keptAt: truckGpsStates.recordedAt,
      dwellState: truckGpsStates.dwellState,
    })
    .from(trucks)
    .leftJoin(plants, eq(plants.id, trucks.plantId))
    .leftJoin(tickets, eq(tickets.id, trucks.currentTicketId))
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(jobs, eq(jobs.id, orders.jobId))
    .leftJoin(jobRadiusParameter, eq(jobRadiusParameter.key, 'jobGeofenceRadiusM'))
    .leftJoin(truckGpsStates, eq(truckGpsStates.truckId, trucks.id))
    .where(eq(trucks.id, truckId));
  if (!row) throw notFound('The truck');
  const { gpsLat, gpsLon, jobRadius, fencedPlants, keptAt, dwellState, ...truck } = row;
  return {
    truck,
    fences: fencesFrom(truck, fencedPlants ?? [], { gpsLat, gpsLon }, jobRadius),
    kept: keptAt === null ? undefined : { recordedAt: keptAt, dwellState },
  };
}

/** The fences again after a transition changed them (In yard ends the ticket, and its job). */
async function fencesOf(tx: Tx, truck: TruckAtPost): Promise<TruckFences> {
  const [row] = await tx
    .select({
      fencedPlants: fencedPlantsOf(sql`${truck.systemTypeId}::int`),
      gpsLat: jobs.gpsLat,
      gpsLon: jobs.gpsLon,
      jobRadius: jobRadiusParameter.value,
    })
    .from(trucks)
    .leftJoin(tickets, eq(tickets.id, trucks.currentTicketId))
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(jobs, eq(jobs.id, orders.jobId))
    .leftJoin(jobRadiusParameter, eq(jobRadiusParameter.key, 'jobGeofenceRadiusM'))
    .where(eq(trucks.id, truck.id));
  return fencesFrom(
    truck,
    row?.fencedPlants ?? [],
    row ? { gpsLat: row.gpsLat, gpsLon: row.gpsLon } : null,
    row?.jobRadius,
  );
}

/** Stores the fixes not stored yet; answers those, in recordedAt order. */
async function storeNew(
  tx: Tx,
  truckId: number,
  positions: readonly TruckPosition[],
): Promise<TruckPosition[]> {
  // One fix per time: a device that sent the same instant twice in one batch keeps the first.
  const byTime = new Map<number, TruckPosition>();
  for (const position of positions) {
    const at = new Date(position.recordedAt).getTime();
    if (!byTime.has(at)) byTime.set(at, position);
  }
  const rows = [...byTime.entries()].map(([at, position]) => ({
    truckId,
    recordedAt: new Date(at),
    latitude: position.latitude,
    longitude: position.longitude,
    speedKph: position.speedKph ?? null,
    headingDeg: position.headingDeg ?? null,
    accuracyM: position.accuracyM ?? null,
  }));
  const stored = await tx
    .insert(truckPositions)
    .values(rows)
    .onConflictDoNothing()
    .returning({ recordedAt: truckPositions.recordedAt });
  const fresh = new Set(stored.map((row) => row.recordedAt.getTime()));
  return [...byTime.entries()]
    .filter(([at]) => fresh.has(at))
    .sort(([a], [b]) => a - b)
    .map(([, position]) => position);
}

/** R-GPS-13: one transition, as a click would make it, at the fix's time. */
async function applyTransition(
  tx: Tx,
  truck: TruckAtPost,
  transition: GeofenceTransition,
): Promise<void> {
  if (transition.plantId !== undefined && transition.plantId !== truck.plantId) {
    // In yard at another plant of its kind: the truck joins that plant's yard.
    await tx.update(trucks).set({ plantId: transition.plantId }).where(eq(trucks.id, truck.id));
    truck.plantId = transition.plantId;
  }
  await changeTruckStatusIn(tx, {
    id: truck.id,
    statusId: transition.statusId,
    now: transition.at,
    username: gpsUsername,
    fromGps: true,
  });
  truck.statusId = transition.statusId;
  truck.statusDateTime = transition.at;
  // Arriving back at a plant ends the load (changeTruckStatusIn), and with it the job's fence.
  if (transition.statusId === truckStatusIds.inYard) truck.currentTicketId = null;
}

const dayMs = 86_400_000;

/**
 * R-GPS-10: the track older than the retention goes, swept for a truck when its first fix of a
 * (UTC) day arrives, so the delete runs once a day per truck rather than with every batch.
 */
async function sweepTrack(
  tx: Tx,
  truckId: number,
  previous: Date | null,
  latest: Date,
): Promise<void> {
  const dayOf = (at: Date) => Math.floor(at.getTime() / dayMs);
  if (previous !== null && dayOf(previous) === dayOf(latest)) return;
  const days = await readSystemParameter(tx, 'truckTrackRetentionDays');
  const cutoff = new Date(latest.getTime() - days * dayMs);
  await tx
    .delete(truckPositions)
    .where(and(eq(truckPositions.truckId, truckId), lt(truckPositions.recordedAt, cutoff)));
}

/** The dwell state kept for a truck, or a fresh one (none kept, or kept by an older shape). */
function stateOf(kept: PostContext['kept']): DwellState {
  const parsed = kept ? dwellStateSchema.safeParse(kept.dwellState) : undefined;
  return parsed?.success ? parsed.data : initialDwellState;
}

/**
 * R-GPS-2..8: the new fixes through the fence rules, then the clock (R-GPS-7: a crossing pending
 * 30 s with nothing against it counts). One fix at a time: a transition may change the fences (In
 * yard ends the ticket, and with it the job's fence), so the next fix is judged against the
 * fences and status it left. Each transition is applied as it is decided.
 */
async function judge(
  tx: Tx,
  { truck, fences: fencesAtPost, kept }: PostContext,
  positions: readonly TruckPosition[],
  now: Date,
): Promise<{ state: DwellState; transitions: GeofenceTransition[] }> {
  let state = stateOf(kept);
  const transitions: GeofenceTransition[] = [];
  let fences = fencesAtPost;
  const steps: (TruckPosition | 'clock')[] = [...positions, 'clock'];
  for (const step of steps) {
    if (truck.statusId === null || !isTruckStatusId(truck.statusId)) break;
    const decided = geofenceTransitionsOf({
      statusId: truck.statusId,
      fences,
      state,
      positions: step === 'clock' ? [] : [step],
      ...(step === 'clock' ? { now } : {}),
      statusSince: truck.statusDateTime,
    });
    state = decided.state;
    const transition = decided.transitions[0];
    if (transition) {
      await applyTransition(tx, truck, transition);
      transitions.push(transition);
      fences = await fencesOf(tx, truck);
    }
  }
  return { state, transitions };
}

export type PositionsPost = {
  truckId: number;
  positions: readonly TruckPosition[];
  now: Date;
};

/**
 * R-GPS-10..13 in one transaction: the fixes, the statuses they set with the tickets' stamps, the
 * last position and the dwell state, and the events, commit together or not at all.
 */
export async function recordTruckPositions(
  db: Db,
  post: PositionsPost,
): Promise<TruckPositionsAnswer> {
  const ahead = positionsAheadOf(post.positions, post.now);
  if (ahead.length > 0) {
    throw validationError(
      ahead.map((field) => ({ field, reason: 'is more than 5 minutes in the future' })),
    );
  }
  return translatingDatabaseErrors(
    () => db.transaction((tx) => recordIn(tx, post)),
    truckConstraintFields,
  );
}

async function recordIn(tx: Tx, post: PositionsPost): Promise<TruckPositionsAnswer> {
  const { truckId } = post;
  await tx.execute(sql`select pg_advisory_xact_lock(${positionsLockClass}::int, ${truckId}::int)`);
  const context = await contextOf(tx, truckId);
  const { truck, kept } = context;
  const fresh = await storeNew(tx, truckId, post.positions);
  const answer = (transitions: GeofenceTransition[]): TruckPositionsAnswer => ({
    truckId,
    accepted: fresh.length,
    duplicates: post.positions.length - fresh.length,
    statusId: truck.statusId,
    transitions: transitions.map((transition) => ({
      statusId: transition.statusId,
      at: transition.at.toISOString(),
      plantId: transition.plantId ?? null,
    })),
  });
  if (fresh.length === 0) return answer([]);

  const { state, transitions } = await judge(tx, context, fresh, post.now);

  const newest = fresh[fresh.length - 1]!;
  const newestAt = new Date(newest.recordedAt);
  const movedOn = !kept || kept.recordedAt < newestAt;
  const last = movedOn
    ? {
        latitude: newest.latitude,
        longitude: newest.longitude,
        recordedAt: newestAt,
        speedKph: newest.speedKph ?? null,
        headingDeg: newest.headingDeg ?? null,
        accuracyM: newest.accuracyM ?? null,
      }
    : {};
  const keep = tx
    .insert(truckGpsStates)
    .values({
      truckId,
      latitude: newest.latitude,
      longitude: newest.longitude,
      recordedAt: newestAt,
      speedKph: newest.speedKph ?? null,
      headingDeg: newest.headingDeg ?? null,
      accuracyM: newest.accuracyM ?? null,
      dwellState: state,
    })
    .onConflictDoUpdate({ target: truckGpsStates.truckId, set: { ...last, dwellState: state } })
    .returning({ truckId: truckGpsStates.truckId });
  if (!movedOn) {
    await keep;
    return answer(transitions);
  }
  await sweepTrack(tx, truckId, kept?.recordedAt ?? null, newestAt);
  const update: TruckPositionUpdate = {
    truckId,
    plantId: truck.plantId,
    latitude: newest.latitude,
    longitude: newest.longitude,
    recordedAt: newestAt.toISOString(),
    statusId: truck.statusId,
    speedKph: newest.speedKph ?? null,
    headingDeg: newest.headingDeg ?? null,
  };
  // The kept position and its event in one statement: one round trip fewer per fix.
  await writeAndPublish(tx, keep, {
    name: 'truckPositionUpdate_v1',
    data: update,
    systemTypeId: truck.systemTypeId,
  });
  return answer(transitions);
}

/**
 * R-GPS-7: the clock's share of the dwell rule, for trucks that stopped reporting with a crossing
 * pending (a phone parked at the job sends no new fix). Runs every few seconds over a database;
 * answers the transitions it made.
 */
export async function runGeofenceClock(db: Db, now: Date): Promise<number> {
  const due = new Date(now.getTime() - dwellMs);
  const waiting = await db
    .select({ truckId: truckGpsStates.truckId })
    .from(truckGpsStates)
    .where(
      and(
        lt(truckGpsStates.recordedAt, due),
        sql`jsonb_path_exists(${truckGpsStates.dwellState}, '$.fences[*].pending.sinceMs')`,
      ),
    );
  let made = 0;
  for (const { truckId } of waiting) {
    made += await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${positionsLockClass}::int, ${truckId}::int)`,
      );
      const context = await contextOf(tx, truckId);
      if (!context.kept) return 0;
      const { state, transitions } = await judge(tx, context, [], now);
      await tx
        .update(truckGpsStates)
        .set({ dwellState: state })
        .where(eq(truckGpsStates.truckId, truckId));
      return transitions.length;
    });
  }
  return made;
}
