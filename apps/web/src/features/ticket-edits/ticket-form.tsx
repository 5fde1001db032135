/**
 * R-TEDIT-2, R-TEDIT-4, R-TEDIT-8..9: one ticket in a form: its product lines, job, PO, truck,
 * driver, status and notes, with a required reason; Enter saves. Print opens the delivery ticket,
 * Void asks a void status and reason. A void or invoiced ticket is shown but cannot change; a
 * change by someone else is announced with a reload. Its change history is shown below. The
 * screen keys it by ticket and version, so a saved or reloaded ticket fills a fresh form.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { TicketEditDetail } from '@dispatch/domain/tickets/ticket-edits';
import { errorMessageOf, fieldProblemsOf, voidTicket } from './ticket-edits-api';
import { TicketFields } from './ticket-fields';
import { TicketFormAlerts } from './ticket-form-alerts';
import { TicketFormHeader } from './ticket-form-header';
import { TicketHistory } from './ticket-history';
import { TicketLoopTimes } from './ticket-loop-times';
import { TicketProductLines } from './ticket-product-lines';
import { TicketReasonBar } from './ticket-reason-bar';
import { useTicketForm } from './use-ticket-form';

export function TicketForm({
  ticket,
  flags,
  onReload,
  onClose,
}: {
  ticket: TicketEditDetail;
  flags: PermissionFlags;
  onReload: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const {
    form,
    refusedNumbers,
    formError,
    setFormError,
    voiding,
    setVoiding,
    modified,
    submit,
    onVoided,
  } = useTicketForm({ ticket, flags });

  const locked = ticket.voidedFlag || ticket.invoicedFlag;
  const readOnly = locked || !flags.full;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          aria-label={t('ticketEdits.form.heading', { number: ticket.number })}
        >
          <Stack gap="md">
            <TicketFormHeader
              ticket={ticket}
              readOnly={readOnly}
              onPrintFailed={setFormError}
              onVoid={() => setVoiding(true)}
              onClose={onClose}
            />
            <TicketFormAlerts
              ticket={ticket}
              locked={locked}
              modified={modified}
              formError={formError}
              onReload={onReload}
            />
            <TicketProductLines
              ticket={ticket}
              flags={flags}
              control={form.control}
              refusedNumbers={refusedNumbers}
              readOnly={readOnly}
            />
            <TicketFields ticket={ticket} form={form} readOnly={readOnly} />
            <TicketLoopTimes ticket={ticket} />
            {!readOnly ? <TicketReasonBar form={form} /> : null}
          </Stack>
        </form>
      </Paper>
      <TicketHistory entries={ticket.history} />
      <VoidDialog
        ticket={ticket}
        opened={voiding}
        onClose={() => setVoiding(false)}
        onVoided={onVoided}
      />
    </Stack>
  );
}

function VoidDialog({
  ticket,
  opened,
  onClose,
  onVoided,
}: {
  ticket: TicketEditDetail;
  opened: boolean;
  onClose: () => void;
  onVoided: () => void;
}) {
  const { t } = useTranslation();
  const [statusId, setStatusId] = useState<string | null>('1');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (reason.trim() === '') {
      setProblems({ reason: t('ticketEdits.form.required') });
      return;
    }
    setBusy(true);
    try {
      await voidTicket(ticket.id, {
        version: ticket.version,
        voidStatusId: Number(statusId),
        reason: reason.trim(),
      });
      setReason('');
      setProblems({});
      onVoided();
    } catch (error) {
      const found = fieldProblemsOf(error);
      setProblems(Object.keys(found).length > 0 ? found : { form: errorMessageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('ticketEdits.voidDialog.title', { number: ticket.number })}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <Stack>
          <Text size="sm">{t('ticketEdits.voidDialog.text')}</Text>
          <Select
            label={t('ticketEdits.voidDialog.status')}
            data={['1', '2', '3', '4'].map((id) => ({
              value: id,
              label: t(`ticketEdits.voidDialog.statuses.${id}`),
            }))}
            value={statusId}
            onChange={setStatusId}
            allowDeselect={false}
            error={problems.voidStatusId}
          />
          <TextInput
            label={t('ticketEdits.voidDialog.reason')}
            withAsterisk
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={problems.reason}
            data-autofocus
          />
          {problems.form ? <Alert color="red">{problems.form}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ticketEdits.voidDialog.cancel')}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t('ticketEdits.voidDialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
