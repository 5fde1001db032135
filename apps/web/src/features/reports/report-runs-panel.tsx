/**
 * R-RPT-55: my recent report runs, live, each with its files (a PDF opens in the print window,
 * CSV and Excel download), and cancelling or running again: the shared job cards.
 */
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { JobCard } from '../../components/jobs/job-card';
import { useMyJobs } from '../../components/jobs/use-jobs';

export function ReportRunsPanel({ hide }: { hide: number | null }) {
  const { t } = useTranslation();
  const runs = useMyJobs({ kind: 'report', limit: 12 });
  const shown = (runs.data ?? []).filter((job) => job.id !== hide);
  return (
    <Stack gap="xs" component="section" aria-labelledby="report-runs-title">
      <Title order={3} size="h4" id="report-runs-title">
        {t('reports.recentRuns')}
      </Title>
      {runs.isPending ? <Loader size="sm" /> : null}
      {runs.isSuccess && shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('reports.noRuns')}
        </Text>
      ) : null}
      {shown.map((job) => (
        <JobCard key={job.id} job={job} compact />
      ))}
    </Stack>
  );
}
