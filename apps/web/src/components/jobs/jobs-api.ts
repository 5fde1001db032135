/**
 * The signed-in user's background jobs (R-JOB-4, R-JOB-9): one key factory, the reads and the
 * actions. Screens that start jobs (reports, accounting export, credit letters) list their own kind;
 * the tray lists them all. `jobProgress_v1` keeps every cached copy current (use-jobs.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  backgroundJobSchema,
  type BackgroundJob,
  type JobFile,
  type JobKind,
} from '@dispatch/domain/jobs/background-jobs';
import { apiGet, apiRequest } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { openPdf } from '../../lib/open-pdf';

export type JobFilter = { kind?: JobKind; limit?: number };

export const jobKeys = {
  all: ['backgroundJobs'] as const,
  lists: () => [...jobKeys.all, 'mine'] as const,
  mine: (filter: JobFilter) => [...jobKeys.lists(), filter] as const,
  detail: (id: number) => [...jobKeys.all, 'detail', id] as const,
};

const listSchema = z.object({ data: z.array(backgroundJobSchema) }).passthrough();

export function jobsPath(filter: JobFilter): string {
  const params = new URLSearchParams({ limit: String(filter.limit ?? 20) });
  if (filter.kind) params.set('kind', filter.kind);
  return `/api/v1/background-jobs?${params.toString()}`;
}

export const myJobsQuery = (filter: JobFilter = {}) =>
  queryOptions({
    queryKey: jobKeys.mine(filter),
    queryFn: async ({ signal }): Promise<BackgroundJob[]> =>
      (await apiGet(jobsPath(filter), listSchema, { signal })).data,
    // The hub keeps the lists current; a refetch is for a reconnect (use-jobs.ts).
    staleTime: 5 * 60_000,
  });

export const jobQuery = (id: number | null) =>
  queryOptions({
    queryKey: jobKeys.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<BackgroundJob> =>
      await apiGet(`/api/v1/background-jobs/${id}`, backgroundJobSchema, { signal }),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });

export async function cancelJob(id: number): Promise<BackgroundJob> {
  return await apiRequest(
    'POST',
    `/api/v1/background-jobs/${id}/cancel`,
    undefined,
    backgroundJobSchema,
  );
}

export async function retryJob(id: number): Promise<BackgroundJob> {
  return await apiRequest(
    'POST',
    `/api/v1/background-jobs/${id}/retry`,
    undefined,
    backgroundJobSchema,
  );
}

export function isPdf(file: JobFile): boolean {
  return file.contentType === 'application/pdf';
}

/** A PDF opens in the print window (R-PRINT-1); anything else is saved. */
export async function openJobFile(file: JobFile): Promise<void> {
  if (isPdf(file)) await openPdf(file.url, file.name);
  else await downloadFile(file.url, file.name);
}
