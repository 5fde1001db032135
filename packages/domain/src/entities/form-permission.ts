/**
 * R-ENTITY-35: a form permission once its level is known to be 1 to 6. The raw server row and the
 * out-of-range rule live in ../permissions; this is the checked record.
 */
import { z } from 'zod';
import { formPermissionSchema, permissionLevels } from '../permissions';

export const permissionLevelSchema = z.literal(Object.values(permissionLevels));

export const formPermissionRecordSchema = formPermissionSchema.extend({
  permission: permissionLevelSchema,
});
export type FormPermissionRecord = z.infer<typeof formPermissionRecordSchema>;
