/** R-ENTITY-30: the error the API client raises when an answer carries the error flag. */
import { z } from 'zod';
import { optionalIdSchema, textLength } from './fields';

export const errorWrapperSchema = z.object({
  /** Whatever the server sent with the error, kept for diagnosis. */
  data: z.unknown().default(null),
  description: z.string().max(textLength.notes).nullable().default(null),
  message: z.string().max(textLength.notes).default(''),
  /** Server-side only; logged, never shown. */
  stacktrace: z.string().nullable().default(null),
  errorTypeId: optionalIdSchema,
  /** True when the error came from an HTTP answer rather than from the client itself. */
  responseError: z.boolean().default(false),
});
export type ErrorWrapper = z.infer<typeof errorWrapperSchema>;
