/**
 * Accounting Export (`/accounting/export`, R-ACCT-1..R-ACCT-14): choose the invoice dates and the
 * format (the default from the system parameter accountingInterface), see what the export carries
 * (R-ACCT-5), export it as a background job whose file is offered when it is done, and find every
 * batch again in the history, with its file and its undo. Enter in a date exports.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  accountingExportFormats,
  type AccountingExportFormat,
} from '@dispatch/domain/accounting/accounting-export-schemas';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionFlags } from '@dispatch/domain/permissions';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { useUserAccess } from '../../session/session-queries';
import { exportKeys, exportPreviewQuery, startExport } from './accounting-export-api';
import { ExportHistoryPanel } from './export-history-panel';
import { ExportPreview } from './export-preview';
import { ExportRuns } from './export-runs';

const entry = menuEntryByEnumId('AccountingExport')!;
const parametersPath = menuEntryByEnumId('SystemParameters')?.path ?? '/';

const today = () => formatDate(new Date(), 'YYYY-MM-DD');

export function AccountingExportScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useUserAccess();
  const flags = useMemo(() => permissionFlags(access.permissions.highestOf([entry.id])), [access]);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [includeExported, setIncludeExported] = useState(false);
  const [chosenFormat, setChosenFormat] = useState<AccountingExportFormat | null>(null);
  const [started, setStarted] = useState<BackgroundJob[]>([]);
  const validRange = from !== '' && to !== '' && from <= to;
  const range = { from, to, includeExported };
  const preview = useQuery({
    ...exportPreviewQuery(range),
    enabled: validRange,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: exportKeys.all });
  // Invoices made or credited elsewhere change what a range holds.
  useHubEvent('invoiceUpdate_v1', refresh);
  useHubReconnected(refresh);

  const defaultFormat = preview.data?.defaultFormat ?? '';
  const exportOff = preview.data !== undefined && defaultFormat === '';
  const format = chosenFormat ?? (defaultFormat === '' ? null : defaultFormat);
  const mayExport = flags.full && !flags.hidePrice;

  const run = useMutation({
    mutationFn: () => startExport({ from, to, format: format!, includeExported }),
    onSuccess: (job) => {
      setStarted((current) => [job, ...current].slice(0, 3));
      refresh();
    },
  });
  const canExport =
    mayExport &&
    validRange &&
    !exportOff &&
    format !== null &&
    (preview.data?.toExportCount ?? 0) > 0 &&
    !run.isPending;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canExport) run.mutate();
  };

  return (
    <Stack gap="lg" maw={1280}>
      <div>
        <Title order={2}>{t(entry.translationId, { defaultValue: entry.name })}</Title>
        <Text size="sm" c="dimmed">
          {t('accountingExport.intro')}
        </Text>
      </div>
      {exportOff ? (
        <Alert color="yellow">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('accountingExport.exportOff')}</Text>
            {access.isAdmin ? (
              <Button component={Link} to={parametersPath} size="xs" variant="light">
                {t('accountingExport.openParameters')}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
      {flags.hidePrice ? (
        <Alert color="gray">{t('accountingExport.pricesHidden')}</Alert>
      ) : flags.readOnly ? (
        <Alert color="gray">{t('accountingExport.readOnly')}</Alert>
      ) : null}

      <Paper
        withBorder
        p="md"
        radius="md"
        component="form"
        onSubmit={handleSubmit}
        aria-label={t('accountingExport.request')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <TextInput
            type="date"
            label={t('accountingExport.from')}
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            error={validRange ? undefined : ' '}
            required
          />
          <TextInput
            type="date"
            label={t('accountingExport.to')}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={validRange ? undefined : t('accountingExport.rangeInvalid')}
            required
          />
          <Select
            label={t('accountingExport.format')}
            value={format}
            onChange={(value) => setChosenFormat(value)}
            data={accountingExportFormats.map((choice) => ({
              value: choice,
              label: t(`accountingExport.formats.${choice}`),
            }))}
            allowDeselect={false}
            disabled={exportOff}
            description={
              defaultFormat === ''
                ? undefined
                : t('accountingExport.defaultFormat', {
                    format: t(`accountingExport.formats.${defaultFormat}`),
                  })
            }
          />
          <Stack gap={6} justify="flex-end">
            <Checkbox
              label={t('accountingExport.includeExported')}
              description={t('accountingExport.includeExportedHint')}
              checked={includeExported}
              onChange={(event) => setIncludeExported(event.currentTarget.checked)}
            />
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" mt="md" gap="sm">
          <Text
            size="sm"
            c={run.isError ? 'red' : 'dimmed'}
            role={run.isError ? 'alert' : undefined}
          >
            {run.isError
              ? run.error.message
              : preview.isFetching
                ? t('accountingExport.loadingPreview')
                : ''}
          </Text>
          {mayExport ? (
            <Button type="submit" disabled={!canExport} loading={run.isPending}>
              {t('accountingExport.export')}
            </Button>
          ) : null}
        </Group>
      </Paper>

      <ExportRuns started={started} />

      <Stack gap="sm">
        <Title order={4}>{t('accountingExport.preview')}</Title>
        {preview.isError ? (
          <Alert color="red">{preview.error.message}</Alert>
        ) : preview.data && validRange ? (
          <ExportPreview preview={preview.data} format={format} showPrices={!flags.hidePrice} />
        ) : validRange ? (
          <Text size="sm" c="dimmed">
            {t('accountingExport.loadingPreview')}
          </Text>
        ) : null}
      </Stack>

      <ExportHistoryPanel flags={flags} />
    </Stack>
  );
}
