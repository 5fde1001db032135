/** Who gets the schedule's report: users of the system, and e-mail addresses typed in. */
import { Divider, Stack, TagsInput, Text } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { userResource } from '@dispatch/domain/resources/users';
import { ReferenceMultiSelect } from '../../resources/reference-multi-select';
import type { ScheduleFieldError, ScheduleFormValues } from './schedule-form-values';

export function ScheduleRecipientFields({
  control,
  error,
}: {
  control: Control<ScheduleFormValues>;
  error: ScheduleFieldError;
}) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
