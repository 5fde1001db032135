/**
 * R-TRACK-1..6 (issue 27): the contractor's tracking link of an order and the pour page it opens.
 * The link is made by someone who may write the order and opened by anyone who holds it, without
 * an account; so the page's data carries only what a foreman on site may see: never a price or an
 * amount, another order, the driver's phone, or a truck's position once it has left the job.
 */
import { z } from 'zod';
import { isoDateStringSchema } from '../dates/iso-date';
import { productLanguages } from '../languages';
import { pourRequestViewSchema } from './pour-requests';
import { isTruckStatusId, truckStatusById, truckStatusIds } from '../trucks/truck-status';

/** The address a link opens: the web app's pour page, with the token as its last segment. */
export const pourPagePath = '/pour';

export const trackingLinkSchema = z.object({
  url: z.string(),
  expiresAt: isoDateStringSchema,
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

/**
 * R-TRACK-2: a link is valid until the end of the day after the order's ship date, on the
 * producer's clock (the server's zone, as every business day is).
 */
export function trackingLinkExpiry(shipDate: string): Date {
  const [year, month, day] = shipDate.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day + 2);
}

export const pourLoadStates = ['delivered', 'onTheWay', 'scheduled'] as const;

/** Where a load on its way is: being loaded at the plant, on the road to the job, or on site. */
export const pourLoadStages = ['atPlant', 'toJob', 'onSite'] as const;
export type PourLoadStage = (typeof pourLoadStages)[number];

/** R-TRACK-4: the stage of a load from its truck's status; none once the truck heads back. */
export function pourStageOf(truckStatusId: number | null): PourLoadStage | null {
  if (truckStatusId === null || !isTruckStatusId(truckStatusId)) return null;
  if (truckStatusId === truckStatusIds.toJob) return 'toJob';
  const { location } = truckStatusById(truckStatusId);
  return location === 'plant' ? 'atPlant' : location === 'job' ? 'onSite' : null;
}
export type PourLoadState = (typeof pourLoadStates)[number];

const positionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  recordedAt: isoDateStringSchema,
});

export const pourLoadSchema = z.object({
  loadNumber: z.int(),
  state: z.enum(pourLoadStates),
  quantity: z.number(),
  /** When the load is planned on the job (a scheduled load's only time). */
  plannedAt: isoDateStringSchema.nullable(),
  ticketNumber: z.int().nullable(),
  /** Delivered: when unloading finished, else when the receiver signed. */
  deliveredAt: isoDateStringSchema.nullable(),
  /** Delivered and signed: the water added at the job, in the unit the receiver signed for. */
  waterAdded: z.number().nullable(),
  waterUnit: z.enum(['gal', 'L']).nullable(),
  signed: z.boolean(),
  /** On its way: the truck and its driver's first name, never more of the driver. */
  truckNumber: z.string().nullable(),
  driverFirstName: z.string().nullable(),
  stage: z.enum(pourLoadStages).nullable(),
  etaMinutes: z.int().nullable(),
  /** On its way to the job or on it: its last position. Gone once it leaves the job. */
  position: positionSchema.nullable(),
});
export type PourLoad = z.infer<typeof pourLoadSchema>;

export const pourPageSchema = z.object({
  orderNumber: z.int(),
  /** The customer's language (R-I18N): the page opens in it, with a switch. */
  language: z.enum(productLanguages),
  jobName: z.string(),
  jobAddressLines: z.array(z.string()),
  job: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  product: z.string(),
  unit: z.string(),
  orderedQuantity: z.number(),
  deliveredQuantity: z.number(),
  remainingQuantity: z.number(),
  /** The next scheduled load's planned time, if one is left. */
  nextLoadAt: isoDateStringSchema.nullable(),
  loads: z.array(pourLoadSchema),
  /** R-TRACK-9: what the site asked of dispatch today, newest first, with dispatch's answers. */
  requests: z.array(pourRequestViewSchema),
});
export type PourPage = z.infer<typeof pourPageSchema>;

/** The ordered less the delivered, never below nothing (an over-pour leaves nothing to come). */
export function remainingQuantity(ordered: number, delivered: number): number {
  return Math.max(0, Math.round((ordered - delivered) * 100) / 100);
}
