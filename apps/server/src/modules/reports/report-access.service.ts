/**
 * Who a run reads as (R-RPT-2, R-RPT-3, R-SYS-5): the requester's report access and system types,
 * from their session when they ask, and again from the database when the job runs, so a schedule's
 * run or a retry reads with the access its requester has then, not what a job's parameters say.
 */
import { sql } from 'drizzle-orm';
import { createFormPermissions, type FormPermissions } from '@dispatch/domain/permissions';
import {
  reportAccess,
  reportsFormId,
  type ReportAccess,
} from '@dispatch/domain/reports/report-access';
import { insufficientPermissionMessage } from '@dispatch/domain/messages';
import { allowedSystemTypes, type SystemTypeId } from '@dispatch/domain/system-types';
import { formName } from '../../auth/guard';
import { grantedLevels } from '../../auth/session-store';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/api-error';

export type Reader = ReportAccess & { allowedSystemTypeIds: SystemTypeId[] };

/** Staff with a level that may run reports; an external user (R-EXT-1) may not. */
export function readerOf(user: {
  customerId: number | null;
  groupIds: readonly number[];
  permissions: FormPermissions;
}): Reader {
  const allowedSystemTypeIds = allowedSystemTypes(user.groupIds);
  const access = reportAccess(user.permissions, allowedSystemTypeIds);
  return {
    ...access,
    allowed: access.allowed && user.customerId === null,
    allowedSystemTypeIds,
  };
}

/** The 403 of R-PERM-10 for a user who may not run reports. */
export function refusal(): ApiError {
  return new ApiError('permission', insufficientPermissionMessage(formName(reportsFormId)));
}

/** The requester as they are now: null when they no longer exist or are inactive. */
export async function readerByUserId(db: Db, userId: number | null): Promise<Reader | null> {
  if (userId === null) return null;
  const { rows } = await db.execute<{
    customer_id: number | null;
    group_ids: number[] | null;
    permissions: [number, number][] | string | null;
  }>(sql`
    select u.customer_id,
           (select array_agg(g.group_id) from user_groups g where g.user_id = u.id) as group_ids,
           (select json_agg(json_build_array(p.form_id, p.permission_id))
              from (${grantedLevels(userId)}) p) as permissions
      from users u where u.id = ${userId} and not u.inactive_flag`);
  const row = rows[0];
  if (!row) return null;
  const pairs: [number, number][] =
    typeof row.permissions === 'string'
      ? (JSON.parse(row.permissions) as [number, number][])
      : (row.permissions ?? []);
  return readerOf({
    customerId: row.customer_id,
    groupIds: (row.group_ids ?? []).map(Number),
    permissions: createFormPermissions(
      pairs.map(([formId, permission]) => ({ formId, permission })),
      () => {},
    ),
  });
}
