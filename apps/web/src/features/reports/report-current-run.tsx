/**
 * R-RPT-53, R-RPT-54: the run just started, followed live (jobProgress_v1 through the shared job
 * hooks), and its result offered the moment reportComplete_v1 says it is ready: the PDF in the
 * print window, the CSV and Excel files saved. The Open PDF button takes the focus, so Enter
 * opens it.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import type { BackgroundJob, JobFile } from '@dispatch/domain/jobs/background-jobs';
import { JobCard } from '../../components/jobs/job-card';
import { jobKeys, openJobFile } from '../../components/jobs/jobs-api';
import { useJob } from '../../components/jobs/use-jobs';
import { openPdf } from '../../lib/open-pdf';
import { useHubEvent } from '../../realtime/hub-events';

type Ready = { url: string; name: string };

const fileNameOf = (url: string) => decodeURIComponent(url.split('/').pop() ?? 'report.pdf');

export function ReportCurrentRun({ started }: { started: BackgroundJob }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const job = useJob(started.id);
  const [ready, setReady] = useState<Ready | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);

  useHubEvent('reportComplete_v1', (data) => {
    if (isIdsPayload(data) || data.reportId !== started.id) return;
    setReady({ url: data.url, name: data.name });
    // The job's files (CSV, Excel) come with its own message; read it again in case that was lost.
    void queryClient.invalidateQueries({ queryKey: jobKeys.detail(started.id) });
  });
  useEffect(() => {
    if (ready) openButton.current?.focus();
  }, [ready]);

  const current = job.data ?? started;
  const others = current.files.filter((file) => file.contentType !== 'application/pdf');
  const handle = (action: Promise<unknown>) =>
    void action.catch((error: unknown) =>
      setProblem(error instanceof Error ? error.message : String(error)),
    );
  const download = (file: JobFile) => handle(openJobFile(file));

  return (
    <Stack gap="xs" aria-live="polite">
      <JobCard job={current} />
      {ready ? (
        <Alert color="teal" title={t('reports.ready', { title: current.title })}>
          <Stack gap="xs">
            <Text size="sm">{current.message ?? ready.name}</Text>
            <Group gap="xs">
              {/* R-PRINT-1: only a .pdf opens in the print window; a run without one has files only. */}
              {ready.url.endsWith('.pdf') ? (
                <Button
                  ref={openButton}
                  onClick={() => handle(openPdf(ready.url, fileNameOf(ready.url)))}
                >
                  {t('reports.openPdf')}
                </Button>
              ) : null}
              {others.map((file) => (
                <Button key={file.id} variant="light" onClick={() => download(file)}>
                  {file.name.endsWith('.csv')
                    ? t('reports.downloadCsv')
                    : t('reports.downloadExcel')}
                </Button>
              ))}
            </Group>
          </Stack>
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
