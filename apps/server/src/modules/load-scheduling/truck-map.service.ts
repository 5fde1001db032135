/**
 * R-MAP-1..3: the dispatcher's map, in three reads: the plants of the caller's system types, the
 * jobs of today's orders and of the loads trucks carry now (located ones only), and each truck's
 * last position with its load and ETA.
 */
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { orderStatusIds } from '@dispatch/domain/orders/order-status';
import { etaMinutes, type MapTruck, type TruckMap } from '@dispatch/domain/trucks/truck-map';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { plants } from '../../db/schema/plants';
import { tickets } from '../../db/schema/tickets';
import { truckGpsStates } from '../../db/schema/truck-positions';
import { trucks } from '../../db/schema/trucks';
import { readSystemParameter } from '../settings/system-parameters.service';
import { businessDayOf } from '../tickets/tickets.service';

export type MapTiles = { tileUrl: string | null; tileAttribution: string };

export async function truckMap(
  db: Db,
  options: { systemTypeIds: readonly number[]; now: Date; tiles: MapTiles },
): Promise<TruckMap> {
  const types = [...options.systemTypeIds];
  if (types.length === 0) return { ...options.tiles, plants: [], jobs: [], trucks: [] };
  const plantRows = await db
    .select({
      id: plants.id,
      description: plants.description,
      systemTypeId: plants.systemTypeId,
      latitude: plants.latitude,
      longitude: plants.longitude,
      radiusM: plants.radius,
    })
    .from(plants)
    .where(
      and(
        inArray(plants.systemTypeId, types),
        isNotNull(plants.latitude),
        isNotNull(plants.longitude),
        eq(plants.inactiveFlag, false),
      ),
    )
    .orderBy(plants.id);

  const truckRows = await db
    .select({
      truckId: trucks.id,
      identificationNumber: trucks.identificationNumber,
      plantId: trucks.plantId,
      statusId: trucks.statusId,
      statusFromGps: trucks.statusFromGps,
      latitude: truckGpsStates.latitude,
      longitude: truckGpsStates.longitude,
      recordedAt: truckGpsStates.recordedAt,
      speedKph: truckGpsStates.speedKph,
      headingDeg: truckGpsStates.headingDeg,
      ticketId: tickets.id,
      ticketNumber: tickets.number,
      jobId: sql<number | null>`coalesce(${tickets.jobId}, ${orders.jobId})`,
    })
    .from(truckGpsStates)
    .innerJoin(trucks, eq(trucks.id, truckGpsStates.truckId))
    .innerJoin(plants, eq(plants.id, trucks.plantId))
    .leftJoin(tickets, eq(tickets.id, trucks.currentTicketId))
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(inArray(plants.systemTypeId, types), eq(trucks.inactiveFlag, false)))
    .orderBy(trucks.identificationNumber, trucks.id);

  // Today's orders' jobs, and those of loads on the road now (a load written yesterday evening).
  const carried = truckRows.flatMap((row) => (row.jobId === null ? [] : [row.jobId]));
  const jobRows = await db
    .selectDistinct({
      id: jobs.id,
      number: jobs.number,
      site: jobs.address2,
      customerName: orders.customerName,
      latitude: jobs.gpsLat,
      longitude: jobs.gpsLon,
    })
    .from(jobs)
    .leftJoin(orders, eq(orders.jobId, jobs.id))
    .where(
      and(
        isNotNull(jobs.gpsLat),
        or(
          and(
            eq(orders.shipDate, businessDayOf(options.now)),
            ne(orders.orderStatusId, orderStatusIds.cancelled),
            inArray(orders.systemTypeId, types),
          ),
          // The trucks were filtered by system type already; their loads' jobs come with them.
          carried.length > 0 ? inArray(jobs.id, carried) : sql`false`,
        ),
      ),
    )
    .orderBy(jobs.id);
  const radiusM = await readSystemParameter(db, 'jobGeofenceRadiusM');
  const mapJobs = jobRows
    .filter((row, index, all) => all.findIndex((other) => other.id === row.id) === index)
    .map((row) => ({
      id: row.id,
      name: row.site || row.number,
      customerName: row.customerName ?? '',
      latitude: row.latitude!,
      longitude: row.longitude!,
      radiusM,
    }));
  const jobById = new Map(mapJobs.map((job) => [job.id, job]));

  const mapTrucks: MapTruck[] = truckRows.map((row) => ({
    ...row,
    recordedAt: row.recordedAt.toISOString(),
    etaMinutes: etaMinutes(row, row.jobId === null ? null : (jobById.get(row.jobId) ?? null)),
  }));
  return {
    ...options.tiles,
    plants: plantRows.map((row) => ({
      ...row,
      latitude: row.latitude!,
      longitude: row.longitude!,
      radiusM: row.radiusM !== null && row.radiusM > 0 ? row.radiusM : null,
    })),
    jobs: mapJobs,
    trucks: mapTrucks,
  };
}
