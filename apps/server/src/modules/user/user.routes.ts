import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { booleanResponseSchema } from '@dispatch/domain/api/envelope';
import { userGroupSchema } from '@dispatch/domain/users/user-group';
import { authorize } from '../../auth/guard';
import { grantedLevels } from '../../auth/session-store';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';

const security = [{ bearer: [] }];
const formAuthorization = z.object({ FormId: z.number().int(), PermissionId: z.number().int() });

/** What the client loads at login about the user: groups, form permissions, administrator status. */
export function registerUserRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/user/groups',
    {
      preValidation: authorize(deps),
      schema: {
        tags: ['user'],
        summary: "The caller's groups; 1001, 1002 and 1003 unlock concrete, aggregate and block",
        security,
        response: { 200: listOf(userGroupSchema) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { rows } = await auth.connection.db.execute<{
        id: number;
        user_profile_id: number | null;
        group_name: string;
      }>(sql`
        select g.id, p.id as user_profile_id, g.group_name
          from user_groups ug
          join groups g on g.id = ug.group_id
          left join user_profiles p on p.user_id = ug.user_id
         where ug.user_id = ${auth.userId}
         order by g.id`);
      return envelope(
        rows.map((row) => ({
          id: row.id,
          userProfileId: row.user_profile_id ?? auth.userId,
          groupName: row.group_name,
        })),
      );
    },
  );

  app.get(
    '/api/formauthorization',
    {
      preValidation: authorize(deps),
      schema: {
        tags: ['user'],
        summary: "The caller's permission on each form (1 None .. 6 FullWithReadOnlyPrices)",
        security,
        response: { 200: listOf(formAuthorization) },
      },
    },
    async (request) => {
      // The effective levels: each form once, at the highest of the user's and its groups' (R-PERM-7).
      const { permissions } = request.auth!;
      const { rows } = await request.auth!.connection.db.execute<{ form_id: number }>(
        sql`select distinct form_id from (${grantedLevels(request.auth!.userId)}) g order by form_id`,
      );
      return envelope(
        rows.map((row) => ({
          FormId: row.form_id,
          PermissionId: permissions.levelOf(row.form_id),
        })),
      );
    },
  );

  app.get(
    '/api/v1/sysadmin',
    {
      preValidation: authorize(deps),
      schema: {
        tags: ['user'],
        summary: 'Whether the caller is a system administrator',
        security,
        response: { 200: booleanResponseSchema },
      },
    },
    (request) => ({ value: request.auth!.isSysadmin, message: '' }),
  );
}
