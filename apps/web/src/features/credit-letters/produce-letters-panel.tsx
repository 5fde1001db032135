/**
 * R-CREDIT-12: choose a template and produce a letter for each ticked customer, in the background;
 * the run's progress is the shared job card, and its PDF opens in the print window when the job
 * is done (R-PRINT-1). The user's recent letter runs stay listed with their PDFs.
 */
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { letterTemplateResource } from '@dispatch/domain/credit/letter-templates';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import { JobCard } from '../../components/jobs/job-card';
import { isPdf } from '../../components/jobs/jobs-api';
import { applyJob, useJob, useMyJobs } from '../../components/jobs/use-jobs';
import { ApiError } from '../../lib/api-client';
import { openPdf } from '../../lib/open-pdf';
import { resourceQueries } from '../../resources/resource-queries';
import { creditKeys } from '../../data/credit-letters/credit-letter-keys';
import { produceLetters } from './credit-letters-api';

export function ProduceLettersPanel(props: {
  customerIds: readonly number[];
  flags: PermissionFlags;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [runId, setRunId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const templates = useQuery(resourceQueries.optionSearch(letterTemplateResource, ''));
  const recent = useMyJobs({ kind: 'creditLetters', limit: 4 });

  const handleFinished = (job: BackgroundJob) => {
    void queryClient.invalidateQueries({ queryKey: creditKeys.all });
    const pdf = job.files.find(isPdf);
    if (job.state !== 'completed' || !pdf) return;
    // Opened without a click: a browser that blocks it leaves the PDF on the run's card.
    openPdf(pdf.url, pdf.name).then(
      (opened) => {
        if (!opened) notifications.show({ message: t('creditLetters.produce.ready') });
      },
      (error: unknown) =>
        notifications.show({
          color: 'red',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  };
  useJob(runId, handleFinished);

  const produce = useMutation({
    mutationFn: () =>
      produceLetters({ templateId: templateId!, customerIds: [...props.customerIds] }),
    onSuccess: (job) => {
      setProblem(null);
      applyJob(queryClient, job);
      setRunId(job.id);
      notifications.show({ message: t('creditLetters.produce.started') });
    },
    onError: (error) =>
      setProblem(
        error instanceof ApiError || error instanceof Error ? error.message : String(error),
      ),
  });

  const runs = (recent.data ?? []).filter((job) => job.id !== runId);
  const current = (recent.data ?? []).find((job) => job.id === runId);

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={t('creditLetters.produce.title')}
    >
      <Stack gap="sm">
        <Title order={4}>{t('creditLetters.produce.title')}</Title>
        {props.flags.readOnly ? (
          <Alert color="gray" variant="light">
            {t('creditLetters.produce.readOnly')}
          </Alert>
        ) : (
          <>
            <Group align="flex-end" gap="md" wrap="wrap">
              <Select
                label={t('creditLetters.produce.template')}
                placeholder={t('creditLetters.produce.templatePlaceholder')}
                data={(templates.data ?? []).map((option) => ({
                  value: String(option.id),
                  label: option.name,
                }))}
                value={templateId === null ? null : String(templateId)}
                onChange={(value) => setTemplateId(value === null ? null : Number(value))}
                searchable
                w={300}
                comboboxProps={{ withinPortal: true }}
              />
              <Button
                onClick={() => produce.mutate()}
                loading={produce.isPending}
                disabled={templateId === null || props.customerIds.length === 0}
              >
                {t('creditLetters.produce.button')}
              </Button>
              <Text size="sm" c="dimmed" pb={8}>
                {t('creditLetters.produce.selected', { count: props.customerIds.length })}
              </Text>
            </Group>
            {props.flags.hidePrice ? (
              <Text size="xs" c="dimmed">
                {t('creditLetters.produce.amountsHidden')}
              </Text>
            ) : null}
            {problem ? (
              <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>
                {problem}
              </Alert>
            ) : null}
          </>
        )}
        {current ? <JobCard job={current} /> : null}
        <Text size="sm" fw={600} mt="xs">
          {t('creditLetters.produce.recent')}
        </Text>
        {runs.length === 0 && !current ? (
          <Text size="sm" c="dimmed">
            {t('creditLetters.produce.noRuns')}
          </Text>
        ) : (
          <Stack gap={6}>
            {runs.slice(0, 3).map((job) => (
              <JobCard key={job.id} job={job} compact />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
