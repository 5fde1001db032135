/** The truck routes' answers: the board's trucks and the status change's live view. */
import { z } from 'zod';
import { truckLiveViewSchema, truckSchema } from '../entities/truck';

/**
 * A truck as lists and forms show it: its fields, its live view, its version and the ticket it
 * is working. truckFlag comes from a lookup other screens maintain, so its length is theirs.
 */
export const truckResponseSchema = truckSchema.extend({
  truckFlag: z.string(),
  currentTicketId: z.int().nullable(),
  version: z.int(),
});
export type TruckResponse = z.infer<typeof truckResponseSchema>;

/** truckUpdate_v1's payload, and the status route's answer (with the version to send next). */
export const truckLiveViewResponseSchema = truckLiveViewSchema.extend({
  truckFlag: z.string(),
  version: z.int(),
});
export type TruckLiveViewResponse = z.infer<typeof truckLiveViewResponseSchema>;
