/**
 * A user's sessions and seats on the user maintenance screen (R-USER-3): when each began, was last
 * used, from which address and seat, and "end session" for one of them. "End all" is
 * POST /api/v1/admin/sessions/end (session.routes.ts). An ended screen gets logoutEvent_v1.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { booleanResponseSchema } from '@dispatch/domain/api/envelope';
import { userSessionSchema } from '@dispatch/domain/users/user-session';
import { formIdOf } from '@dispatch/domain/resources/define';
import { recordAudit } from '../../audit/audit-trail';
import { authorize } from '../../auth/guard';
import { revokeSession } from '../../auth/session-store';
import { sessions } from '../../db/schema/auth';
import { envelope, listOf } from '../../http/envelope';
import { notFound } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';

const security = [{ bearer: [] }];
const access = { admin: true, forms: [formIdOf('UserMaintenance')] };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const sessionParams = idParams.extend({
  sessionId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export function registerUserSessionRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/users/:id/sessions',
    {
      preValidation: authorize(deps, access),
      schema: {
        tags: ['user'],
        summary: "A user's live sessions, newest first",
        security,
        params: idParams,
        response: { 200: listOf(userSessionSchema) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const rows = await auth.connection.db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, request.params.id),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, deps.now()),
          ),
        )
        .orderBy(desc(sessions.createdAt));
      return envelope(
        rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          ipAddress: row.ipAddress,
          seat: row.seatTokenHash ? row.seatTokenHash.slice(0, 8) : null,
          current: row.id === auth.sessionId,
        })),
      );
    },
  );

  app.delete(
    '/api/v1/users/:id/sessions/:sessionId',
    {
      preValidation: authorize(deps, { ...access, write: true }),
      schema: {
        tags: ['user'],
        summary: "End one of a user's sessions; its screens are logged out",
        security,
        params: sessionParams,
        response: { 200: booleanResponseSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { id, sessionId } = request.params;
      const now = deps.now();
      await auth.connection.db.transaction(async (tx) => {
        const [found] = await tx
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(eq(sessions.id, sessionId), eq(sessions.userId, id), isNull(sessions.revokedAt)),
          );
        if (!found) throw notFound(`Session ${sessionId} of user ${id}`);
        await revokeSession(tx, sessionId, now);
        await recordAudit(tx, {
          username: auth.username,
          at: now,
          resource: 'sessions',
          recordId: sessionId,
          action: 'ended',
          before: { userId: id },
          after: null,
        });
      });
      deps.sessionCache.invalidate(auth.database);
      return { value: true, message: 'The session was ended.' };
    },
  );
}
