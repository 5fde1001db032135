/**
 * The schedule form's state: its values, the version read when it opened, why a save failed, the
 * save itself (Ctrl+S too), and a report change that keeps only the parameters it takes.
 */
import { useHotkeys } from '@mantine/hooks';
import { useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { reportDefinition, type ReportKey } from '@dispatch/domain/reports/report-catalogue';
import { lookingAheadPeriods, periodRange } from '@dispatch/domain/report-schedules/report-periods';
import type { ReportSchedule } from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { parametersFor } from '../../components/reports/report-parameter-fields';
import { ApiError } from '../../lib/api-client';
import { fieldProblemsOf } from '../../lib/field-problems';
import { saveSchedule } from './report-scheduling-api';
import {
  formValuesOf,
  resolver,
  toBody,
  type ScheduleFieldError,
  type ScheduleFormValues,
} from './schedule-form-values';

export function useScheduleForm({
  schedule,
  onSaved,
}: {
  schedule: ReportSchedule | null;
  onSaved: (schedule: ReportSchedule) => void;
}) {
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  // R-RSCHED-7: the version read when the form opened, whatever the list has read since.
  const [readVersion] = useState(schedule?.version ?? null);
  const form = useForm<ScheduleFormValues>({ defaultValues: formValuesOf(schedule), resolver });
  const { control, setValue, formState, setError } = form;
  const [reportKey, period, frequency] = useWatch({
    control,
    name: ['reportKey', 'period', 'frequency'],
  });
  const range = periodRange(period, formatDate(new Date(), 'YYYY-MM-DD'));
  const timeZone = schedule?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const error: ScheduleFieldError = (name) => {
    const found = name
      .split('.')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        formState.errors,
      ) as { message?: string } | undefined;
    return found?.message;
  };

  const handleSave = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSaved(await saveSchedule(schedule?.id ?? null, toBody(values), readVersion));
    } catch (caught) {
      const problems = fieldProblemsOf(caught);
      if (Object.keys(problems).length) {
        for (const [field, reason] of Object.entries(problems)) {
          setError(field as Path<ScheduleFormValues>, { message: reason });
        }
        return;
      }
      setFailure({
        message: caught instanceof Error ? caught.message : String(caught),
        stale: caught instanceof ApiError && caught.status === 409,
      });
    }
  });
  useHotkeys([['mod+S', () => void handleSave()]], []);

  const handleReportChange = (key: ReportKey) => {
    // Parameters the new report does not take are dropped, so none can block the save unseen.
    const kept = parametersFor(key, form.getValues('params'));
    setValue('reportKey', key, { shouldDirty: true });
    setValue(
      'params',
      {
        plantIds: kept.plantIds,
        customerIds: kept.customerIds,
        productIds: kept.productIds,
        systemTypeId: kept.systemTypeId ?? null,
        groupBy: kept.groupBy ?? null,
      },
      { shouldDirty: true },
    );
    const ahead = reportDefinition(key).looksAhead;
    if (ahead !== lookingAheadPeriods.has(form.getValues('period'))) {
      setValue('period', ahead ? 'next7Days' : 'yesterday', { shouldDirty: true });
    }
  };

  return {
    form,
    failure,
    reportKey,
    frequency,
    range,
    timeZone,
    error,
    handleSave,
    handleReportChange,
  };
}
