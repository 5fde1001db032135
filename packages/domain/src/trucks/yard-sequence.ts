/** R-ENTITY-26: the in-yard sequence, a plant's waiting trucks in their order. */
import { z } from 'zod';
import { flag, idSchema, optionalCountSchema } from '../api/fields';

const truckSequenceItemSchema = z.object({
  id: idSchema,
  inYardSequenceNum: optionalCountSchema,
  newRowNum: optionalCountSchema,
  wasMoved: flag(),
  truckSequence: optionalCountSchema,
});

/** What truckSequenceUpdate_v1 carries: a plant's yard in its new order. */
export const truckSequenceEventSchema = z.object({
  plantId: idSchema,
  trucks: z.array(truckSequenceItemSchema),
});
export type TruckSequenceEvent = z.infer<typeof truckSequenceEventSchema>;
