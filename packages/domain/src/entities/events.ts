/**
 * R-ENTITY-31, R-ENTITY-37: the small event payloads the dispatcher pushes besides the live views.
 */
import { z } from 'zod';
import { idSchema, text, textLength } from './fields';

export const logoutTypes = ['none', 'seatId'] as const;
export type LogoutType = (typeof logoutTypes)[number];

/** logoutEvent_v1: 'none' logs everyone it reaches out; 'seatId' only the seat named by identifier. */
export const forceLogoutEventSchema = z.object({
  logoutType: z.enum(logoutTypes),
  identifier: z.string().max(textLength.long).nullable().default(null),
});
export type ForceLogoutEvent = z.infer<typeof forceLogoutEventSchema>;

/** quickLaunchFormUpdate_v1: the forms a user pinned to the quick menu. */
export const quickLaunchFormUpdateSchema = z.object({
  formIds: z.array(idSchema),
  username: text(textLength.short),
});
export type QuickLaunchFormUpdate = z.infer<typeof quickLaunchFormUpdateSchema>;
