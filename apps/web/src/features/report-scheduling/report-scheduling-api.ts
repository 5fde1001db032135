/** Report scheduling's reads and writes (R-RSCHED-1..R-RSCHED-7), with one key factory. */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { backgroundJobSchema, type BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import {
  reportScheduleSchema,
  type ReportSchedule,
  type ReportScheduleBody,
} from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { apiGet, apiRequest, apiSend } from '../../lib/api-client';

const path = '/api/v1/report-schedules';

export const scheduleKeys = {
  all: ['reportSchedules'] as const,
  list: () => [...scheduleKeys.all, 'list'] as const,
};

const listSchema = z.object({ data: z.array(reportScheduleSchema) }).passthrough();

export const scheduleListQuery = () =>
  queryOptions({
    queryKey: scheduleKeys.list(),
    queryFn: async ({ signal }): Promise<ReportSchedule[]> =>
      (await apiGet(path, listSchema, { signal })).data,
    // A run's outcome changes as its job runs: the list looks again while the screen is open.
    refetchInterval: 30_000,
  });

export async function saveSchedule(
  id: number | null,
  body: ReportScheduleBody,
  version: number | null,
): Promise<ReportSchedule> {
  return id === null
    ? await apiRequest('POST', path, body, reportScheduleSchema)
    : await apiRequest('PUT', `${path}/${id}`, { ...body, version }, reportScheduleSchema);
}

export async function deleteSchedule(id: number): Promise<void> {
  await apiSend('DELETE', `${path}/${id}`);
}

export async function runScheduleNow(id: number): Promise<BackgroundJob> {
  return await apiRequest('POST', `${path}/${id}/run`, undefined, backgroundJobSchema);
}
