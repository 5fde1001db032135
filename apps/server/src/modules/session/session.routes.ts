import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { booleanResponseSchema } from '@dispatch/domain/api/envelope';
import { connectionInfoSchema } from '@dispatch/domain/session/connection-info';
import { menuCatalogue } from '@dispatch/domain/menu/menu-catalogue';
import { authorize } from '../../auth/guard';
import { revokeSeatSessions, revokeSession, revokeUserSessions } from '../../auth/session-store';
import { ApiError } from '../../http/api-error';
import { dispatchHubUrl } from '../../http/public-urls';
import type { Server, ServerDeps } from '../../http/server';

const security = [{ bearer: [] }];
const userMaintenanceForm = menuCatalogue.find((entry) =>
  entry.path?.endsWith('/user-maintenance'),
)?.id;

const endSessionsBody = z.union([
  z.object({ username: z.string().trim().min(1).max(100) }).strict(),
  z.object({ seatToken: z.string().trim().min(1).max(200) }).strict(),
]);

/** The caller's session (R-API-5); ending sessions (R-API-7): one, all of a user's, or a seat's. */
export function registerSessionRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/connection',
    {
      preValidation: authorize(deps),
      schema: {
        tags: ['session'],
        summary: 'The session behind the token: valid when database and username are non-blank',
        security,
        response: { 200: connectionInfoSchema },
      },
    },
    (request) => {
      const auth = request.auth!;
      return { database: auth.database, loggedIn: true, username: auth.username, programNameId: 0 };
    },
  );

  app.get(
    '/api/v1/connection/signalr-info',
    {
      preValidation: authorize(deps),
      schema: {
        tags: ['session'],
        summary: 'Where the DispatchHub listens',
        security,
        response: { 200: z.object({ url: z.string(), hubName: z.string() }) },
      },
    },
    (request) => ({ url: dispatchHubUrl(request, deps.env), hubName: 'DispatchHub' }),
  );

  app.post(
    '/api/v1/auth/logout',
    {
      preValidation: authorize(deps),
      schema: {
        tags: ['session'],
        summary: 'End this session',
        security,
        response: { 200: booleanResponseSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      await revokeSession(auth.connection.db, auth.sessionId, deps.now());
      deps.sessionCache.invalidate(auth.database);
      return { value: true, message: 'Logged out.' };
    },
  );

  app.post(
    '/api/v1/auth/logout/all',
    {
      preValidation: authorize(deps),
      schema: {
        tags: ['session'],
        summary: 'End every session of the caller, on every seat',
        security,
        response: { 200: booleanResponseSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const ended = await revokeUserSessions(auth.connection.db, auth.userId, deps.now());
      deps.sessionCache.invalidate(auth.database);
      return { value: true, message: `${ended} session${ended === 1 ? '' : 's'} ended.` };
    },
  );

  app.post(
    '/api/v1/admin/sessions/end',
    {
      preValidation: authorize(deps, {
        admin: true,
        ...(userMaintenanceForm ? { forms: [userMaintenanceForm] } : {}),
      }),
      schema: {
        tags: ['session'],
        summary: "An administrator ends a user's sessions, or every session of one browser seat",
        security,
        body: endSessionsBody,
        response: { 200: booleanResponseSchema },
      },
    },
    async (request) => {
      const { db } = request.auth!.connection;
      const now = deps.now();
      let ended: number;
      if ('username' in request.body) {
        const { rows } = await db.execute<{ id: number }>(
          sql`select id from users where lower(username) = lower(${request.body.username})`,
        );
        const user = rows[0];
        if (!user) throw new ApiError('notFound', `User ${request.body.username} was not found.`);
        ended = await revokeUserSessions(db, user.id, now);
      } else {
        ended = await revokeSeatSessions(db, request.body.seatToken, now);
      }
      deps.sessionCache.invalidate(request.auth!.database);
      request.log.info({ ended, by: request.auth!.username }, 'sessions ended by an administrator');
      return { value: true, message: `${ended} session${ended === 1 ? '' : 's'} ended.` };
    },
  );
}
