/** R-DISP-1: what dispatching a load to a truck answers: the load, its new ticket and the truck. */
import { z } from 'zod';
import { idSchema } from '../api/fields';
import { loadSchema } from './load';
import { ticketLiveViewSchema } from '../tickets/ticket';
import { truckLiveViewResponseSchema } from '../trucks/truck-views';

export const loadDispatchAnswerSchema = z.object({
  load: loadSchema,
  ticket: ticketLiveViewSchema.extend({ number: idSchema }),
  truck: truckLiveViewResponseSchema,
});
export type LoadDispatchAnswer = z.infer<typeof loadDispatchAnswerSchema>;
