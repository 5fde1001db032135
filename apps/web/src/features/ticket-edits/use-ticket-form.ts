/**
 * The ticket form's state: its values, the numbers it refused, why a save failed, the void dialog,
 * who else changed the ticket, and the save itself (R-TEDIT-2).
 */
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { TicketEditDetail } from '@dispatch/domain/tickets/ticket-edits';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import { errorMessageOf, fieldProblemsOf, saveTicket, ticketEditKeys } from './ticket-edits-api';
import { editOf, valuesOf, type TicketFormValues } from './ticket-form-values';
import { useOpenTicketModified } from './use-ticket-edits-live';

export function useTicketForm({
  ticket,
  flags,
}: {
  ticket: TicketEditDetail;
  flags: PermissionFlags;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<TicketFormValues>({ defaultValues: valuesOf(ticket) });
  const refusedNumbers = useRefusedNumbers();
  const [formError, setFormError] = useState<string | null>(null);
  const [voiding, setVoiding] = useState(false);
  const modified = useOpenTicketModified(ticket.id);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    // R-INPUT-1: a quantity or price holding text it refused is not saved; the field says why.
    if (refusedNumbers.focusFirst()) return;
    if (values.reason.trim() === '') {
      form.setError('reason', { message: t('ticketEdits.form.required') });
      form.setFocus('reason');
      return;
    }
    try {
      const saved = await saveTicket(ticket.id, editOf(ticket, values, flags));
      queryClient.setQueryData(ticketEditKeys.detail(ticket.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...ticketEditKeys.all, 'search'] });
      modified.dismiss();
      notifications.show({
        color: 'teal',
        message: t('ticketEdits.form.saved', { number: ticket.number }),
      });
    } catch (error) {
      const problems = fieldProblemsOf(error);
      let placed = false;
      for (const [field, reason] of Object.entries(problems)) {
        const match = /^products\[(\d+)\]\.(\w+)$/.exec(field);
        const name = match ? `lines.${match[1]}.${match[2]}` : field;
        if (name in values || match) {
          form.setError(name as keyof TicketFormValues, { message: reason });
          placed = true;
        }
      }
      if (!placed) setFormError(errorMessageOf(error));
    }
  });

  const onVoided = () => {
    setVoiding(false);
    void queryClient.invalidateQueries({ queryKey: ticketEditKeys.all });
  };

  return {
    form,
    refusedNumbers,
    formError,
    setFormError,
    voiding,
    setVoiding,
    modified,
    submit,
    onVoided,
  };
}
