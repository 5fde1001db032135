/**
 * Background jobs kept live (R-JOB-4): each `jobProgress_v1` (sent to the job's owner only) is
 * written into every cached list and into the job's own entry, so a progress bar moves without a
 * fetch; after a reconnect the lists are read again, as NOTIFY may have lost messages meanwhile.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import { isJobFinished, type BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { jobKeys, jobQuery, myJobsQuery, type JobFilter } from './jobs-api';

function matches(filter: JobFilter, job: BackgroundJob): boolean {
  return filter.kind === undefined || filter.kind === job.kind;
}

/** Puts the job where it belongs in every cached list: replaced in place, or first when new. */
export function applyJob(queryClient: QueryClient, job: BackgroundJob): void {
  queryClient.setQueryData(jobKeys.detail(job.id), job);
  for (const [key, list] of queryClient.getQueriesData<BackgroundJob[]>({
    queryKey: jobKeys.lists(),
  })) {
    if (!list) continue;
    const filter = (key[2] ?? {}) as JobFilter;
    if (!matches(filter, job)) continue;
    const at = list.findIndex((each) => each.id === job.id);
    const next =
      at >= 0
        ? list.map((each) => (each.id === job.id ? job : each))
        : [job, ...list].slice(0, filter.limit ?? 20);
    queryClient.setQueryData(key, next);
  }
}

/** Follows the hub for every job screen of the page; `onChange` hears each job's new state. */
export function useJobsLive(onChange?: (job: BackgroundJob, before?: BackgroundJob) => void): void {
  const queryClient = useQueryClient();
  useHubEvent('jobProgress_v1', (data) => {
    if (isIdsPayload(data)) {
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      return;
    }
    const before = queryClient.getQueryData<BackgroundJob>(jobKeys.detail(data.id));
    applyJob(queryClient, data);
    onChange?.(data, before);
  });
  useHubReconnected(() => void queryClient.invalidateQueries({ queryKey: jobKeys.all }));
}

export function useMyJobs(filter: JobFilter = {}) {
  useJobsLive();
  return useQuery(myJobsQuery(filter));
}

/**
 * One job followed to its end: `onFinished` runs once when it completes, fails or is cancelled
 * (a screen opens the report it asked for, or shows why it failed).
 */
export function useJob(id: number | null, onFinished?: (job: BackgroundJob) => void) {
  const told = useRef<number | null>(null);
  useJobsLive((job) => {
    if (job.id !== id || !isJobFinished(job.state) || told.current === job.id) return;
    told.current = job.id;
    onFinished?.(job);
  });
  return useQuery(jobQuery(id));
}
