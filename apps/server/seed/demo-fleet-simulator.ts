/**
 * R-DEMO-7: the demo fleet drives. Every few seconds each DEMO truck out on a load reports where
 * its route puts it (demo-fleet-route.ts) through the same positions service the driver app posts
 * to, so its statuses change at the fences; at the job its driver presses Unloading and Washing
 * after a while, as a real one would. Trucks whose plant or job is not located stay for people.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import type { Db } from '../src/db/client';
import type { Tenancy } from '../src/db/tenancy';
import { jobs } from '../src/db/schema/jobs';
import { orders } from '../src/db/schema/orders';
import { plants } from '../src/db/schema/plants';
import { tickets } from '../src/db/schema/tickets';
import { trucks } from '../src/db/schema/trucks';
import { readSystemParameter } from '../src/modules/settings/system-parameters.service';
import { changeTruckStatus } from '../src/modules/trucks/truck-status.service';
import { recordTruckPositions } from '../src/modules/trucks/truck-positions.service';
import { demoDatabaseName } from './demo-database';
import { demoMove } from './demo-fleet-route';

/** How often the fleet reports: the driver app's own batching interval. */
export const demoFleetEveryMs = 5_000;

const onTheRoad = [
  truckStatusIds.loading,
  truckStatusIds.loaded,
  truckStatusIds.toJob,
  truckStatusIds.onJob,
  truckStatusIds.unloading,
  truckStatusIds.washing,
  truckStatusIds.toPlant,
];

/** One report from every truck out on a load; answers how many reported. */
export async function demoFleetTick(db: Db, now: Date): Promise<number> {
  const rows = await db
    .select({
      truckId: trucks.id,
      statusId: trucks.statusId,
      statusDateTime: trucks.statusDateTime,
      plantLatitude: plants.latitude,
      plantLongitude: plants.longitude,
      plantRadius: plants.radius,
      jobLatitude: jobs.gpsLat,
      jobLongitude: jobs.gpsLon,
    })
    .from(trucks)
    .innerJoin(plants, eq(plants.id, trucks.plantId))
    .innerJoin(tickets, eq(tickets.id, trucks.currentTicketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(jobs, eq(jobs.id, sql`coalesce(${tickets.jobId}, ${orders.jobId})`))
    .where(
      and(
        inArray(trucks.statusId, onTheRoad),
        eq(trucks.inactiveFlag, false),
        isNotNull(trucks.statusDateTime),
        isNotNull(plants.latitude),
        isNotNull(plants.radius),
        isNotNull(jobs.gpsLat),
      ),
    )
    .orderBy(trucks.id);
  const jobRadiusM = await readSystemParameter(db, 'jobGeofenceRadiusM');
  for (const row of rows) {
    const move = demoMove(
      {
        truckId: row.truckId,
        statusId: row.statusId!,
        statusDateTime: row.statusDateTime!,
        plant: {
          latitude: row.plantLatitude!,
          longitude: row.plantLongitude!,
          radiusM: row.plantRadius!,
        },
        job: { latitude: row.jobLatitude!, longitude: row.jobLongitude! },
        jobRadiusM,
      },
      now,
    );
    await recordTruckPositions(db, {
      truckId: row.truckId,
      positions: [
        {
          ...move.at,
          recordedAt: now.toISOString(),
          speedKph: move.speedKph,
          accuracyM: 8,
        },
      ],
      now,
    });
    if (move.press !== null) {
      await changeTruckStatus(db, {
        id: row.truckId,
        statusId: move.press,
        now,
        username: 'driver',
      });
    }
  }
  return rows.length;
}

export type DemoFleetLogger = {
  warn(details: object, message: string): void;
};

/** Starts the fleet on DEMO; `stop` waits for the tick under way. */
export function driveDemoFleet(
  tenancy: Tenancy,
  options: { logger: DemoFleetLogger; now?: () => Date; everyMs?: number; database?: string },
): { stop(): Promise<void> } {
  const clock = options.now ?? (() => new Date());
  const database = options.database ?? demoDatabaseName;
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    const { db } = await tenancy.open(database);
    await demoFleetTick(db, clock());
  };
  const timer = setInterval(() => {
    running = running.then(tick).catch((error: unknown) => {
      options.logger.warn({ err: error }, 'the demo fleet could not report');
    });
  }, options.everyMs ?? demoFleetEveryMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
