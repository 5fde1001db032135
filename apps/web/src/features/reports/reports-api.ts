/**
 * The reports screen's reads and writes (R-RPT-50..R-RPT-57): a run queued with the report
 * engine, and the user's report inbox. The runs themselves are background jobs, read through the
 * shared job queries (components/jobs).
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { backgroundJobSchema, type BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import type { ReportRunRequest } from '@dispatch/domain/reports/report-catalogue';
import {
  reportInboxItemSchema,
  type ReportInboxItem,
} from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { apiGet, apiRequest } from '../../lib/api-client';
import { reportLanguageOf } from '@dispatch/domain/reports/report-language';
import { i18n } from '../../lib/i18n/i18n';

export const reportQueryKeys = {
  all: ['reports'] as const,
  inbox: () => [...reportQueryKeys.all, 'inbox'] as const,
};

const inboxListSchema = z.object({ data: z.array(reportInboxItemSchema) }).passthrough();

export const reportInboxQuery = () =>
  queryOptions({
    queryKey: reportQueryKeys.inbox(),
    queryFn: async ({ signal }): Promise<ReportInboxItem[]> =>
      (await apiGet('/api/v1/report-inbox?limit=100', inboxListSchema, { signal })).data,
    // resourceChanged_v1 for the inbox tells this user's screens of each delivery.
    staleTime: 5 * 60_000,
  });

/** R-RPT-53: the run goes to the queue; the answer is its background job (202). */
export async function runReport(request: ReportRunRequest): Promise<BackgroundJob> {
  // The job's title and files are made in the language of the screen that asks (issue 25).
  const language = reportLanguageOf(i18n.language);
  return await apiRequest(
    'POST',
    '/api/v1/reports/runs',
    { ...request, language },
    backgroundJobSchema,
  );
}

export async function markInboxItem(id: number, read: boolean): Promise<ReportInboxItem> {
  return await apiRequest(
    'POST',
    `/api/v1/report-inbox/${id}/read`,
    { read },
    reportInboxItemSchema,
  );
}
