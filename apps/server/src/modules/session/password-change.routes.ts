/**
 * POST /api/v1/auth/change-password (R-PASS-3..4): a user replaces their password, the temporary
 * one an administrator gave or their own, by proving the current one. Anonymous like /token (a
 * temporary password earns no token), and throttled with it: a wrong current password counts as a
 * failed login. The new password must pass the policy (R-PASS-1..2); the change ends the user's
 * other sessions and is recorded in the audit trail, without either password.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { commonPasswordReason, passwordProblem } from '@dispatch/domain/auth/password-policy';
import { booleanResponseSchema } from '@dispatch/domain/api/envelope';
import { messages } from '@dispatch/domain/messages';
import { recordAudit } from '../../audit/audit-trail';
import { publish } from '../../dispatch/publish';
import { ApiError, validationError } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';
import { isCommonPassword } from '../../auth/common-passwords';
import { checkLoginThrottle, recordLoginAttempt, throttleMessage } from '../../auth/login-throttle';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/session-store';

const changeBody = z.object({
  username: z.string().trim().min(1, 'is required').max(100),
  currentPassword: z.string().min(1, 'is required').max(200),
  newPassword: z.string().max(200),
});

const changeHeaders = z.object({ database: z.string().trim().max(31).optional() });

export function registerPasswordChangeRoutes(app: Server, deps: ServerDeps): void {
  app.post(
    '/api/v1/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Replace a password (a temporary one included) by proving the current one',
        body: changeBody,
        headers: changeHeaders,
        response: { 200: booleanResponseSchema },
      },
    },
    async (request, reply) => {
      const { username, currentPassword, newPassword } = request.body;
      const databaseName = request.headers.database?.toUpperCase();
      if (!databaseName) throw validationError([{ field: 'database', reason: 'is required' }]);
      const database = await deps.tenancy.find(databaseName);
      if (!database) throw new ApiError('notFound', messages.databaseNotFound);
      const { db } = await deps.tenancy.open(database.databaseName);
      const now = deps.now();
      const usernameLower = username.toLowerCase();
      const verdict = await checkLoginThrottle(db, { usernameLower, ipAddress: request.ip, now });
      if (!verdict.allowed) {
        void reply.header('retry-after', String(verdict.retryAfterSeconds));
        throw new ApiError('rateLimited', throttleMessage(verdict.retryAfterSeconds));
      }
      const { rows } = await db.execute<{
        id: number;
        username: string;
        password_hash: string;
        inactive_flag: boolean;
      }>(sql`
        select id, username, password_hash, inactive_flag from users where lower(username) = ${usernameLower}`);
      const user = rows[0];
      const matches = await verifyPassword(
        currentPassword,
        user?.password_hash ?? decoyPasswordHash,
      );
      if (!user || !matches || user.inactive_flag) {
        await recordLoginAttempt(db, {
          usernameLower,
          ipAddress: request.ip,
          now,
          succeeded: false,
        });
        throw validationError([{ field: 'currentPassword', reason: 'is not right for this user' }]);
      }
      const problem =
        passwordProblem(newPassword, user.username) ??
        (isCommonPassword(newPassword) ? commonPasswordReason : null) ??
        (newPassword === currentPassword ? 'must differ from the current password' : null);
      if (problem) throw validationError([{ field: 'newPassword', reason: problem }]);
      const hash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        const { rows: written } = await tx.execute<{
          version: number;
          customer_id: number | null;
        }>(sql`
          update users set password_hash = ${hash}, must_change_password = false,
                 password_changed_at = ${now.toISOString()}, version = version + 1,
                 modified_at = ${now.toISOString()}, modified_by = ${user.username}
           where id = ${user.id}
       returning version, customer_id`);
        // An administrator's open form on this user learns of the change (R-LIVE-1).
        await publish(tx, {
          name: 'resourceChanged_v1',
          data: {
            resource: written[0]?.customer_id === null ? 'users' : 'externalUsers',
            id: user.id,
            action: 'updated',
            version: written[0]?.version ?? null,
            by: user.username,
          },
        });
        await revokeUserSessions(tx, user.id, now);
        await recordAudit(tx, {
          username: user.username,
          at: now,
          resource: 'users',
          recordId: user.id,
          action: 'passwordChanged',
          before: null,
          after: null,
        });
      });
      deps.sessionCache.invalidate(database.databaseName);
      request.log.info({ userId: user.id }, 'password changed');
      return { value: true, message: 'Your password was changed. Log in with the new password.' };
    },
  );
}
