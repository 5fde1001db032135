/**
 * The audit trail (R-AUDIT-1..6): every change an administrator made through the administration
 * screens, for administrators only. The menu catalogue has no audit entry among its
 * administration forms (R-MENU-11), so no form permission applies: `admin` alone guards it.
 */
import { auditEntrySchema, auditQuerySchema } from '@dispatch/domain/audit/audit-trail';
import { authorize } from '../../auth/guard';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { auditCsv, sendCsv } from './audit-csv';
import { auditEntries, listAuditTrail } from './audit.service';

const security = [{ bearer: [] }];
const tags = ['administration'];

export function registerAuditRoutes(app: Server, deps: ServerDeps): void {
  const guard = authorize(deps, { admin: true });

  app.get(
    '/api/v1/admin/audit-trail',
    {
      preValidation: guard,
      schema: {
        tags,
        summary:
          'The audit trail, newest first: who changed which record when, and each changed field before and after',
        security,
        querystring: auditQuerySchema,
        response: { 200: listOf(auditEntrySchema) },
      },
    },
    async (request) => {
      const { rows, count } = await listAuditTrail(request.auth!.connection.db, request.query);
      return envelope(rows, count);
    },
  );

  app.get(
    '/api/v1/admin/audit-trail/export',
    {
      preValidation: guard,
      schema: {
        tags,
        summary:
          'The filtered audit trail as CSV: one line per changed field (at most 10,000 entries)',
        security,
        querystring: auditQuerySchema.omit({ page: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const csv = await auditCsv(auditEntries(request.auth!.connection.db, request.query), {
        header: ['At', 'User', 'Resource', 'Record', 'Name', 'Action', 'Field', 'Before', 'After'],
        entry: (entry) => [
          entry.at,
          entry.username,
          entry.resource,
          entry.recordId,
          entry.recordLabel,
          entry.action,
        ],
        field: (change) => change.field,
      });
      return sendCsv(reply, 'audit-trail.csv', csv);
    },
  );
}
