import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '@dispatch/domain/messages';
import type { Db } from '../../db/client';
import type { Server, ServerDeps } from '../../http/server';
import { dispatcherBaseUrl } from '../../http/public-urls';
import { checkLoginThrottle, recordLoginAttempt, throttleMessage } from '../../auth/login-throttle';
import { decoyPasswordHash, verifyPassword } from '../../auth/passwords';
import { serverSettingsFor } from '../settings/system-parameters.service';
import { bearerToken } from '../../auth/bearer';
import { createSession, databaseOfToken, findSession } from '../../auth/session-store';

export const externalUsersDisabledMessage =
  'External users cannot sign in: the system parameter externalUsersEnabled is off.';

/** The error code of a login with a temporary password: the client asks for a new one. */
export const passwordChangeRequired = 'password_change_required';

/** OAuth-style failures: the client shows `error_description` and keys its retry on `error`. */
const tokenError = z.object({ error: z.string(), error_description: z.string() });

const tokenBody = z.object({
  client_id: z.string().trim().min(1, 'client_id (the username) is required').max(100),
  client_secret: z.string().max(200).optional(),
  grant_type: z.literal('client_credentials', {
    error: 'grant_type must be client_credentials',
  }),
});

const tokenHeaders = z.object({
  database: z.string().trim().max(31).optional(),
  connection_id: z.string().max(200).optional(),
  seat_token: z.string().max(200).optional(),
  authorization: z.string().max(400).optional(),
  token: z.string().max(400).optional(),
});

const tokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  adminOnly: z.boolean(),
  mqServer: z.string(),
});

type UserRow = {
  id: number;
  username: string;
  password_hash: string;
  admin_only: boolean;
  inactive_flag: boolean;
  must_change_password: boolean;
  customer_id: number | null;
};

async function findUser(db: Db, username: string): Promise<UserRow | undefined> {
  const { rows } = await db.execute<UserRow>(sql`
    select id, username, password_hash, admin_only, inactive_flag, must_change_password, customer_id
      from users where lower(username) = lower(${username})`);
  return rows[0];
}

/**
 * POST /token (spec section 7): a username and password, or a token already issued (the
 * token-as-credentials variant, for new tabs and entry URLs), for a new access token.
 */
export function registerTokenRoutes(app: Server, deps: ServerDeps): void {
  app.post(
    '/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in: exchange credentials, or a live token, for an access token',
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenBody,
        headers: tokenHeaders,
        response: {
          200: tokenAnswer,
          400: tokenError,
          401: tokenError,
          403: tokenError,
          429: tokenError,
        },
      },
    },
    async (request, reply) => {
      const fail = (status: 400 | 401 | 403 | 429, error: string, description: string) =>
        reply.status(status).send({ error, error_description: description });
      const now = deps.now();
      const { client_id: username, client_secret: password } = request.body;
      const databaseName = request.headers.database?.toUpperCase();
      if (!databaseName) return fail(400, 'invalid_request', messages.loginRequired);
      const database = await deps.tenancy.find(databaseName);
      if (!database) return fail(400, 'invalid_database', messages.databaseNotFound);
      const connection = await deps.tenancy.open(database.databaseName);
      const { db } = connection;

      let userId: number;
      let adminOnly: boolean;
      if (password === undefined) {
        const presented = request.headers.token ?? bearerToken(request.headers.authorization);
        if (!presented) {
          return fail(400, 'missing_token_error', 'A password or an access token is required.');
        }
        const session =
          databaseOfToken(presented) === database.databaseName
            ? await findSession(connection, {
                database: database.databaseName,
                token: presented,
                now,
                onWarning: (warning) => request.log.warn(warning),
              })
            : undefined;
        if (!session || session.username.toLowerCase() !== username.toLowerCase()) {
          return fail(401, 'token_error', 'The access token is not valid or has expired.');
        }
        userId = session.userId;
        adminOnly = session.adminOnly;
      } else {
        const usernameLower = username.toLowerCase();
        const verdict = await checkLoginThrottle(db, { usernameLower, ipAddress: request.ip, now });
        if (!verdict.allowed) {
          request.log.warn({ username: usernameLower, ip: request.ip }, 'login throttled');
          void reply.header('retry-after', String(verdict.retryAfterSeconds));
          return fail(429, 'too_many_attempts', throttleMessage(verdict.retryAfterSeconds));
        }
        const user = await findUser(db, username);
        // Verify against a decoy when the user is unknown, so timing does not reveal usernames.
        const matches = await verifyPassword(password, user?.password_hash ?? decoyPasswordHash);
        const succeeded = Boolean(user && matches && !user.inactive_flag);
        await recordLoginAttempt(db, { usernameLower, ipAddress: request.ip, now, succeeded });
        if (!user || !succeeded) {
          request.log.warn({ username: usernameLower, ip: request.ip }, 'login failed');
          return fail(401, 'invalid_grant', messages.loginInvalid);
        }
        // A customer's staff sign in only while the system parameter allows it (R-EXT-1).
        if (user.customer_id !== null) {
          const settings = await serverSettingsFor(deps, database.databaseName);
          if (!settings.externalUsersEnabled) {
            return fail(403, 'external_users_disabled', externalUsersDisabledMessage);
          }
        }
        // A temporary password opens nothing but the change of password (R-PASS-3).
        if (user.must_change_password) {
          return fail(403, passwordChangeRequired, messages.passwordChangeRequired);
        }
        userId = user.id;
        adminOnly = user.admin_only;
      }

      const ttlSeconds = deps.env.TOKEN_TTL_SECONDS;
      const { token } = await createSession(db, {
        database: database.databaseName,
        userId,
        seatToken: request.headers.seat_token,
        connectionId: request.headers.connection_id,
        ipAddress: request.ip,
        now,
        ttlSeconds,
      });
      request.log.info({ userId, database: database.databaseName }, 'login succeeded');
      return {
        access_token: token,
        token_type: 'bearer' as const,
        expires_in: ttlSeconds,
        adminOnly,
        mqServer: dispatcherBaseUrl(request, deps.env),
      };
    },
  );
}
