/**
 * One report schedule, made or changed (R-RSCHED-2..R-RSCHED-7): the report with its parameters
 * and a relative period, when it runs, who gets it, and whether it is active. Checked with the
 * domain's schema before sending (the same the server runs), the server's field problems shown
 * on their fields, saved with the version read (a 409 names who changed it and offers to
 * reload). Ctrl+S or Enter saves, Escape closes.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportSchedule } from '@dispatch/domain/report-schedules/report-schedule-schemas';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import { ScheduleRecipientFields } from './schedule-recipient-fields';
import { ScheduleReportFields } from './schedule-report-fields';
import { ScheduleTimingFields } from './schedule-timing-fields';
import { useScheduleForm } from './use-schedule-form';

type ScheduleFormProps = {
  schedule: ReportSchedule | null;
  allowedSystemTypes: readonly SystemTypeId[];
  onSaved: (schedule: ReportSchedule) => void;
  onCancel: () => void;
  /** A 409: the list is read again and the form reopened on the stored schedule. */
  onReload: () => void;
};

export function ScheduleForm({
  schedule,
  allowedSystemTypes,
  onSaved,
  onCancel,
  onReload,
}: ScheduleFormProps) {
  const { t } = useTranslation();
  const {
    form,
    failure,
    reportKey,
    frequency,
    range,
    timeZone,
    error,
    handleSave,
    handleReportChange,
  } = useScheduleForm({ schedule, onSaved });
  const { control, register, formState } = form;

  return (
    <form
      onSubmit={(event: FormEvent) => void handleSave(event)}
      noValidate
      aria-label={t('reportScheduling.formLabel')}
    >
      <Stack gap="md">
        <ScheduleReportFields
          control={control}
          register={register}
          error={error}
          reportKey={reportKey}
          range={range}
          allowedSystemTypes={allowedSystemTypes}
          onReportChange={handleReportChange}
        />
        <ScheduleTimingFields
          control={control}
          register={register}
          error={error}
          frequency={frequency}
          timeZone={timeZone}
        />
        <ScheduleRecipientFields control={control} error={error} />

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
