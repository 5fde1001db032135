/** R-API-17 and R-ENTITY-34: the generic answer envelope and the boolean answer. */
import { z } from 'zod';
import { textLength } from './fields';

/** `{ error, count, data }`: data is the payload schema given; count is the number of rows. */
export function apiEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    error: z.boolean().default(false),
    count: z.int().nonnegative().default(0),
    data,
  });
}
export type ApiEnvelope<T> = { error: boolean; count: number; data: T };

export const booleanResponseSchema = z.object({
  value: z.boolean(),
  message: z.string().max(textLength.notes).nullable().default(null),
});
