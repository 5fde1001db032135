/**
 * One report schedule, made or changed (R-RSCHED-2..R-RSCHED-7): the report with its parameters
 * and a relative period, when it runs, who gets it, and whether it is active. Checked with the
 * domain's schema before sending (the same the server runs), the server's field problems shown
 * on their fields, saved with the version read (a 409 names who changed it and offers to
 * reload). Ctrl+S or Enter saves, Escape closes.
 */
import {
  Alert,
  Button,
  Divider,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type FieldErrors,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  reportCatalogue,
  reportDefinition,
  type ReportKey,
} from '@dispatch/domain/reports/report-catalogue';
import {
  lookingAheadPeriods,
  periodRange,
  relativePeriods,
  type RelativePeriod,
} from '@dispatch/domain/report-schedules/report-periods';
import {
  reportScheduleBodySchema,
  type ReportSchedule,
  type ReportScheduleBody,
} from '@dispatch/domain/report-schedules/report-schedule-schemas';
import { scheduleFrequencies } from '@dispatch/domain/report-schedules/schedule-frequency';
import { userResource } from '@dispatch/domain/resources/users';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { formatDate } from '@dispatch/domain/validation/dates';
import { ReportFormatField } from '../../components/reports/report-format-field';
import {
  parametersFor,
  ReportParameterFields,
  type ReportParameterValues,
} from '../../components/reports/report-parameter-fields';
import { useReportTexts } from '../../components/reports/report-texts';
import { ApiError } from '../../lib/api-client';
import { fieldProblemsOf } from '../../lib/field-problems';
import { ReferenceMultiSelect } from '../../resources/reference-multi-select';
import { saveSchedule } from './report-scheduling-api';
import { useScheduleWords } from './schedule-words';

type FormValues = Omit<ReportScheduleBody, 'params'> & {
  reportKey: ReportKey;
  period: RelativePeriod;
  params: ReportParameterValues;
  formats: ('pdf' | 'csv' | 'xlsx')[];
  frequency: 'daily' | 'weekly' | 'monthly';
  weekday: number | null;
  monthDay: number | 'last' | null;
  recipientUserIds: number[];
  recipientEmails: string[];
  active: boolean;
};

/** What is sent: the parameters the report takes, the day the frequency uses. */
function toBody(values: FormValues): ReportScheduleBody {
  return {
    ...values,
    params: parametersFor(values.reportKey, values.params),
    weekday: values.frequency === 'weekly' ? values.weekday : null,
    monthDay: values.frequency === 'monthly' ? values.monthDay : null,
  };
}

function formValuesOf(schedule: ReportSchedule | null): FormValues {
  if (!schedule) {
    return {
      name: '',
      reportKey: 'shippedOrders',
      period: 'yesterday',
      params: { plantIds: [], customerIds: [], productIds: [], systemTypeId: null, groupBy: null },
      formats: ['pdf', 'csv', 'xlsx'],
      frequency: 'daily',
      weekday: 1,
      monthDay: 1,
      timeOfDay: '06:00',
      recipientUserIds: [],
      recipientEmails: [],
      active: true,
    };
  }
  return {
    name: schedule.name,
    reportKey: schedule.reportKey,
    period: schedule.period,
    params: {
      plantIds: schedule.params.plantIds,
      customerIds: schedule.params.customerIds,
      productIds: schedule.params.productIds,
      systemTypeId: (schedule.params.systemTypeId ?? null) as SystemTypeId | null,
      groupBy: (schedule.params.groupBy ?? null) as ReportParameterValues['groupBy'],
    },
    formats: schedule.formats,
    frequency: schedule.frequency,
    weekday: schedule.weekday ?? 1,
    monthDay: schedule.monthDay ?? 1,
    timeOfDay: schedule.timeOfDay,
    recipientUserIds: schedule.recipientUserIds,
    recipientEmails: schedule.recipientEmails,
    active: schedule.active,
  };
}

/** The schema sees the schedule as it will be sent: with the parameters its report takes. */
const resolver: Resolver<FormValues> = async (values, context, options) => {
  const result = await zodResolver(reportScheduleBodySchema)(
    toBody(values),
    context,
    options as never,
  );
  return Object.keys(result.errors).length
    ? { values: {}, errors: result.errors as FieldErrors<FormValues> }
    : { values, errors: {} };
};

