/** The audit trail's routes as the screen calls them (R-AUDIT-3, R-AUDIT-5). */
import { auditEntrySchema, type AuditEntryView } from '@dispatch/domain/audit/audit-trail';
import { auditPagesApi } from '../../components/audit/audit-pages-api';

export type AuditFilters = {
  resource?: string;
  username?: string;
  recordId?: string;
  action?: string;
  /** Instants (ISO): the user's local midnights of the chosen days. */
  from?: string;
  to?: string;
};

const api = auditPagesApi<AuditFilters, AuditEntryView>(
  '/api/v1/admin/audit-trail',
  auditEntrySchema,
  'audit-trail.csv',
);

export const fetchAuditPage = api.fetchPage;
export const downloadAuditCsv = api.downloadCsv;
