/**
 * R-ENTITY-16: what plantUpdate_v1 carries, a plant as the board and the dashboard follow it. The
 * plant itself is the plants resource (resources/plants.ts); this is its live view.
 */
import { z } from 'zod';
import { flag, idSchema, optionalIdSchema, optionalText, textLength } from '../api/fields';
import { systemTypeIdSchema } from '../system-types';

export const plantLiveViewSchema = z.object({
  id: idSchema,
  description: optionalText(textLength.name),
  systemTypeId: systemTypeIdSchema,
  inactiveFlag: flag(),
  plantColorId: optionalIdSchema,
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  version: z.int(),
});
export type PlantLiveView = z.infer<typeof plantLiveViewSchema>;
