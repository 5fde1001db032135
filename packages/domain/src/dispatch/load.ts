/** R-ENTITY-23: a load, one truck trip of a schedule, before and after its ticket is written. */
import { z } from 'zod';
import {
  amountSchema,
  idSchema,
  optionalCountSchema,
  optionalDateSchema,
  optionalIdSchema,
} from '../api/fields';

export const loadSchema = z.object({
  id: idSchema,
  driverId: optionalIdSchema,
  loadNumber: optionalCountSchema,
  orderId: idSchema,
  quantity: amountSchema.default(0),
  scheduleId: optionalIdSchema,
  statusId: optionalIdSchema,
  ticketId: optionalIdSchema,
  onJobTime: optionalDateSchema,
  /**
   * Project extension: the load's row version, so a board that only patched the load from this
   * event dispatches it with the version the server holds (R-BOARD-32), not the one it read
   * before. Optional, so a load from a server that does not send it still parses.
   */
  version: z.int().optional(),
});
export type Load = z.infer<typeof loadSchema>;
