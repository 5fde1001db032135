/**
 * R-DRV-1..4: the driver app's wire contract. A driver sees their truck and today's loads on it,
 * the current one first, with what they need at the wheel: where to go (address and a map link),
 * what they carry, and the notes dispatch and the plant wrote for them. No prices: a driver's
 * screen never carries them, whatever the customer's ticket shows.
 */
import { z } from 'zod';
import { idSchema } from '../api/fields';
import { isoDateStringSchema } from '../dates/iso-date';
import { truckStatusIds } from '../trucks/truck-status';

export const driverLoadSchema = z.object({
  ticketId: idSchema,
  ticketNumber: z.int(),
  /** The ticket's version: the signed e-ticket sends it back (409 when stale). */
  ticketVersion: z.int(),
  ticketDateTime: isoDateStringSchema,
  orderNumber: z.int(),
  customerName: z.string(),
  /** The job's description line, then its address lines, as printed on the ticket. */
  jobName: z.string(),
  jobAddressLines: z.array(z.string()),
  jobLatitude: z.number().nullable(),
  jobLongitude: z.number().nullable(),
  productDescription: z.string(),
  quantity: z.number(),
  unit: z.string(),
  dispatchNotes: z.string(),
  ticketNotes: z.string(),
  /** The most water the mix allows at the job (gallons), when the plant set one. */
  maxAllowableWaterGallons: z.number().nullable(),
  /** This is the load the truck is working now. */
  current: z.boolean(),
  /** The receiver has signed for it (the e-ticket is stored). */
  signed: z.boolean(),
  /** Delivered or back at the plant: done for the day. */
  finished: z.boolean(),
});
export type DriverLoad = z.infer<typeof driverLoadSchema>;

export const driverDaySchema = z.object({
  driverName: z.string(),
  truck: z.object({
    id: idSchema,
    identificationNumber: z.string(),
    plantId: z.int().nullable(),
    plantName: z.string(),
    statusId: z.int().nullable(),
    statusFromGps: z.boolean(),
    statusDateTime: isoDateStringSchema.nullable(),
    version: z.int(),
  }),
  /** Today's loads on the truck, the current one first, then the latest first. */
  loads: z.array(driverLoadSchema),
});
export type DriverDay = z.infer<typeof driverDaySchema>;

/**
 * R-DRV-1: whether the signed-in user drives a truck, and which; every user may ask, and a user who
 * drives none is told so plainly (null) rather than refused, as the login asks it of everyone.
 */
export const driverTruckSchema = z.object({ truckId: idSchema.nullable() });

/** R-DRV-3: the driver's status buttons, in the order of the loop. */
export const driverStatusButtons = [
  truckStatusIds.toJob,
  truckStatusIds.onJob,
  truckStatusIds.unloading,
  truckStatusIds.washing,
  truckStatusIds.toPlant,
  truckStatusIds.inYard,
] as const;

export const driverStatusBodySchema = z.object({
  statusId: z.union(driverStatusButtons.map((id) => z.literal(id))),
  /** The truck's version the driver's screen showed; a stale one is refused with 409. */
  version: z.int().optional(),
  /**
   * R-DRV-3: when the driver tapped. A tap queued offline is sent later; the status and the
   * ticket's stamp take the tap's time, not the arrival's (never ahead of the server, never
   * before the truck's current status began).
   */
  tappedAt: isoDateStringSchema.optional(),
});
export type DriverStatusBody = z.infer<typeof driverStatusBodySchema>;

/**
 * A map link for the job: the coordinates when the job is located, else the address; opens the
 * phone's own maps app (R-DRV-2). No outside service is called by the product itself.
 */
export function jobMapLink(
  load: Pick<DriverLoad, 'jobLatitude' | 'jobLongitude' | 'jobAddressLines'>,
): string | null {
  if (load.jobLatitude !== null && load.jobLongitude !== null) {
    return `https://www.google.com/maps/search/?api=1&query=${load.jobLatitude},${load.jobLongitude}`;
  }
  const address = load.jobAddressLines.filter(Boolean).join(', ');
  return address
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
    : null;
}