type ScheduleFormProps = {
  schedule: ReportSchedule | null;
  allowedSystemTypes: readonly SystemTypeId[];
  onSaved: (schedule: ReportSchedule) => void;
  onCancel: () => void;
  /** A 409: the list is read again and the form reopened on the stored schedule. */
  onReload: () => void;
};

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
export function ScheduleForm({
  schedule,
  allowedSystemTypes,
  onSaved,
  onCancel,
  onReload,
}: ScheduleFormProps) {
  const { t } = useTranslation();
  const texts = useReportTexts();
  const words = useScheduleWords();
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  // R-RSCHED-7: the version read when the form opened, whatever the list has read since.
  const [readVersion] = useState(schedule?.version ?? null);
  const form = useForm<FormValues>({ defaultValues: formValuesOf(schedule), resolver });
  const { control, register, setValue, formState, setError } = form;
  const [reportKey, period, frequency] = useWatch({
    control,
    name: ['reportKey', 'period', 'frequency'],
  });
  const range = periodRange(period, formatDate(new Date(), 'YYYY-MM-DD'));
  const timeZone = schedule?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const error = (name: string) => {
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
          setError(field as Path<FormValues>, { message: reason });
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

  return (
    <form
      onSubmit={(event: FormEvent) => void handleSave(event)}
      noValidate
      aria-label={t('reportScheduling.formLabel')}
    >
      <Stack gap="md">
        <TextInput
          label={t('reportScheduling.name')}
          placeholder={t('reportScheduling.namePlaceholder')}
          required
          data-autofocus
          {...register('name')}
          error={error('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('reportScheduling.report')}
            required
            searchable
            allowDeselect={false}
            value={reportKey}
            onChange={(value) => value && handleReportChange(value)}
            data={reportCatalogue.map((report) => ({
              value: report.key,
              label: texts.title(report.key),
            }))}
            error={error('reportKey')}
          />
          <Controller
            control={control}
            name="period"
            render={({ field }) => (
              <Select
                label={t('reportScheduling.period')}
                description={t(
                  range.from === range.to
                    ? 'reportScheduling.periodTodayOne'
                    : 'reportScheduling.periodToday',
                  range,
                )}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                allowDeselect={false}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                data={relativePeriods.map((each) => ({
                  value: each,
                  label: t(`reports.periods.${each}`),
                }))}
                error={error('period')}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="params"
          render={({ field }) => (
            <ReportParameterFields
              reportKey={reportKey}
              values={field.value}
              onChange={field.onChange}
              allowedSystemTypes={allowedSystemTypes}
              errors={Object.fromEntries(
                ['plantIds', 'customerIds', 'productIds', 'systemTypeId', 'groupBy'].flatMap(
                  (name) => {
                    const message = error(`params.${name}`);
                    return message ? [[name, message]] : [];
                  },
                ),
              )}
            />
          )}
        />
        <Controller
          control={control}
          name="formats"
          render={({ field }) => (
            <ReportFormatField
              value={field.value}
              onChange={field.onChange}
              error={error('formats')}
            />
          )}
        />

        <Divider label={t('reportScheduling.when')} labelPosition="left" />
        <Controller
          control={control}
          name="frequency"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="schedule-frequency">
                {t('reportScheduling.frequency')}
              </Text>
              <SegmentedControl
                aria-labelledby="schedule-frequency"
                value={field.value}
                onChange={field.onChange}
                data={scheduleFrequencies.map((each) => ({
                  value: each,
                  label: t(`reportScheduling.frequencies.${each}`),
                }))}
              />
            </Stack>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {frequency === 'weekly' ? (
            <Controller
              control={control}
              name="weekday"
              render={({ field }) => (
                <Select
                  label={t('reportScheduling.weekday')}
                  required
                  allowDeselect={false}
                  value={field.value === null ? null : String(field.value)}
                  onChange={(value) => field.onChange(value === null ? null : Number(value))}
                  data={[1, 2, 3, 4, 5, 6, 7].map((day) => ({
                    value: String(day),
                    label: words.weekday(day),
                  }))}
                  error={error('weekday')}
                />
              )}
            />
          ) : null}
          {frequency === 'monthly' ? (
            <Controller
              control={control}
              name="monthDay"
              render={({ field }) => (
                <Select
                  label={t('reportScheduling.monthDay')}
                  description={t('reportScheduling.monthDayHint')}
                  required
                  allowDeselect={false}
                  value={field.value === null ? null : String(field.value)}
                  onChange={(value) =>
                    field.onChange(
                      value === 'last' ? 'last' : value === null ? null : Number(value),
                    )
                  }
                  data={[
                    ...Array.from({ length: 31 }, (_, index) => ({
                      value: String(index + 1),
                      label: String(index + 1),
                    })),
                    { value: 'last', label: t('reportScheduling.lastDay') },
                  ]}
                  error={error('monthDay')}
                />
              )}
            />
          ) : null}
          <TextInput
            type="time"
            label={t('reportScheduling.timeOfDay')}
            description={t('reportScheduling.serverClock', { zone: timeZone })}
            required
            {...register('timeOfDay')}
            error={error('timeOfDay')}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <Switch
              label={t('reportScheduling.active')}
              description={t('reportScheduling.activeHint')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />

        <Divider label={t('reportScheduling.recipients')} labelPosition="left" />
        <Controller
          control={control}
          name="recipientUserIds"
          render={({ field }) => (
            <Stack gap={2}>
              <ReferenceMultiSelect
                name="recipientUserIds"
                targets={[userResource]}
                label={t('reportScheduling.users')}
                description={t('reportScheduling.usersHint')}
                placeholder={t('reportScheduling.usersPlaceholder')}
                value={field.value}
                onChange={field.onChange}
              />
              {(error('recipientUserIds') ?? error('recipientUserIds.0')) ? (
                <Text size="xs" c="red.7" role="alert">
                  {error('recipientUserIds') ?? error('recipientUserIds.0')}
                </Text>
              ) : null}
            </Stack>
          )}
        />
        <Controller
          control={control}
          name="recipientEmails"
          render={({ field }) => (
            <TagsInput
              label={t('reportScheduling.emails')}
              description={t('reportScheduling.emailsHint')}
              placeholder={t('reportScheduling.emailsPlaceholder')}
              value={field.value}
              onChange={field.onChange}
              splitChars={[',', ' ', ';']}
              acceptValueOnBlur
              clearable
              error={
                error('recipientEmails') ??
                field.value.map((_, index) => error(`recipientEmails.${index}`)).find(Boolean)
              }
            />
          )}
        />

        {failure ? (
          <Alert
            color={failure.stale ? 'orange' : 'red'}
            title={t(failure.stale ? 'reportScheduling.staleTitle' : 'reportScheduling.saveFailed')}
          >
            <Stack gap="xs">
              <Text size="sm">{failure.message}</Text>
              {failure.stale ? (
                <Group>
                  <Button size="xs" variant="light" onClick={onReload}>
                    {t('reportScheduling.reload')}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('reportScheduling.cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {t('reportScheduling.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
