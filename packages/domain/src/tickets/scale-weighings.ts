/**
 * R-SCALE-4..6: weights taken from a pit's scale (TakeScaleWeight on the hub), a truck's stored
 * tare and its re-weigh interval, and the empty weigh-ins that wait for their second pass.
 */
import { z } from 'zod';
import { scaleWeightUnits } from '../plants/scale';

export const weighingKinds = ['gross', 'tare'] as const;
export type WeighingKind = (typeof weighingKinds)[number];

const recordId = z.coerce.number().int().min(1).max(2_147_483_647);

/**
 * TakeScaleWeight's arguments: the pit (its scale), gross or tare, and for an empty weigh-in the
 * truck that waits for its second pass.
 */
export const takeScaleWeightArgsSchema = z.tuple([
  recordId,
  z.enum(weighingKinds),
  recordId.nullable().optional(),
]);

/** What TakeScaleWeight answers: the weight as taken, to be put on the ticket by its id. */
export const takenWeightSchema = z.object({
  weighingId: z.int(),
  plantId: z.int(),
  kind: z.enum(weighingKinds),
  weight: z.number(),
  unit: z.enum(scaleWeightUnits),
  /** The indicator's frame, printable; null for the simulator. */
  frame: z.string().nullable(),
  truckId: z.int().nullable(),
  takenAt: z.iso.datetime(),
});
export type TakenWeight = z.infer<typeof takenWeightSchema>;

/** A truck weighed in empty, waiting to weigh out loaded (two-pass weighing). */
export const weighInSchema = z.object({
  weighingId: z.int(),
  truckId: z.int(),
  truckNumber: z.string(),
  weight: z.number(),
  unit: z.enum(scaleWeightUnits),
  takenAt: z.iso.datetime(),
});
export type WeighIn = z.infer<typeof weighInSchema>;

/** How long a weight taken stays good for a ticket, and an empty weigh-in for its second pass. */
export const weighingValidHours = 24;

const dayMs = 24 * 60 * 60 * 1000;

/** R-SCALE-5: whether a truck's stored tare may go on a ticket, and if not, why. */
export type StoredTareState = 'usable' | 'missing' | 'undated' | 'expired';

type StoredTare = { tareWeight: number | null; tareWeighedAt: string | null };

/** A stored tare is usable when weighed no longer ago than the re-weigh interval. */
export function storedTareState(
  truck: StoredTare,
  reweighDays: number,
  now: Date,
): StoredTareState {
  if (truck.tareWeight === null) return 'missing';
  if (truck.tareWeighedAt === null) return 'undated';
  const age = now.getTime() - new Date(truck.tareWeighedAt).getTime();
  return age > reweighDays * dayMs ? 'expired' : 'usable';
}

/** R-SCALE-5: why a truck's stored tare cannot be used on a ticket, or null when it can. */
export function storedTareProblem(
  truck: StoredTare & { identificationNumber: string },
  reweighDays: number,
  now: Date,
): string | null {
  const name = `truck ${truck.identificationNumber}`;
  switch (storedTareState(truck, reweighDays, now)) {
    case 'usable':
      return null;
    case 'missing':
      return `${name} has no stored tare: weigh it empty first`;
    case 'undated':
      return `${name}'s stored tare has no date: weigh it empty again`;
    case 'expired':
      return `${name}'s stored tare was weighed on ${truck.tareWeighedAt!.slice(0, 10)}, more than ${reweighDays} days ago: weigh it empty again`;
  }
}
