/**
 * R-MAP-1..4: the dispatcher's map. Plants with their fences, today's active jobs, and the trucks
 * at their last positions with the ticket they carry and an ETA to its job. The map draws from
 * this answer and then moves trucks with truckPositionUpdate_v1, working the ETA out with the same
 * rule the server used.
 */
import { z } from 'zod';
import { idSchema } from '../api/fields';
import { isoDateStringSchema } from '../dates/iso-date';
import { distanceM, type GeoPoint } from './geo-distance';
import { truckStatusIds } from './truck-status';

export const mapPlantSchema = z.object({
  id: idSchema,
  description: z.string(),
  systemTypeId: z.int(),
  latitude: z.number(),
  longitude: z.number(),
  /** The plant's fence; null when it has none (GPS never moves trucks there). */
  radiusM: z.number().nullable(),
});

export const mapJobSchema = z.object({
  id: idSchema,
  name: z.string(),
  customerName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  radiusM: z.number(),
});

export const mapTruckSchema = z.object({
  truckId: idSchema,
  identificationNumber: z.string(),
  plantId: z.int().nullable(),
  statusId: z.int().nullable(),
  statusFromGps: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  recordedAt: isoDateStringSchema,
  speedKph: z.number().nullable(),
  headingDeg: z.number().nullable(),
  /** The load it carries: its ticket and the job it goes to, when it is on one. */
  ticketId: z.int().nullable(),
  ticketNumber: z.int().nullable(),
  jobId: z.int().nullable(),
  /** Minutes to the job while it is To job (R-MAP-3); null otherwise. */
  etaMinutes: z.number().nullable(),
});
export type MapTruck = z.infer<typeof mapTruckSchema>;

export const truckMapSchema = z.object({
  /** The tile URL template (`https://…/{z}/{x}/{y}.png`), a server setting; null draws no tiles. */
  tileUrl: z.string().nullable(),
  tileAttribution: z.string(),
  plants: z.array(mapPlantSchema),
  jobs: z.array(mapJobSchema),
  trucks: z.array(mapTruckSchema),
});
export type TruckMap = z.infer<typeof truckMapSchema>;

/**
 * R-MAP-3: the speed an ETA assumes when the truck reports none or is crawling: a loaded mixer's
 * typical average on mixed roads. Below it, a truck stopped at a light would show hours.
 */
export const assumedRoadSpeedKph = 40;
/** Roads are not straight lines: the detour factor from the crow-flies distance to road distance. */
export const roadDetourFactor = 1.3;

/**
 * R-MAP-3: minutes to the job for a truck on its way there (To job), from the road distance
 * (the straight line times the detour factor) and its speed (never below the assumed road speed);
 * null when the truck is not on its way to a located job.
 */
export function etaMinutes(
  truck: GeoPoint & { readonly statusId: number | null; readonly speedKph: number | null },
  job: GeoPoint | null,
): number | null {
  if (job === null || truck.statusId !== truckStatusIds.toJob) return null;
  const metres = distanceM(truck, job) * roadDetourFactor;
  const kph = Math.max(truck.speedKph ?? 0, assumedRoadSpeedKph);
  return Math.round((metres / 1000 / kph) * 60);
}
