/**
 * The two actions that ask something first (R-PEND-5..6): calling in a will-call order at a time
 * on its ship date, and cancelling a pending order with its reason. Each is a small form: the
 * field has focus when the dialog opens, Enter confirms (Ctrl+Enter in the reason's box), Escape
 * closes, and the server's refusal shows in the dialog.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  cancelBodySchema,
  cancelReasonMaxLength,
  type PendingRow,
} from '@dispatch/domain/orders/pending-orders';
import { formatTimeOfDay, timeOfDaySchema } from '@dispatch/domain/validation/dates';

type DialogProps = {
  row: PendingRow | null;
  onClose: () => void;
  /** Resolves when done; a thrown error's message is shown in the dialog. */
  onConfirm: (row: PendingRow, value: string) => Promise<void>;
};

type FormProps = Omit<DialogProps, 'row'> & { row: PendingRow };

const messageOf = (failure: unknown) =>
  failure instanceof Error ? failure.message : String(failure);

const callInSchema = z.object({ time: timeOfDaySchema });
type CallInValues = z.infer<typeof callInSchema>;

/** The order's first-load time as the user's clock reads it, else the start of a working day. */
function startingTime(row: PendingRow): string {
  const current = row.firstLoadTime ? new Date(row.firstLoadTime) : null;
  return current && !Number.isNaN(current.getTime()) ? formatTimeOfDay(current) : '07:00';
}

export function CallInDialog({ row, onClose, onConfirm }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? t('pendingOrders.callIn.title', { number: row.number }) : ''}
      centered
    >
      {row ? <CallInForm key={row.id} row={row} onClose={onClose} onConfirm={onConfirm} /> : null}
    </Modal>
  );
}

function CallInForm({ row, onClose, onConfirm }: FormProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CallInValues>({
    defaultValues: { time: startingTime(row) },
    resolver: zodResolver(callInSchema),
  });
  const submit = form.handleSubmit(async ({ time }) => {
    setError(null);
    try {
      await onConfirm(row, time);
    } catch (failure) {
      setError(messageOf(failure));
    }
  });
  const timeError = form.formState.errors.time;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('pendingOrders.callIn.intro', { customer: row.customerName, shipDate: row.shipDate })}
        </Text>
        <TextInput
          type="time"
          label={t('pendingOrders.callIn.time')}
          description={t('pendingOrders.callIn.timeHint')}
          required
          data-autofocus
          error={timeError ? t('pendingOrders.callIn.timeInvalid') : undefined}
          {...form.register('time')}
        />
        {error ? (
          <Alert color="red" title={t('pendingOrders.actionFailed')}>
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('pendingOrders.close')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('pendingOrders.callIn.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const cancelSchema = cancelBodySchema.pick({ reason: true });
type CancelValues = z.infer<typeof cancelSchema>;

export function CancelOrderDialog({ row, onClose, onConfirm }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? t('pendingOrders.cancel.title', { number: row.number }) : ''}
      centered
    >
      {row ? <CancelForm key={row.id} row={row} onClose={onClose} onConfirm={onConfirm} /> : null}
    </Modal>
  );
}

function CancelForm({ row, onClose, onConfirm }: FormProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CancelValues>({
    defaultValues: { reason: '' },
    resolver: zodResolver(cancelSchema),
  });
  const submit = form.handleSubmit(async ({ reason }) => {
    setError(null);
    try {
      await onConfirm(row, reason);
    } catch (failure) {
      setError(messageOf(failure));
    }
  });
  const reasonError = form.formState.errors.reason;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('pendingOrders.cancel.intro', { customer: row.customerName, shipDate: row.shipDate })}
        </Text>
        <Textarea
          label={t('pendingOrders.cancel.reason')}
          description={t('pendingOrders.cancel.reasonHint')}
          required
          rows={3}
          maxLength={cancelReasonMaxLength}
          data-autofocus
          error={
            reasonError
              ? reasonError.type === 'too_big'
                ? t('pendingOrders.cancel.reasonTooLong', { max: cancelReasonMaxLength })
                : t('pendingOrders.cancel.reasonRequired')
              : undefined
          }
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
          }}
          {...form.register('reason')}
        />
        {error ? (
          <Alert color="red" title={t('pendingOrders.actionFailed')}>
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('pendingOrders.cancel.keep')}
          </Button>
          <Button type="submit" color="red" loading={form.formState.isSubmitting}>
            {t('pendingOrders.cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
