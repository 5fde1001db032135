import { z } from 'zod';
import { apiEnvelopeSchema, type ApiEnvelope } from '@dispatch/domain/api/envelope';

/** Section 7's generic answer for lists: `{ error, count, data }`. */
export function envelope<T>(data: T[], count = data.length): ApiEnvelope<T[]> {
  return { error: false, count, data };
}

export function listOf<T extends z.ZodType>(item: T) {
  return apiEnvelopeSchema(z.array(item));
}
