/** The load routes' path and body: dispatching a load to a truck (R-DISP-1); its answer is the domain's. */
import { z } from 'zod';
import { idParams, versionField } from '../../http/write-fields';

export const loadParams = idParams;

export const dispatchBody = z.object({
  truckId: z.int().min(1).max(2_147_483_647),
  /** The load's version the board showed; when sent, a load changed since is refused with 409. */
  version: versionField.optional(),
  /** R-DISP-13: true sends a truck flagged needs wash; without it such a truck is refused with 409. */
  confirmNeedsWash: z.boolean().optional(),
});
export type DispatchBody = z.infer<typeof dispatchBody>;
