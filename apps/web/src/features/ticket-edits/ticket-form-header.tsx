/** The ticket form's title, status badges and its print, view-in-Classic, void and close buttons. */
import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TicketEditDetail } from '@dispatch/domain/tickets/ticket-edits';
import { PrintTicketButton } from '../../components/print/print-ticket-button';
import { viewClassicTicket } from '../../realtime/classic-link';
import { useClassicUsable } from '../../realtime/classic-usable';
import { errorMessageOf, printTicket } from './ticket-edits-api';
import { statusText } from './ticket-grid';

export function TicketFormHeader({
  ticket,
  readOnly,
  onPrintFailed,
  onVoid,
  onClose,
}: {
  ticket: TicketEditDetail;
  readOnly: boolean;
  onPrintFailed: (message: string) => void;
  onVoid: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const classicUsable = useClassicUsable();
  // R-INTERCOM-2: the same ticket in the classic application (ViewTicket), while classic is usable.
  const viewInClassic = () => {
    const name = t('ticketEdits.form.heading', { number: ticket.number });
    void viewClassicTicket(ticket.id).then((opened) =>
      notifications.show({
        color: opened ? 'teal' : 'red',
        message: t(opened ? 'shell.classicOpened' : 'shell.classicNotOpened', { name }),
      }),
    );
  };
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Group gap="sm">
          <Title order={3}>{t('ticketEdits.form.heading', { number: ticket.number })}</Title>
          <Badge variant="light" color={ticket.voidedFlag ? 'red' : 'blue'} tt="none">
            {statusText(t, ticket.statusId, ticket.voidedFlag)}
          </Badge>
          {ticket.invoicedFlag ? (
            <Badge variant="light" color="grape" tt="none">
              {t('ticketEdits.flags.invoiced')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('ticketEdits.form.orderLine', {
            order: ticket.orderNumber,
            customer: ticket.customerName,
            plant: ticket.plantName,
          })}
        </Text>
      </div>
      <Group gap="xs" align="flex-end">
        {/* R-PRINT-8: send the ticket to a print destination from the form. */}
        <PrintTicketButton ticketId={ticket.id} />
        <Button
          variant="default"
          onClick={() =>
            void printTicket(ticket).catch((error: unknown) => onPrintFailed(errorMessageOf(error)))
          }
        >
          {t('ticketEdits.form.print')}
        </Button>
        {classicUsable ? (
          <Button variant="default" onClick={viewInClassic}>
            {t('ticketEdits.form.viewInClassic')}
          </Button>
        ) : null}
        {!readOnly ? (
          <Button variant="light" color="red" onClick={onVoid}>
            {t('ticketEdits.form.void')}
          </Button>
        ) : null}
        <Button variant="subtle" color="gray" onClick={onClose}>
          {t('ticketEdits.form.close')}
        </Button>
      </Group>
    </Group>
  );
}
