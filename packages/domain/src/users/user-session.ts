/** A user's live session as user maintenance lists it (R-USER-3). */
import { z } from 'zod';

export const userSessionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  /** The first characters of the seat's hash: tells seats apart without revealing the token. */
  seat: z.string().nullable(),
  /** The session making the request. */
  current: z.boolean(),
});
