/**
 * The order audit (R-OAUD-1..4): every change to one system type's orders, field by field, for
 * callers of that system type's audit-order form (ConcreteAuditOrder 13000, AggregateAuditOrder
 * 23000, BlockAuditOrder 33000) at a level that may view it; prices left out for levels 2 and 4.
 */
import { systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import {
  orderAuditCsvHeader,
  orderAuditEntrySchema,
  orderAuditFilterSchema,
  orderAuditQuerySchema,
} from '@dispatch/domain/orders/order-audit';
import { systemTypes } from '@dispatch/domain/system-types';
import { authorize } from '../../auth/guard';
import { systemTypeFormPermission } from '../../auth/system-type-form';
import { auditCsv, sendCsv } from '../audit/audit-csv';
import { envelope, listOf } from '../../http/envelope';
import type { Server, ServerDeps } from '../../http/server';
import { listOrderAudit, orderAuditEntries } from './order-audit.service';

const security = [{ bearer: [] }];
const tags = ['orders'];

/** The audit-order form of each system type: concrete, aggregate, block. */
export const orderAuditForms = systemTypes.map((type) => systemTypeForm('auditOrder', type.id).id);

export function registerOrderAuditRoutes(app: Server, deps: ServerDeps): void {
  // Callers of any audit-order form pass; the handler checks the one of the asked system type.
  const guard = authorize(deps, { forms: orderAuditForms });

  app.get(
    '/api/v1/order-audit',
    {
      preValidation: guard,
      schema: {
        tags,
        summary:
          "Every change to a system type's orders, newest first, field by field: before, after, who and when",
        security,
        querystring: orderAuditQuerySchema,
        response: { 200: listOf(orderAuditEntrySchema) },
      },
    },
    async (request) => {
      const { flags } = systemTypeFormPermission(request, 'auditOrder', request.query.systemTypeId);
      const { rows, count } = await listOrderAudit(request.auth!.connection.db, request.query, {
        hidePrices: flags.hidePrice,
      });
      return envelope(rows, count);
    },
  );

  app.get(
    '/api/v1/order-audit/export',
    {
      preValidation: guard,
      schema: {
        tags,
        summary:
          'The filtered order audit as CSV: one line per changed field (at most 10,000 entries)',
        security,
        querystring: orderAuditFilterSchema,
      },
    },
    async (request, reply) => {
      const { flags } = systemTypeFormPermission(request, 'auditOrder', request.query.systemTypeId);
      const entries = orderAuditEntries(request.auth!.connection.db, request.query, {
        hidePrices: flags.hidePrice,
      });
      const csv = await auditCsv(entries, {
        header: orderAuditCsvHeader,
        entry: (entry) => [
          entry.at,
          entry.username,
          entry.orderNumber === null ? '' : String(entry.orderNumber),
          entry.customerName,
          entry.action,
        ],
        field: (change) => change.label,
      });
      return sendCsv(reply, 'order-audit.csv', csv);
    },
  );
}
