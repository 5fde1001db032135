/** R-INV-7: issue a credit note for an invoice, with the reason it needs. */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '@dispatch/domain/invoicing/invoice-schemas';
import { useMoney } from './invoice-format';

export function CreditDialog(props: {
  invoice: InvoiceSummary | null;
  pending: boolean;
  error: string | undefined;
  onConfirm(reason: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const { invoice } = props;

  const handleClose = () => {
    setReason('');
    setTouched(false);
    props.onClose();
  };
  const handleConfirm = () => {
    setTouched(true);
    if (!missing) props.onConfirm(reason.trim());
  };

  return (
    <Modal
      opened={invoice !== null}
      onClose={handleClose}
      title={invoice ? t('flagInvoice.creditTitle', { number: invoice.number }) : ''}
      centered
    >
      {invoice ? (
        <Stack gap="sm">
          <Text size="sm">
            {t('flagInvoice.creditText', {
              number: invoice.number,
              customer: invoice.customerName,
              total: money(invoice.totalAmount),
            })}
          </Text>
          <Textarea
            label={t('flagInvoice.creditReason')}
            required
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={
              touched && missing
                ? t('flagInvoice.creditReasonRequired')
                : (props.error ?? undefined)
            }
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose}>
              {t('flagInvoice.cancel')}
            </Button>
            <Button color="red" onClick={handleConfirm} loading={props.pending}>
              {t('flagInvoice.creditConfirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
