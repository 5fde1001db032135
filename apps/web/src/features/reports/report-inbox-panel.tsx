/**
 * R-RPT-56: the scheduled reports delivered to me, newest first and unread marked, each with its
 * files; opening a file marks it read, and each can be marked read or unread by hand. A new
 * delivery appears at once (resourceChanged_v1 for the inbox reaches only my sessions). Marking
 * one read in one tab stamps the reportRefresh storage key (R-ENTITY-41), and the user's other tabs
 * of this browser read their inbox again, so no tab keeps an unread count the user has cleared.
 */
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import type { ReportInboxItem } from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { fileLabel } from '../../components/jobs/job-card';
import { isPdf, openJobFile } from '../../components/jobs/jobs-api';
import { useReportTexts } from '../../components/reports/report-texts';
import { readStored, storageKeys, writeStored } from '../../lib/storage';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { markInboxItem, reportInboxQuery, reportQueryKeys } from './reports-api';
import classes from './reports.module.css';

/** The inbox, kept live: used by the screen for its tab's unread count too. */
export function useReportInbox() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: reportQueryKeys.inbox() });
  useHubEvent('resourceChanged_v1', (data) => {
    if (isIdsPayload(data) || data.resource === 'reportInbox') refresh();
  });
  useHubReconnected(refresh);
  useEffect(() => {
    // The storage event fires in every other tab of this origin, never in the one that wrote.
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.reportRefresh) {
        void queryClient.invalidateQueries({ queryKey: reportQueryKeys.inbox() });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
  return useQuery(reportInboxQuery());
}

/** Tells the user's other tabs that the inbox changed here. */
function signalOtherTabs(): void {
  // A new value each time, so a second change in the same millisecond still fires the event.
  const previous = Number(readStored(storageKeys.reportRefresh) ?? 0);
  writeStored(storageKeys.reportRefresh, String(Math.max(Date.now(), previous + 1)));
}

function InboxItem({ item }: { item: ReportInboxItem }) {
  const { t } = useTranslation();
  const texts = useReportTexts();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const mark = useMutation({
    mutationFn: (read: boolean) => markInboxItem(item.id, read),
    onSuccess: (updated) => {
      queryClient.setQueryData<ReportInboxItem[]>(reportQueryKeys.inbox(), (list) =>
        list?.map((each) => (each.id === updated.id ? updated : each)),
      );
      signalOtherTabs();
    },
    onError: (error) => setProblem(error instanceof Error ? error.message : String(error)),
  });
  const unread = item.readAt === null;
  const titleId = `inbox-item-${item.id}`;

  const handleOpen = async (file: ReportInboxItem['files'][number]) => {
    try {
      await openJobFile(file);
      if (unread) mark.mutate(true);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.inboxItem}
      data-unread={unread || undefined}
      component="article"
      aria-labelledby={titleId}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            {unread ? (
              <Badge size="xs" variant="filled">
                {t('reports.inbox.new')}
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {texts.title(item.reportKey)}
            </Text>
          </Group>
          <Text id={titleId} fw={unread ? 700 : 500} size="sm">
            {item.title}
          </Text>
          <Text size="xs" c="dimmed">
            {t('reports.inbox.delivered', {
              schedule: item.scheduleName,
              at: formatDate(new Date(item.deliveredAt), 'YYYY-MM-DD HH:mm'),
            })}
          </Text>
        </Stack>
        <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
          <Group gap={6}>
            {item.files.map((file) => (
              <Button
                key={file.id}
                size="xs"
                variant={isPdf(file) ? 'filled' : 'light'}
                aria-label={t(isPdf(file) ? 'reports.inbox.open' : 'reports.inbox.download', {
                  name: file.name,
                })}
                onClick={() => void handleOpen(file)}
              >
                {fileLabel(file)}
              </Button>
            ))}
          </Group>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            loading={mark.isPending}
            onClick={() => mark.mutate(unread)}
            aria-label={t(unread ? 'reports.inbox.markReadOf' : 'reports.inbox.markUnreadOf', {
              title: item.title,
            })}
          >
            {t(unread ? 'reports.inbox.markRead' : 'reports.inbox.markUnread')}
          </Button>
        </Stack>
      </Group>
      {problem ? (
        <Alert color="red" mt="xs" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      ) : null}
    </Paper>
  );
}

export function ReportInboxPanel() {
  const { t } = useTranslation();
  const inbox = useReportInbox();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const items = (inbox.data ?? []).filter((item) => !unreadOnly || item.readAt === null);
  return (
    <Stack gap="sm" maw={900}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('reports.inbox.intro')}
        </Text>
        <Switch
          label={t('reports.inbox.unreadOnly')}
          checked={unreadOnly}
          onChange={(event) => setUnreadOnly(event.currentTarget.checked)}
        />
      </Group>
      {inbox.isPending ? <Loader size="sm" /> : null}
      {inbox.isError ? <Alert color="red">{inbox.error.message}</Alert> : null}
      {inbox.isSuccess && items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {unreadOnly ? t('reports.inbox.noneUnread') : t('reports.inbox.none')}
        </Text>
      ) : null}
      {items.map((item) => (
        <InboxItem key={item.id} item={item} />
      ))}
    </Stack>
  );
}
