/**
 * How every audit screen reads its routes (R-AUDIT-3, R-OAUD-1..2): the filters as query
 * parameters (empty ones left out), a page of entries checked against the screen's own schema,
 * and the same filters' CSV export.
 */
import { z } from 'zod';
import { apiGet } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';

export type AuditPage<Entry> = { count: number; entries: Entry[] };

function paramsOf(filters: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

/** The page and CSV calls of one audit route (`basePath`, with `/export` beside it). */
export function auditPagesApi<Filters extends object, Entry>(
  basePath: string,
  entrySchema: z.ZodType<Entry>,
  csvName: string,
) {
  const pageSchema = z.object({
    error: z.boolean(),
    count: z.number(),
    data: z.array(entrySchema),
  });
  return {
    fetchPage: async (
      filters: Filters,
      page: number,
      pageSize: number,
      signal?: AbortSignal,
    ): Promise<AuditPage<Entry>> => {
      const params = paramsOf(filters);
      params.set('page', String(page));
      params.set('pageSize', String(pageSize));
      const parsed = await apiGet(`${basePath}?${params.toString()}`, pageSchema, { signal });
      return { count: parsed.count, entries: parsed.data };
    },
    /** Every filtered entry as CSV, one line per changed field: fetched with the token, then saved. */
    downloadCsv: (filters: Filters): Promise<void> =>
      downloadFile(`${basePath}/export?${paramsOf(filters).toString()}`, csvName),
  };
}
