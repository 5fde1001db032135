/**
 * R-ACCT-7: the user's latest exports, followed live (jobProgress_v1): those started on this page
 * with their file or failure offered as soon as its message arrives, and the earlier ones with
 * their state and files.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { JobCard } from '../../components/jobs/job-card';
import { useMyJobs } from '../../components/jobs/use-jobs';
import { ExportCurrentRun } from './export-current-run';

const shown = 3;

export function ExportRuns({ started }: { started: readonly BackgroundJob[] }) {
  const { t } = useTranslation();
  const mine = useMyJobs({ kind: 'accountingExport', limit: shown + 1 });
  const startedIds = new Set(started.map((job) => job.id));
  const earlier = (mine.data ?? [])
    .filter((job) => !startedIds.has(job.id))
    .slice(0, Math.max(0, shown - started.length));
  if (started.length === 0 && earlier.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={t('accountingExport.runs')}>
      <div>
        <Title order={4}>{t('accountingExport.runs')}</Title>
        <Text size="sm" c="dimmed">
          {t('accountingExport.runsHint')}
        </Text>
      </div>
      {started.map((job) => (
        <ExportCurrentRun key={job.id} started={job} />
      ))}
      {earlier.map((job) => (
        <JobCard key={job.id} job={job} compact />
      ))}
    </Stack>
  );
}
