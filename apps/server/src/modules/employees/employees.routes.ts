import { eq } from 'drizzle-orm';
import { nationalIdentifierRevealSchema } from '@dispatch/domain/employees/national-identifier';
import { permissionLevels } from '@dispatch/domain/permissions';
import { formIdOf } from '@dispatch/domain/resources/define';
import { authorize } from '../../auth/guard';
import { employees } from '../../db/schema/employees';
import { ApiError, notFound } from '../../http/api-error';
import type { Server, ServerDeps } from '../../http/server';
import { idParams } from '../../http/write-fields';
import { dataEncryptionKey, open, UnreadableSecretError } from './national-identifier';

const security = [{ bearer: [] }];
const tags = ['employees'];

/**
 * What is special about employees: revealing the national identifier (R-SENSITIVE, R-NATID-3).
 * Employee maintenance itself (list, get, create, update with `nationalIdentifier` write-only,
 * deactivate, pick list, export) is the resource engine's, at /api/v1/employees (R-RES-3).
 *
 * Only level 5 (FullWithPrices) on Employee Maintenance may reveal, by an explicit request; each
 * reveal is an audit line in the request log (who, which employee, when), never the value, which
 * the logger also redacts wherever a `nationalIdentifier` key appears (http/logger.ts).
 */
export function registerEmployeesRoutes(app: Server, deps: ServerDeps): void {
  const form = formIdOf('EmployeeMaintenance');
  // Made on first start rather than first use, so a read-only DATA_DIR fails loudly at once.
  // Test servers make theirs only when a test stores an identifier (or pass DATA_ENCRYPTION_KEY).
  if (deps.env.NODE_ENV !== 'test') dataEncryptionKey(deps.env);

  app.post(
    '/api/v1/employees/:id/national-identifier/reveal',
    {
      preValidation: authorize(deps, { forms: [form] }),
      schema: {
        tags,
        summary:
          "An employee's national identifier in clear: level 5 only, each reveal logged (never the value)",
        security,
        params: idParams,
        response: { 200: nationalIdentifierRevealSchema },
      },
    },
    async (request, reply) => {
      if (request.permission.level !== permissionLevels.FullWithPrices) {
        throw new ApiError(
          'permission',
          'Only users with full access with prices to Employees may reveal a national identifier.',
        );
      }
      const id = request.params.id;
      const [row] = await request
        .auth!.connection.db.select({ sealed: employees.nationalIdentifierEncrypted })
        .from(employees)
        .where(eq(employees.id, id));
      if (!row) throw notFound(`Employee ${id}`);
      if (!row.sealed) {
        throw new ApiError('notFound', `Employee ${id} has no national identifier on file.`, {
          code: 'no_national_identifier',
        });
      }
      let nationalIdentifier: string;
      try {
        nationalIdentifier = open(dataEncryptionKey(deps.env), row.sealed);
      } catch (error) {
        if (!(error instanceof UnreadableSecretError)) throw error;
        request.log.error({ employeeId: id }, 'national identifier could not be decrypted');
        throw new ApiError('server', error.message);
      }
      request.log.info(
        {
          audit: 'nationalIdentifierRevealed',
          employeeId: id,
          by: request.auth!.username,
          database: request.auth!.database,
          at: deps.now().toISOString(),
        },
        'national identifier revealed',
      );
      return reply.header('cache-control', 'no-store').send({ nationalIdentifier });
    },
  );
}
