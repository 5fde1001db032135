/**
 * One background job as its owner follows it (R-JOB-4, R-JOB-9): what it is, its state and
 * progress, the step under way or its outcome, the files it made (a PDF opens in the print
 * window, the rest download), and cancelling or running it again.
 */
import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isJobFinished,
  type BackgroundJob,
  type JobFile,
  type JobState,
} from '@dispatch/domain/jobs/background-jobs';
import { formatTimeOfDay } from '@dispatch/domain/dates/date-format';
import { cancelJob, isPdf, openJobFile, retryJob } from './jobs-api';
import { applyJob } from './use-jobs';

/** A job state's colour, wherever a state is shown (cards, a schedule's last run). */
export const jobStateColors: Record<JobState, string> = {
  queued: 'gray',
  running: 'blue',
  retrying: 'orange',
  completed: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

/** PDF, CSV, XLSX, IIF: what the button says, from the file's name. */
export function fileLabel(file: JobFile): string {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1];
  return (extension ?? file.name).toUpperCase();
}

export function JobFileButtons({ job, size = 'xs' }: { job: BackgroundJob; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: t('backgroundJobs.actionFailed', {
        message: error instanceof Error ? error.message : String(error),
      }),
    });
  if (job.files.length === 0) return null;
  return (
    <Group gap={6}>
      {job.files.map((file) => (
        <Button
          key={file.id}
          size={size}
          variant={isPdf(file) ? 'filled' : 'light'}
          aria-label={t(isPdf(file) ? 'backgroundJobs.open' : 'backgroundJobs.download', {
            name: file.name,
          })}
          onClick={() => void openJobFile(file).catch(failed)}
        >
          {fileLabel(file)}
        </Button>
      ))}
    </Group>
  );
}

export function JobCard({ job, compact = false }: { job: BackgroundJob; compact?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const finished = isJobFinished(job.state);
  const active = job.state === 'running' || job.state === 'retrying';

  const act = async (action: 'cancel' | 'retry') => {
    setBusy(true);
    try {
      const answer = action === 'cancel' ? await cancelJob(job.id) : await retryJob(job.id);
      applyJob(queryClient, answer);
      notifications.show({
        message: t(action === 'cancel' ? 'backgroundJobs.cancelled' : 'backgroundJobs.retried', {
          title: job.title,
        }),
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: t('backgroundJobs.actionFailed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      });
    } finally {
      setBusy(false);
    }
  };

  const times = [
    t('backgroundJobs.requestedAt', { time: formatTimeOfDay(new Date(job.createdAt)) }),
    job.finishedAt
      ? t('backgroundJobs.finishedAt', { time: formatTimeOfDay(new Date(job.finishedAt)) })
      : null,
    job.attempts > 1 ? t('backgroundJobs.attempt', { attempt: job.attempts }) : null,
  ].filter(Boolean);

  return (
    <Paper
      withBorder
      radius="md"
      p={compact ? 'xs' : 'sm'}
      aria-label={`${job.title}: ${t(`backgroundJobs.states.${job.state}`)}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(`backgroundJobs.kinds.${job.kind}`)}
            </Text>
            <Text fw={600} size="sm" truncate>
              {job.title}
            </Text>
          </div>
          <Badge color={jobStateColors[job.state]} variant="light" style={{ flexShrink: 0 }}>
            {t(`backgroundJobs.states.${job.state}`)}
          </Badge>
        </Group>
        {finished ? null : (
          <Progress
            value={job.state === 'queued' ? 0 : Math.max(job.progress, 3)}
            color={job.state === 'retrying' ? 'orange' : 'blue'}
            striped={active}
            animated={active}
            aria-label={t('backgroundJobs.progress', { progress: job.progress })}
          />
        )}
        {job.message ? (
          <Text size="xs" c={job.state === 'failed' ? 'red.7' : 'dimmed'} lineClamp={3}>
            {job.message}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {times.join(' · ')}
          </Text>
          <Group gap={6}>
            <JobFileButtons job={job} />
            {finished ? null : (
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                loading={busy}
                onClick={() => void act('cancel')}
              >
                {t('backgroundJobs.cancel')}
              </Button>
            )}
            {job.state === 'failed' || job.state === 'cancelled' ? (
              <Button size="xs" variant="light" loading={busy} onClick={() => void act('retry')}>
                {t('backgroundJobs.retry')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
