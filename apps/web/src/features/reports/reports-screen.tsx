/**
 * Reports (`/reports`, R-RPT-50..R-RPT-57): the catalogue with a search, the chosen report's
 * parameters and Run, the run followed live and its result offered when reportComplete_v1
 * arrives, my recent runs, and the Inbox of scheduled reports delivered to me. The chosen report
 * and tab are in the URL (`?report=salesQuantity`, `?tab=inbox`), so each has a link of its own.
 */
import { Badge, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import {
  reportCatalogue,
  reportDefinition,
  reportKeySchema,
  type ReportKey,
} from '@dispatch/domain/reports/report-catalogue';
import { emptyParameterValues } from '../../components/reports/report-parameter-fields';
import { useUserAccess } from '../../session/session-queries';
import { ReportCatalogueList } from './report-catalogue-list';
import { ReportCurrentRun } from './report-current-run';
import { defaultRange } from './report-date-range';
import { ReportInboxPanel, useReportInbox } from './report-inbox-panel';
import { ReportRunForm, type RunFormValues } from './report-run-form';
import { ReportRunsPanel } from './report-runs-panel';
import classes from './reports.module.css';

const entry = menuEntryByEnumId('Reports')!;

function initialValues(key: ReportKey): RunFormValues {
  return {
    range: defaultRange(reportDefinition(key).looksAhead),
    parameters: emptyParameterValues,
    formats: ['pdf', 'csv', 'xlsx'],
  };
}

export function ReportsScreen() {
  const { t } = useTranslation();
  const access = useUserAccess();
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = reportKeySchema.safeParse(searchParams.get('report'));
  const reportKey: ReportKey = chosen.success ? chosen.data : reportCatalogue[0]!.key;
  const tab = searchParams.get('tab') === 'inbox' ? 'inbox' : 'run';
  const [values, setValues] = useState<RunFormValues>(() => initialValues(reportKey));
  const [started, setStarted] = useState<BackgroundJob | null>(null);
  const firstField = useRef<HTMLInputElement>(null);
  // Enter in the catalogue's search: the chosen report's first field takes the focus once its
  // form is there (a new report's form mounts after the URL changes).
  const focusFormOf = useRef<ReportKey | null>(null);
  useEffect(() => {
    if (focusFormOf.current !== reportKey) return;
    focusFormOf.current = null;
    firstField.current?.focus();
  }, [reportKey]);
  const handleProceed = (key: ReportKey) => {
    if (key === reportKey) firstField.current?.focus();
    else focusFormOf.current = key;
  };
  const inbox = useReportInbox();
  const unread = (inbox.data ?? []).filter((item) => item.readAt === null).length;

  const setParam = (name: string, value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const handleSelect = (key: ReportKey) => {
    if (key === reportKey) return;
    // Parameters carry over; the days change only between looking back and looking ahead.
    const before = reportDefinition(reportKey).looksAhead;
    const after = reportDefinition(key).looksAhead;
    setValues((current) =>
      before === after ? current : { ...current, range: defaultRange(after) },
    );
    setParam('report', key);
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t(entry.translationId, { defaultValue: entry.name })}</Title>
        <Text size="sm" c="dimmed">
          {t('reports.intro')}
        </Text>
      </div>
      <Tabs
        value={tab}
        onChange={(value) => setParam('tab', value === 'inbox' ? 'inbox' : null)}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="run">{t('reports.tabs.run')}</Tabs.Tab>
          <Tabs.Tab
            value="inbox"
            rightSection={
              unread > 0 ? (
                <Badge
                  size="sm"
                  circle
                  aria-label={t('reports.inbox.unreadCount', { count: unread })}
                >
                  {unread}
                </Badge>
              ) : null
            }
          >
            {t('reports.tabs.inbox')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="run">
          <div className={classes.layout}>
            <ReportCatalogueList
              selected={reportKey}
              onSelect={handleSelect}
              onProceed={handleProceed}
            />
            <Stack gap="md">
              <ReportRunForm
                key={reportKey}
                ref={firstField}
                reportKey={reportKey}
                values={values}
                onChange={setValues}
                allowedSystemTypes={access.allowedSystemTypes}
                onStarted={setStarted}
              />
            </Stack>
            <Stack gap="md" className={classes.runs}>
              {started ? <ReportCurrentRun key={started.id} started={started} /> : null}
              <ReportRunsPanel hide={started?.id ?? null} />
            </Stack>
          </div>
        </Tabs.Panel>
        <Tabs.Panel value="inbox">
          <ReportInboxPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
