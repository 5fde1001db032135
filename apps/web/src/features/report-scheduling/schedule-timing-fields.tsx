/** When the schedule runs: how often, on which day, at what time, and whether it is active. */
import {
  Divider,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { scheduleFrequencies } from '@dispatch/domain/report-schedules/schedule-frequency';
import type { ScheduleFieldError, ScheduleFormValues } from './schedule-form-values';
import { useScheduleWords } from './schedule-words';

export function ScheduleTimingFields({
  control,
  register,
  error,
  frequency,
  timeZone,
}: {
  control: Control<ScheduleFormValues>;
  register: UseFormRegister<ScheduleFormValues>;
  error: ScheduleFieldError;
  frequency: ScheduleFormValues['frequency'];
  timeZone: string;
}) {
  const { t } = useTranslation();
  const words = useScheduleWords();
  return (
    <>
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
                  field.onChange(value === 'last' ? 'last' : value === null ? null : Number(value))
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
    </>
  );
}
