/**
 * What the ticket form has to say above its fields: someone else changed the ticket (with a
 * reload), the ticket is void or invoiced and cannot change, or why the last save failed.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketEditDetail } from '@dispatch/domain/tickets/ticket-edits';

export function TicketFormAlerts({
  ticket,
  locked,
  modified,
  formError,
  onReload,
}: {
  ticket: TicketEditDetail;
  locked: boolean;
  modified: { modifiedBy: string | null; dismiss: () => void };
  formError: string | null;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const lockedWhy = ticket.voidedFlag
    ? t('ticketEdits.form.lockedVoid')
    : t('ticketEdits.form.lockedInvoiced');
  return (
    <>
      {modified.modifiedBy !== null ? (
        <Alert color="orange" title={t('ticketEdits.modified.title', { number: ticket.number })}>
          <Group justify="space-between">
            <Text size="sm">{t('ticketEdits.modified.text', { user: modified.modifiedBy })}</Text>
            <Button
              size="xs"
              onClick={() => {
                modified.dismiss();
                onReload();
              }}
            >
              {t('ticketEdits.modified.reload')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {locked ? (
        <Alert color={ticket.voidedFlag ? 'red' : 'grape'}>
          <Stack gap={2}>
            <Text size="sm">{t('ticketEdits.form.locked', { why: lockedWhy })}</Text>
            {ticket.voidReason ? (
              <Text size="sm" fw={600}>
                {t('ticketEdits.form.voidReason', { reason: ticket.voidReason })}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {formError ? <Alert color="red">{formError}</Alert> : null}
    </>
  );
}
