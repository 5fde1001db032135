/**
 * R-ACCT-7, R-ACCT-8: the export just queued, followed live (jobProgress_v1 through the shared job
 * hooks); its file offered the moment accountingExportComplete_v1 says it is ready (the Download
 * button takes the focus, so Enter saves it), or its reason shown when accountingExportFailed_v1
 * says it failed.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { JobCard } from '../../components/jobs/job-card';
import { jobKeys } from '../../components/jobs/jobs-api';
import { useJob } from '../../components/jobs/use-jobs';
import { useHubEvent } from '../../realtime/hub-events';
import { downloadBatchFile, exportKeys } from './accounting-export-api';

type Ready = { fileName: string; recordCount: number };

export function ExportCurrentRun({ started }: { started: BackgroundJob }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const job = useJob(started.id);
  const [ready, setReady] = useState<Ready | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: exportKeys.all });
    void queryClient.invalidateQueries({ queryKey: jobKeys.detail(started.id) });
  };
  useHubEvent('accountingExportComplete_v1', (data) => {
    if (isIdsPayload(data) || data.exportId !== started.id) return;
    setReady({ fileName: data.fileName, recordCount: data.recordCount });
    refresh();
  });
  useHubEvent('accountingExportFailed_v1', (data) => {
    if (isIdsPayload(data) || data.exportId !== started.id) return;
    setFailure(data.message);
    refresh();
  });
  useEffect(() => {
    if (ready) downloadButton.current?.focus();
  }, [ready]);

  const current = job.data ?? started;
  // The job's own state stands in for a message lost on the way (NOTIFY is at most once).
  const finishedFile = current.state === 'completed' ? current.files[0] : undefined;
  const shown =
    ready ??
    (finishedFile
      ? { fileName: finishedFile.name, recordCount: Number(current.result?.recordCount ?? 0) }
      : null);
  const failed = failure ?? (current.state === 'failed' ? current.message : null);

  const handleDownload = (fileName: string) =>
    void downloadBatchFile(started.id, fileName).catch((error: unknown) =>
      setProblem(error instanceof Error ? error.message : String(error)),
    );

  return (
    <Stack gap="xs" aria-live="polite">
      <JobCard job={current} />
      {current.state === 'queued' || current.state === 'running' ? (
        <Text size="sm" c="dimmed">
          {t('accountingExport.queued', { batch: started.id })}
        </Text>
      ) : null}
      {shown ? (
        <Alert color="teal" title={t('accountingExport.completeTitle', { batch: started.id })}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('accountingExport.completeText', {
                count: shown.recordCount,
                fileName: shown.fileName,
              })}
            </Text>
            <Button
              ref={downloadButton}
              onClick={() => handleDownload(shown.fileName)}
              aria-label={t('accountingExport.download', { name: shown.fileName })}
            >
              {t('accountingExport.downloadShort')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {failed ? (
        <Alert color="red" title={t('accountingExport.failedTitle', { batch: started.id })}>
          {failed}
        </Alert>
      ) : null}
      {problem ? (
        <Alert color="red" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
