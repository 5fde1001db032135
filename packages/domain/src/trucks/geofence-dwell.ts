/**
 * R-GPS-7..9: the dwell rule. GPS fixes scatter by metres to tens of metres, so a truck parked at a
 * fence's edge reads inside, outside, inside. A fence's side therefore changes only once the truck
 * has stayed on the new side for a few positions or a few seconds; a single fix back on the old
 * side cancels the crossing. The state is plain data (JSON-safe) so the server can keep it between
 * batches of positions.
 */
import { z } from 'zod';
import { insideFence, type Fence, type GeoPoint } from './geo-distance';

/** A crossing counts after this many consecutive positions on the new side... */
export const dwellPositions = 2;
/** ...or once this long has passed since the first of them, whichever comes first. */
export const dwellMs = 30_000;

export const fenceSides = ['inside', 'outside'] as const;
export type FenceSide = (typeof fenceSides)[number];

/** A crossing seen but not confirmed yet: the side the truck seems to be on, since when, how often. */
export type PendingCrossing = {
  readonly side: FenceSide;
  readonly sinceMs: number;
  readonly count: number;
};

/**
 * One fence as the dwell rule follows it. `plantId` names a plant's fence; null is the job's. The
 * fence's geometry is kept so a fence that moved or changed radius (another job, a plant edited)
 * starts over instead of inheriting a side judged against another circle.
 */
export type FenceWatch = Fence & {
  readonly plantId: number | null;
  /** The confirmed side; null until the dwell rule has confirmed one. */
  readonly side: FenceSide | null;
  readonly pending: PendingCrossing | null;
};

/** The last position taken: its time orders the feed (R-GPS-8), its place picks a plant (R-GPS-5). */
export type LastPosition = GeoPoint & { readonly atMs: number };

export type DwellState = {
  readonly last: LastPosition | null;
  readonly fences: readonly FenceWatch[];
};

export const initialDwellState: DwellState = { last: null, fences: [] };

const sideSchema = z.enum(fenceSides);

/** The dwell state as the server stores it between batches; parse it back with this. */
export const dwellStateSchema = z.object({
  last: z
    .object({
      atMs: z.number(),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
    })
    .nullable(),
  fences: z.array(
    z.object({
      plantId: z.int().nullable(),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      radiusM: z.number().positive(),
      side: sideSchema.nullable(),
      pending: z
        .object({ side: sideSchema, sinceMs: z.number(), count: z.int().positive() })
        .nullable(),
    }),
  ),
}) satisfies z.ZodType<DwellState>;

/** A fence to follow: a plant's (with its id) or the job's (plantId null). */
export type WatchedFence = Fence & { readonly plantId: number | null };

function sameFence(a: Fence, b: Fence): boolean {
  return a.latitude === b.latitude && a.longitude === b.longitude && a.radiusM === b.radiusM;
}

/**
 * The watches for the fences that matter now: each keeps what was known of it if it is the same
 * circle as before; a new or changed fence starts unknown; a fence no longer given is dropped.
 */
export function watchesFor(
  previous: readonly FenceWatch[],
  fences: readonly WatchedFence[],
): FenceWatch[] {
  return fences.map((fence) => {
    const known = previous.find((watch) => watch.plantId === fence.plantId);
    if (known && sameFence(known, fence)) return known;
    return { ...fence, side: null, pending: null };
  });
}

/**
 * One fix against one fence. R-GPS-9: a fix less accurate than the fence is wide cannot say which
 * side the truck is on, so it neither counts towards a crossing nor cancels one. A fix on the
 * confirmed side cancels a pending crossing (that was jitter); one on the other side starts or
 * continues it.
 */
export function observe(
  watch: FenceWatch,
  point: GeoPoint,
  accuracyM: number | null | undefined,
  atMs: number,
): FenceWatch {
  if (accuracyM != null && accuracyM > watch.radiusM) return watch;
  const side: FenceSide = insideFence(point, watch) ? 'inside' : 'outside';
  if (side === watch.side) return watch.pending === null ? watch : { ...watch, pending: null };
  const pending =
    watch.pending?.side === side
      ? { ...watch.pending, count: watch.pending.count + 1 }
      : { side, sinceMs: atMs, count: 1 };
  return { ...watch, pending };
}

/** A fence with a crossing pending. */
export type PendingWatch = FenceWatch & { readonly pending: PendingCrossing };

/** R-GPS-7: whether the fence's pending crossing counts at `atMs`: after 2 positions or 30 seconds. */
export function isSettled(watch: FenceWatch, atMs: number): watch is PendingWatch {
  const { pending } = watch;
  return pending !== null && (pending.count >= dwellPositions || atMs - pending.sinceMs >= dwellMs);
}

/** The pending crossing becomes the fence's side. */
export function confirm(watch: PendingWatch): FenceWatch {
  return { ...watch, side: watch.pending.side, pending: null };
}
