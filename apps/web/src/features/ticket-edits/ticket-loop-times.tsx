/** The ticket's loop times: shown, but not edited, in the ticket form. */
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ticketLoopTimeFields, type TicketEditDetail } from '@dispatch/domain/tickets/ticket-edits';
import { hhmm } from './ticket-grid';

export function TicketLoopTimes({ ticket }: { ticket: TicketEditDetail }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        {t('ticketEdits.form.timesHeading')}
      </Text>
      <Group gap="lg" wrap="wrap">
        {ticketLoopTimeFields.map((field) => (
          <Stack key={field} gap={0}>
            <Text size="xs" c="dimmed">
              {t(`ticketEdits.times.${field}`)}
            </Text>
            <Text size="sm" fw={500} ff="monospace">
              {hhmm(ticket[field]) || '—'}
            </Text>
          </Stack>
        ))}
      </Group>
    </div>
  );
}
