/**
 * R-GPS-10..13: the wire contract of positions in (`POST /api/v1/trucks/{id}/positions`) and out
 * (`truckPositionUpdate_v1`). The device stamps each fix with the time it was taken; that time,
 * never the time it arrived, orders the track and the statuses (R-GPS-8).
 */
import { z } from 'zod';
import { idSchema, optionalIdSchema } from '../api/fields';
import { isoDateStringSchema } from '../dates/iso-date';
import { truckStatusIds } from './truck-status';

/** R-GPS-11: a device that buffered offline sends its backlog in batches of at most this many. */
export const maxPositionsPerBatch = 500;
/** R-GPS-11: a fix stamped further ahead than this is a device with a wrong clock. */
export const maxPositionLeadMs = 5 * 60_000;

export const truckPositionSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  recordedAt: isoDateStringSchema,
  speedKph: z.number().min(0).max(400).nullish(),
  headingDeg: z.number().min(0).max(360).nullish(),
  accuracyM: z.number().min(0).max(100_000).nullish(),
});
export type TruckPosition = z.infer<typeof truckPositionSchema>;

export const truckPositionsBodySchema = z.object({
  positions: z.array(truckPositionSchema).min(1).max(maxPositionsPerBatch),
});
export type TruckPositionsBody = z.infer<typeof truckPositionsBodySchema>;

/**
 * R-GPS-11: the fixes of a batch stamped too far ahead of `now`, as the field paths a 400 names
 * (`positions.3.recordedAt`). The clock is the server's, so this is not in the schema.
 */
export function positionsAheadOf(
  positions: readonly Pick<TruckPosition, 'recordedAt'>[],
  now: Date,
): string[] {
  const limit = now.getTime() + maxPositionLeadMs;
  return positions.flatMap((position, index) =>
    new Date(position.recordedAt).getTime() > limit ? [`positions.${index}.recordedAt`] : [],
  );
}

/** The status a transition set, and when (the position's recordedAt). */
export const gpsTransitionSchema = z.object({
  statusId: z.int(),
  at: isoDateStringSchema,
  plantId: optionalIdSchema,
});

/** The answer: what was new, and the truck's status after the batch. */
export const truckPositionsAnswerSchema = z.object({
  truckId: idSchema,
  /** Fixes stored for the first time; a replayed batch stores none (R-GPS-10). */
  accepted: z.int().nonnegative(),
  /** Fixes already stored for the same recordedAt: a replay, harmless. */
  duplicates: z.int().nonnegative(),
  statusId: z.int().nullable(),
  transitions: z.array(gpsTransitionSchema),
});
export type TruckPositionsAnswer = z.infer<typeof truckPositionsAnswerSchema>;

/** R-GPS-12: `truckPositionUpdate_v1`, a truck's newest position, to those who may see the truck. */
export const truckPositionUpdateSchema = z.object({
  truckId: idSchema,
  plantId: optionalIdSchema,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  recordedAt: isoDateStringSchema,
  statusId: z.int().nullable(),
  speedKph: z.number().nullable().default(null),
  headingDeg: z.number().nullable().default(null),
});
export type TruckPositionUpdate = z.infer<typeof truckPositionUpdateSchema>;

/** Statuses in which the driver app sends positions: a load is open (R-GPS-14). */
export const trackedStatusIds: readonly number[] = [
  truckStatusIds.loading,
  truckStatusIds.loaded,
  truckStatusIds.toJob,
  truckStatusIds.onJob,
  truckStatusIds.unloading,
  truckStatusIds.washing,
  truckStatusIds.toPlant,
];
