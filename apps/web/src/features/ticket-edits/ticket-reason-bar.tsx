/** The required reason for a change and the save button beside it (Enter saves). */
import { Button, Group, Kbd, Text, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TicketFormValues } from './ticket-form-values';

export function TicketReasonBar({ form }: { form: UseFormReturn<TicketFormValues> }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        style={{ flex: 1 }}
        label={t('ticketEdits.form.reason')}
        placeholder={t('ticketEdits.form.reasonPlaceholder')}
        withAsterisk
        maxLength={500}
        {...form.register('reason')}
        error={form.formState.errors.reason?.message}
      />
      <Button type="submit" loading={form.formState.isSubmitting}>
        {t('ticketEdits.form.save')}
      </Button>
      <Text size="xs" c="dimmed" mb={8}>
        <Kbd size="xs">Enter</Kbd> {t('ticketEdits.form.saveHint')}
      </Text>
    </Group>
  );
}
