/** R-ENTITY-3: a user's membership in a group (1001 to 1003 unlock the system types). */
import { z } from 'zod';
import { idSchema, text, textLength } from '../api/fields';

export const userGroupSchema = z.object({
  id: idSchema,
  userProfileId: idSchema,
  groupName: text(textLength.name),
});
export type UserGroup = z.infer<typeof userGroupSchema>;
