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
});
export type Load = z.infer<typeof loadSchema>;
