/**
 * R-DELIV-6: a dispatcher records concrete that came back on a load, from the selected load or the
 * truck's menu. The ticket is read first (its version, and what was recorded before); the server's
 * refusal shows next to the field it names, and a change by someone else meanwhile says so.
 */
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ticketViewSchema } from '@dispatch/domain/tickets/ticket-view';
import { NumberField } from '../../components/number-field/number-field';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import { ticketKeys } from '../../data/tickets/ticket-queries';
import { apiGet, apiSend, ApiError } from '../../lib/api-client';
import { fieldProblemsOf } from '../../lib/field-problems';

export type ReturnedConcreteTarget = {
  ticketId: number;
  ticketNumber: number | null;
  orderNumber: number;
  unit: string;
};

export function ReturnedConcreteDialog({
  target,
  onClose,
}: {
  target: ReturnedConcreteTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={<DialogTitle target={target} />}
      centered
    >
      {target && <ReturnedConcreteForm key={target.ticketId} target={target} onClose={onClose} />}
    </Modal>
  );
}

function DialogTitle({ target }: { target: ReturnedConcreteTarget | null }) {
  const { t } = useTranslation();
  return t('loadScheduling.returned.title', { ticket: target?.ticketNumber ?? '' });
}

function ReturnedConcreteForm({
  target,
  onClose,
}: {
  target: ReturnedConcreteTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ticket = useQuery({
    queryKey: ticketKeys.returned(target.ticketId),
    queryFn: async ({ signal }) =>
      await apiGet(`/api/v1/tickets/${target.ticketId}`, ticketViewSchema, { signal }),
  });
  const line = ticket.data?.products[0];
  const [returned, setReturned] = useState<number | '' | undefined>(undefined);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const refusals = useRefusedNumbers();
  const shown = returned ?? line?.unusedQuantity ?? '';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // R-INPUT-1: refused text in the quantity is corrected first.
    if (refusals.focusFirst()) return;
    const next: Record<string, string> = {};
    if (shown === '') next.returnedQuantity = t('loadScheduling.returned.required');
    if (reason.trim() === '') next.reason = t('loadScheduling.returned.reasonRequired');
    setProblems(next);
    if (Object.keys(next).length > 0 || !ticket.data) return;
    setPending(true);
    setFailure(null);
    try {
      await apiSend('PUT', `/api/v1/tickets/${target.ticketId}/returned`, {
        version: ticket.data.version,
        returnedQuantity: shown,
        reason: reason.trim(),
      });
      onClose();
    } catch (error) {
      const fields = fieldProblemsOf(error);
      setProblems(fields);
      if (Object.keys(fields).length === 0) {
        setFailure(error instanceof ApiError ? error.message : String(error));
      }
    } finally {
      setPending(false);
    }
  };

  if (ticket.isError) {
    return <Alert color="red">{t('loadScheduling.returned.readFailed')}</Alert>;
  }
  return (
    // Our own messages beside the fields, not the browser's (R-VALID).
    <form noValidate onSubmit={(event) => void handleSubmit(event)}>
      <Stack gap="sm">
        <Text size="sm">
          {line
            ? t('loadScheduling.returned.body', {
                order: target.orderNumber,
                quantity: line.quantity,
                unit: target.unit,
              })
            : t('loadScheduling.returned.loading')}
        </Text>
        <NumberField
          label={t('loadScheduling.returned.quantity', { unit: target.unit })}
          required
          min={0}
          decimalScale={3}
          allowNegative={false}
          value={shown}
          onChange={(value) => setReturned(value)}
          refusals={refusals}
          error={problems.returnedQuantity}
          data-autofocus
        />
        <TextInput
          label={t('loadScheduling.returned.reason')}
          required
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={problems.reason}
        />
        {failure && (
          <Alert color="red" py={6}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('loadScheduling.returned.cancel')}
          </Button>
          <Button type="submit" loading={pending} disabled={!ticket.data}>
            {t('loadScheduling.returned.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
