/** The ticket just saved: its number, what it was for, and Print again. */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PrintTicketButton } from '../../components/print/print-ticket-button';
import type { WrittenTicket } from './ticket-entry-api';

export function SavedTicketNotice({
  saved,
  onClose,
  onPrintAgain,
}: {
  saved: WrittenTicket;
  onClose: () => void;
  onPrintAgain: (ticket: WrittenTicket) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      title={[
        t('ticketEntry.savedTitle', { number: saved.number }),
        saved.billOfLadingNumber === null
          ? null
          : t('ticketEntry.savedBol', { number: saved.billOfLadingNumber }),
      ]
        .filter(Boolean)
        .join(' · ')}
      withCloseButton
      onClose={onClose}
    >
      <Group justify="space-between" align="flex-start">
        <Text size="sm" mt={4}>
          {t('ticketEntry.savedText', {
            order: saved.orderNumber,
            customer: saved.customerName,
            quantity: `${saved.quantity.toLocaleString()} ${saved.unitOfMeasure ?? ''}`.trim(),
          })}
        </Text>
        <Group gap="xs" align="flex-start">
          {/* R-PRINT-8: the saved ticket to a print destination, as well as the window. */}
          <PrintTicketButton ticketId={saved.id} />
          {/* Level with Print, under the list's label. */}
          <Button variant="default" mt={25} onClick={() => void onPrintAgain(saved)}>
            {t('ticketEntry.printAgain')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
