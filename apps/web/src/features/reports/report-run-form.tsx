/**
 * R-RPT-51..R-RPT-53: the chosen report's parameters and formats, and Run. Enter in a field runs
 * it (Ctrl+Enter from anywhere in the form, pick lists included); the request is checked with the
 * catalogue's own schema first, and the server's field problems show next to their fields.
 */
import { Alert, Button, Group, Kbd, Paper, Stack, Text, Title } from '@mantine/core';
import { forwardRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import {
  reportDefinition,
  reportRunRequestSchema,
  type ReportFormat,
  type ReportKey,
} from '@dispatch/domain/reports/report-catalogue';
import type { DayRange } from '@dispatch/domain/report-schedules/report-periods';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { ReportFormatField } from '../../components/reports/report-format-field';
import {
  parametersFor,
  ReportParameterFields,
  type ReportParameterValues,
} from '../../components/reports/report-parameter-fields';
import { useReportTexts } from '../../components/reports/report-texts';
import { fieldProblemsOf, parseProblemsOf, type FieldProblems } from '../../lib/field-problems';
import { ReportDateRange } from './report-date-range';
import { runReport } from './reports-api';

export type RunFormValues = {
  range: DayRange;
  parameters: ReportParameterValues;
  formats: ReportFormat[];
};

type ReportRunFormProps = {
  reportKey: ReportKey;
  values: RunFormValues;
  onChange: (values: RunFormValues) => void;
  allowedSystemTypes: readonly SystemTypeId[];
  onStarted: (job: BackgroundJob) => void;
};

/** Problems keyed without the request's `params.` prefix, as the fields are named. */
function byField(problems: FieldProblems): Record<string, string> {
  return Object.fromEntries(
    Object.entries(problems).map(([field, reason]) => [field.replace(/^params\./, ''), reason]),
  );
}

export const ReportRunForm = forwardRef<HTMLInputElement, ReportRunFormProps>(
  function ReportRunForm(
    { reportKey, values, onChange, allowedSystemTypes, onStarted },
    firstFieldRef,
  ) {
    const { t } = useTranslation();
    const texts = useReportTexts();
    const report = reportDefinition(reportKey);
    const [errors, setErrors] = useState<Record<string, string>>({});
    const [failure, setFailure] = useState<string | null>(null);
    const [running, setRunning] = useState(false);

    const handleSubmit = async (event?: FormEvent) => {
      event?.preventDefault();
      if (running) return;
      const request = {
        reportKey,
        params: { ...values.range, ...parametersFor(reportKey, values.parameters) },
        formats: values.formats,
      };
      const checked = reportRunRequestSchema.safeParse(request);
      if (!checked.success) {
        setErrors(byField(parseProblemsOf(checked.error.issues)));
        return;
      }
      setErrors({});
      setFailure(null);
      setRunning(true);
      try {
        onStarted(await runReport(request));
      } catch (error) {
        const problems = fieldProblemsOf(error);
        if (Object.keys(problems).length) setErrors(byField(problems));
        else setFailure(error instanceof Error ? error.message : String(error));
      } finally {
        setRunning(false);
      }
    };

    // Ctrl+Enter runs from any field, pick lists included (where Enter chooses an option).
    const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        void handleSubmit();
      }
    };

    return (
      <Paper
        component="form"
        withBorder
        radius="md"
        p="md"
        onSubmit={(event: FormEvent) => void handleSubmit(event)}
        onKeyDown={handleKeyDown}
        aria-label={t('reports.parametersOf', { report: texts.title(reportKey) })}
        noValidate
      >
        <Stack gap="md">
          <div>
            <Title order={3}>{texts.title(reportKey)}</Title>
            <Text size="sm" c="dimmed">
              {texts.description(reportKey)}
            </Text>
          </div>
          <ReportDateRange
            ref={firstFieldRef}
            value={values.range}
            looksAhead={report.looksAhead}
            onChange={(range) => onChange({ ...values, range })}
            errors={{ from: errors.from, to: errors.to }}
          />
          <ReportParameterFields
            reportKey={reportKey}
            values={values.parameters}
            onChange={(parameters) => onChange({ ...values, parameters })}
            allowedSystemTypes={allowedSystemTypes}
            errors={errors}
          />
          <ReportFormatField
            value={values.formats}
            onChange={(formats) => onChange({ ...values, formats })}
            error={errors.formats}
          />
          {report.priced ? (
            <Text size="xs" c="dimmed">
              {t('reports.pricedNote')}
            </Text>
          ) : null}
          {failure ? (
            <Alert color="red" title={t('reports.runFailed')}>
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Text size="xs" c="dimmed">
              <Kbd size="xs">Enter</Kbd> · <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd>
            </Text>
            <Button type="submit" loading={running}>
              {t('reports.run')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  },
);
