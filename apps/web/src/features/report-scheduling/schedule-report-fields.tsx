/** What the schedule sends: its name, the report with its parameters and period, the formats. */
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reportCatalogue, type ReportKey } from '@dispatch/domain/reports/report-catalogue';
import {
  relativePeriods,
  type periodRange,
} from '@dispatch/domain/report-schedules/report-periods';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { ReportFormatField } from '../../components/reports/report-format-field';
import { ReportParameterFields } from '../../components/reports/report-parameter-fields';
import { useReportTexts } from '../../components/reports/report-texts';
import type { ScheduleFieldError, ScheduleFormValues } from './schedule-form-values';

export function ScheduleReportFields({
  control,
  register,
  error,
  reportKey,
  range,
  allowedSystemTypes,
  onReportChange,
}: {
  control: Control<ScheduleFormValues>;
  register: UseFormRegister<ScheduleFormValues>;
  error: ScheduleFieldError;
  reportKey: ReportKey;
  range: ReturnType<typeof periodRange>;
  allowedSystemTypes: readonly SystemTypeId[];
  onReportChange: (key: ReportKey) => void;
}) {
  const { t } = useTranslation();
  const texts = useReportTexts();
  return (
    <>
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
          onChange={(value) => value && onReportChange(value)}
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
    </>
  );
}
