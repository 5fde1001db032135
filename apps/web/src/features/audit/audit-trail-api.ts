/** The audit trail's routes as the screen calls them (R-AUDIT-3, R-AUDIT-5). */
import { z } from 'zod';
import { auditEntrySchema, type AuditEntryView } from '@dispatch/domain/audit/audit-trail';
import { apiGet } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';

export type AuditFilters = {
  resource?: string;
  username?: string;
  recordId?: string;
  action?: string;
  /** Instants (ISO): the user's local midnights of the chosen days. */
  from?: string;
  to?: string;
};

const pageSchema = z.object({
  error: z.boolean(),
  count: z.number(),
  data: z.array(auditEntrySchema),
});

const basePath = '/api/v1/admin/audit-trail';

function paramsOf(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value !== '') params.set(name, value);
  }
  return params;
}

export async function fetchAuditPage(
  filters: AuditFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<{ count: number; entries: AuditEntryView[] }> {
  const params = paramsOf(filters);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  const answer = await apiGet<unknown>(`${basePath}?${params.toString()}`, { signal });
  const parsed = pageSchema.parse(answer);
  return { count: parsed.count, entries: parsed.data };
}

/** Every filtered entry as CSV, one line per changed field: fetched with the token, then saved. */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  await downloadFile(`${basePath}/export?${paramsOf(filters).toString()}`, 'audit-trail.csv');
}
