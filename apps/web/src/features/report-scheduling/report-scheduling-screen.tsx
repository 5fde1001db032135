/**
 * Report Scheduling (`/administration/report-scheduling`, R-RSCHED-1..R-RSCHED-12): the
 * schedules with their next and last runs, made and changed in a drawer that has its own URL
 * (`?schedule=new`, `?schedule=12`), run now, removed. Administrators only (the server refuses
 * anyone else). Another administrator's change refreshes the list at once (resourceChanged_v1).
 */
import { Alert, Button, Drawer, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isIdsPayload } from '@dispatch/domain/dispatch/dispatch-events';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type { ReportSchedule } from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { systemTypes } from '@dispatch/domain/system-types';
import { askYesNo } from '../../components/dialogs/dialog-store';
import { useReportTexts } from '../../components/reports/report-texts';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { useUserAccess } from '../../session/session-queries';
import {
  deleteSchedule,
  runScheduleNow,
  scheduleKeys,
  scheduleListQuery,
} from './report-scheduling-api';
import { ScheduleForm } from './schedule-form';
import { ScheduleTable } from './schedule-table';

const entry = menuEntryByEnumId('ReportScheduling')!;

export function ReportSchedulingScreen() {
  const { t } = useTranslation();
  const texts = useReportTexts();
  const queryClient = useQueryClient();
  const access = useUserAccess();
  const schedules = useQuery(scheduleListQuery());
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [running, setRunning] = useState<number | null>(null);
  // Reloading after a 409 opens the form afresh on the stored schedule.
  const [reloads, setReloads] = useState(0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  useHubEvent('resourceChanged_v1', (data) => {
    if (isIdsPayload(data) || data.resource === 'reportSchedules') void refresh();
  });
  useHubReconnected(() => void refresh());

  const opened = searchParams.get('schedule');
  const list = schedules.data ?? [];
  const editing = opened === 'new' ? null : list.find((each) => String(each.id) === opened);
  const drawerOpen = opened === 'new' || editing !== undefined;
  // An administrator without system-type groups still schedules for every system type.
  const systemTypeIds = access.allowedSystemTypes.length
    ? access.allowedSystemTypes
    : systemTypes.map((type) => type.id);

  const open = (value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete('schedule');
        else next.set('schedule', value);
        return next;
      },
      { replace: value === null },
    );
  useHotkeys([['alt+N', () => open('new')]]);

  const handleSaved = (saved: ReportSchedule) => {
    queryClient.setQueryData<ReportSchedule[]>(scheduleKeys.list(), (current = []) =>
      current.some((each) => each.id === saved.id)
        ? current.map((each) => (each.id === saved.id ? saved : each))
        : [...current, saved],
    );
    notifications.show({
      color: 'teal',
      message: t('reportScheduling.saved', { name: saved.name }),
    });
    open(null);
  };

  const handleRun = async (schedule: ReportSchedule) => {
    setRunning(schedule.id);
    try {
      const job = await runScheduleNow(schedule.id);
      notifications.show({
        color: 'blue',
        title: t('reportScheduling.queuedTitle'),
        message: t('reportScheduling.queued', { title: job.title }),
      });
      void refresh();
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setRunning(null);
    }
  };

  const handleDelete = async (schedule: ReportSchedule) => {
    const answer = await askYesNo({
      title: t('reportScheduling.deleteTitle', { name: schedule.name }),
      text: t('reportScheduling.deleteText'),
      confirmText: t('reportScheduling.delete'),
      denyText: t('reportScheduling.cancel'),
    });
    if (answer !== 'yes') return;
    try {
      await deleteSchedule(schedule.id);
      queryClient.setQueryData<ReportSchedule[]>(scheduleKeys.list(), (current = []) =>
        current.filter((each) => each.id !== schedule.id),
      );
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };

  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = list.filter((schedule) => {
    const haystack = `${schedule.name} ${texts.title(schedule.reportKey)}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const timeZone = list[0]?.timeZone;

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t(entry.translationId, { defaultValue: entry.name })}</Title>
        <Text size="sm" c="dimmed">
          {t('reportScheduling.intro')}
          {timeZone ? ` ${t('reportScheduling.serverClock', { zone: timeZone })}` : ''}
        </Text>
      </div>
      <Group justify="space-between">
        <TextInput
          type="search"
          aria-label={t('reportScheduling.search')}
          placeholder={t('reportScheduling.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
        />
        <Button onClick={() => open('new')} title="Alt+N">
          {t('reportScheduling.new')}
        </Button>
      </Group>
      {schedules.isPending ? <Loader size="sm" /> : null}
      {schedules.isError ? <Alert color="red">{schedules.error.message}</Alert> : null}
      {schedules.isSuccess && list.length === 0 ? (
        <Alert color="gray" title={t('reportScheduling.noneTitle')}>
          {t('reportScheduling.none')}
        </Alert>
      ) : null}
      {shown.length ? (
        <ScheduleTable
          schedules={shown}
          running={running}
          onEdit={(schedule) => open(String(schedule.id))}
          onRun={(schedule) => void handleRun(schedule)}
          onDelete={(schedule) => void handleDelete(schedule)}
        />
      ) : null}
      <Drawer
        opened={drawerOpen}
        onClose={() => open(null)}
        position="right"
        size="xl"
        title={
          <Title order={3}>
            {editing
              ? t('reportScheduling.editTitle', { name: editing.name })
              : t('reportScheduling.new')}
          </Title>
        }
      >
        {drawerOpen ? (
          <ScheduleForm
            key={`${editing?.id ?? 'new'}-${reloads}`}
            schedule={editing ?? null}
            allowedSystemTypes={systemTypeIds}
            onSaved={handleSaved}
            onCancel={() => open(null)}
            onReload={() => void refresh().then(() => setReloads((count) => count + 1))}
          />
        ) : null}
      </Drawer>
    </Stack>
  );
}
