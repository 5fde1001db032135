import { z } from 'zod';
import { messages } from '@dispatch/domain/messages';
import { databaseNameSchema } from '@dispatch/domain/session/database';
import { sql } from 'drizzle-orm';
import { authenticate } from '../../auth/guard';
import { ApiError } from '../../http/api-error';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';

const databaseAnswer = z.object({ databaseName: z.string(), serverName: z.string() });

/**
 * R-INPUT-2: a database name in a path refuses control characters (NUL among them) before the
 * name is trimmed, so 'DEMO%0A' is not read as 'DEMO' and a NUL never reaches a query.
 */
const databaseNameParam = z
  .string()
  .regex(/^[^\p{Cc}]*$/u, { error: 'must not contain control characters' })
  .pipe(databaseNameSchema);

/**
 * The named databases (R-API-8..10). The login screen lists them before anyone is logged in, so
 * the list and the single lookup are anonymous; `accessible` narrows the list to the databases
 * where the caller's username has an active account.
 */
export function registerServerRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/servers',
    {
      schema: {
        tags: ['databases'],
        summary: 'Every named database',
        response: { 200: listOf(databaseAnswer) },
      },
    },
    async () => envelope(await deps.tenancy.list()),
  );

  app.get(
    '/api/servers/accessible',
    {
      schema: {
        tags: ['databases'],
        summary: "The named databases where the caller's username has an active account",
        security: [{ bearer: [] }],
        response: { 200: listOf(databaseAnswer) },
      },
    },
    async (request) => {
      const auth = await authenticate(request, deps);
      const accessible = [];
      for (const database of await deps.tenancy.list()) {
        try {
          const { db } = await deps.tenancy.open(database.databaseName);
          const { rows } = await db.execute(
            sql`select 1 from users where lower(username) = lower(${auth.username}) and not inactive_flag`,
          );
          if (rows.length > 0) accessible.push(database);
        } catch (error) {
          // One unreachable database must not hide the others from the login screen.
          request.log.warn(
            { err: error, database: database.databaseName },
            'database not reachable',
          );
        }
      }
      return envelope(accessible);
    },
  );

  app.get(
    '/api/servers/:databaseName',
    {
      schema: {
        tags: ['databases'],
        summary: 'One named database and its server',
        params: z.object({ databaseName: databaseNameParam }),
        response: { 200: databaseAnswer },
      },
    },
    async (request) => {
      const found = await deps.tenancy.find(request.params.databaseName);
      if (!found) throw new ApiError('notFound', messages.databaseNotFound);
      return found;
    },
  );
}
