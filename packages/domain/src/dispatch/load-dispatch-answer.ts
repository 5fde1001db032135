/** R-DISP-1: what dispatching a load to a truck answers: the load, its new ticket and the truck. */
import { z } from 'zod';
import { idSchema } from '../entities/fields';
import { loadSchema } from '../entities/load';
import { ticketLiveViewSchema } from '../entities/ticket';
import { truckLiveViewResponseSchema } from '../trucks/truck-views';

export const loadDispatchAnswerSchema = z.object({
  load: loadSchema,
  ticket: ticketLiveViewSchema.extend({ number: idSchema }),
  truck: truckLiveViewResponseSchema,
});
export type LoadDispatchAnswer = z.infer<typeof loadDispatchAnswerSchema>;
