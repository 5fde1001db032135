/** R-ENTITY-29: what GET /api/v1/connection answers about the caller's session. */
import { z } from 'zod';
import { flag, optionalIdSchema, optionalText, textLength } from '../api/fields';

export const connectionInfoSchema = z.object({
  database: optionalText(textLength.short),
  loggedIn: flag(),
  username: optionalText(textLength.short),
  programNameId: optionalIdSchema,
});
export type ConnectionInfo = z.infer<typeof connectionInfoSchema>;
