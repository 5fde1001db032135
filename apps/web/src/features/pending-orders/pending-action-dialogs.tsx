/**
 * The two actions that ask something first (R-PEND-5..6): calling in a will-call order at a time
 * on its ship date, and cancelling a pending order with its reason. Each is a small form: the
 * field has focus when the dialog opens, Enter confirms (Ctrl+Enter in the reason's box), Escape
 * closes, and the server's refusal shows in the dialog.
 */
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  cancelBodySchema,
  cancelReasonMaxLength,
  type PendingRow,
} from '@dispatch/domain/orders/pending-orders';
import { formatTimeOfDay } from '@dispatch/domain/dates/date-format';
import { timeOfDaySchema } from '@dispatch/domain/dates/time-of-day';

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

/** The dialog around one action's form, made anew for each row so it starts clean. */
function ActionDialog({
  row,
  onClose,
  title,
  form,
}: {
  row: PendingRow | null;
  onClose: () => void;
  title: (row: PendingRow) => string;
  form: (row: PendingRow) => ReactNode;
}) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? title(row) : ''} centered>
      {row ? <Fragment key={row.id}>{form(row)}</Fragment> : null}
    </Modal>
  );
}

/** The form's submit: the values go to `confirm`; a refusal stays in the dialog. */
function useConfirmedSubmit<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  confirm: (values: Values) => Promise<void>,
) {
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await confirm(values);
    } catch (failure) {
      setError(messageOf(failure));
    }
  });
  return { submit, error };
}

/** The intro, the action's field, the refusal if any, and the close and confirm buttons. */
function ActionFormLayout({
  onSubmit,
  intro,
  error,
  submitting,
  onClose,
  closeLabel,
  confirmLabel,
  confirmColor,
  children,
}: {
  onSubmit: (event: FormEvent) => Promise<void>;
  intro: string;
  error: string | null;
  submitting: boolean;
  onClose: () => void;
  closeLabel: string;
  confirmLabel: string;
  confirmColor?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {children}
        {error ? (
          <Alert color="red" title={t('pendingOrders.actionFailed')}>
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {closeLabel}
          </Button>
          <Button type="submit" color={confirmColor} loading={submitting}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CallInDialog({ row, onClose, onConfirm }: DialogProps) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      row={row}
      onClose={onClose}
      title={(shown) => t('pendingOrders.callIn.title', { number: shown.number })}
      form={(shown) => <CallInForm row={shown} onClose={onClose} onConfirm={onConfirm} />}
    />
  );
}

function CallInForm({ row, onClose, onConfirm }: FormProps) {
  const { t } = useTranslation();
  const form = useForm<CallInValues>({
    defaultValues: { time: startingTime(row) },
    resolver: zodResolver(callInSchema),
  });
  const { submit, error } = useConfirmedSubmit(form, ({ time }) => onConfirm(row, time));
  const timeError = form.formState.errors.time;
  return (
    <ActionFormLayout
      onSubmit={submit}
      intro={t('pendingOrders.callIn.intro', {
        customer: row.customerName,
        shipDate: row.shipDate,
      })}
      error={error}
      submitting={form.formState.isSubmitting}
      onClose={onClose}
      closeLabel={t('pendingOrders.close')}
      confirmLabel={t('pendingOrders.callIn.confirm')}
    >
      <TextInput
        type="time"
        label={t('pendingOrders.callIn.time')}
        description={t('pendingOrders.callIn.timeHint')}
        required
        data-autofocus
        error={timeError ? t('pendingOrders.callIn.timeInvalid') : undefined}
        {...form.register('time')}
      />
    </ActionFormLayout>
  );
}

const cancelSchema = cancelBodySchema.pick({ reason: true });
type CancelValues = z.infer<typeof cancelSchema>;

export function CancelOrderDialog({ row, onClose, onConfirm }: DialogProps) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      row={row}
      onClose={onClose}
      title={(shown) => t('pendingOrders.cancel.title', { number: shown.number })}
      form={(shown) => <CancelForm row={shown} onClose={onClose} onConfirm={onConfirm} />}
    />
  );
}

function CancelForm({ row, onClose, onConfirm }: FormProps) {
  const { t } = useTranslation();
  const form = useForm<CancelValues>({
    defaultValues: { reason: '' },
    resolver: zodResolver(cancelSchema),
  });
  const { submit, error } = useConfirmedSubmit(form, ({ reason }) => onConfirm(row, reason));
  const reasonError = form.formState.errors.reason;
  return (
    <ActionFormLayout
      onSubmit={submit}
      intro={t('pendingOrders.cancel.intro', {
        customer: row.customerName,
        shipDate: row.shipDate,
      })}
      error={error}
      submitting={form.formState.isSubmitting}
      onClose={onClose}
      closeLabel={t('pendingOrders.cancel.keep')}
      confirmLabel={t('pendingOrders.cancel.confirm')}
      confirmColor="red"
    >
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
    </ActionFormLayout>
  );
}
