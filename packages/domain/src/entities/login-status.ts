/** R-ENTITY-1: the client's login status. Parsing `{}` gives the logged-out state. */
import { z } from 'zod';
import { flag, optionalDateSchema, optionalText, textLength } from './fields';

export const loginStatusSchema = z.object({
  username: optionalText(textLength.short),
  loggedIn: flag(),
  authToken: z.string().max(4096).nullable().default(null),
  /** Formatted 'YYYY-MM-DDTHH:mm:ss', computed from the token's lifetime in seconds. */
  authTokenExpirationDate: optionalDateSchema,
  database: optionalText(textLength.short),
  serverAccess: flag(),
  legacyAccess: flag(),
});
export type LoginStatus = z.infer<typeof loginStatusSchema>;
