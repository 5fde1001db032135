/**
 * The jobs tray in the top bar (R-JOB-9): how many of the user's background jobs are running, and
 * their recent jobs with progress and results a click away, from any screen. A job that finishes
 * while the user works elsewhere is announced, with its result to open.
 */
import { ActionIcon, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { isJobFinished, type BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { JobCard, JobFileButtons } from './job-card';
import { useJobsLive, useMyJobs } from './use-jobs';

function TrayIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M4 6h16M4 12h10M4 18h7"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="18" cy="16" r="3.5" stroke="currentColor" strokeWidth="2" />
      <path d="M18 14.5V16l1 1" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** Jobs already announced in this page: each finish is told once, whoever heard it first. */
const announced = new Set<number>();

export function JobsTray() {
  const { t } = useTranslation();
  const jobs = useMyJobs({ limit: 8 });
  const announce = (job: BackgroundJob) => {
    if (!isJobFinished(job.state) || job.state === 'cancelled' || announced.has(job.id)) return;
    announced.add(job.id);
    notifications.show({
      id: `job-${job.id}`,
      color: job.state === 'completed' ? 'teal' : 'red',
      title: t(
        job.state === 'completed' ? 'backgroundJobs.doneTitle' : 'backgroundJobs.failedTitle',
        {
          title: job.title,
        },
      ),
      message: (
        <Stack gap={6}>
          {job.message ? <Text size="sm">{job.message}</Text> : null}
          <JobFileButtons job={job} />
        </Stack>
      ),
      autoClose: job.state === 'completed' ? 10_000 : false,
    });
  };
  useJobsLive(announce);

  const list = jobs.data ?? [];
  const running = list.filter((job) => !isJobFinished(job.state)).length;
  const label =
    running > 0 ? t('backgroundJobs.trayRunning', { count: running }) : t('backgroundJobs.tray');

  return (
    <Popover position="bottom-end" width={380} shadow="md" withinPortal hideDetached={false}>
      <Popover.Target>
        <Indicator label={running} size={16} disabled={running === 0} color="blue" offset={4}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} title={label}>
            <TrayIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Text size="sm" fw={600} px={4} pb={6}>
          {t('backgroundJobs.recent')}
        </Text>
        {list.length === 0 ? (
          <Stack gap={2} px={4} pb={4}>
            <Text size="sm">{t('backgroundJobs.none')}</Text>
            <Text size="xs" c="dimmed">
              {t('backgroundJobs.noneHint')}
            </Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah={420}>
            <Stack gap={6}>
              {list.map((job) => (
                <JobCard key={job.id} job={job} compact />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
