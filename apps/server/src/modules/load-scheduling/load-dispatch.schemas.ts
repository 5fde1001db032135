/** Shapes of the load routes: dispatching a load to a truck (R-DISP-1). */
import { z } from 'zod';
import { loadSchema } from '@dispatch/domain/entities/load';
import { ticketLiveViewSchema } from '@dispatch/domain/entities/ticket';
import { idSchema } from '@dispatch/domain/entities/fields';
import { idParams, versionField } from '../../http/write-fields';
import { truckLiveViewResponseSchema } from '../trucks/truck-schemas';

export const loadParams = idParams;

export const dispatchBody = z.object({
  truckId: z.int().min(1).max(2_147_483_647),
  /** The load's version the board showed; when sent, a load changed since is refused with 409. */
  version: versionField.optional(),
  /** R-DISP-13: true sends a truck flagged needs wash; without it such a truck is refused with 409. */
  confirmNeedsWash: z.boolean().optional(),
});
export type DispatchBody = z.infer<typeof dispatchBody>;

export const dispatchAnswer = z.object({
  load: loadSchema,
  ticket: ticketLiveViewSchema.extend({ number: idSchema }),
  truck: truckLiveViewResponseSchema,
});
