/** R-OREQ-6: rejecting a request asks for the reason the customer will read; it is required. */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { orderRequestLimits, type OrderRequestView } from '@dispatch/domain/orders/order-requests';
import { dayText, quantityText } from './request-text';

export function RejectRequestDialog({
  request,
  busy,
  onConfirm,
  onClose,
}: {
  request: OrderRequestView;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError(t('orderRequests.rejectDialog.required'));
      return;
    }
    onConfirm(reason.trim());
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('orderRequests.rejectDialog.title', { id: request.id })}
      centered
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {t('orderRequests.rejectDialog.text', {
              customer: request.customerName,
              quantity: quantityText(request.quantity, i18n.language),
              product: request.productDescription,
              date: dayText(request.requestedDate, i18n.language),
            })}
          </Text>
          <Textarea
            label={t('orderRequests.rejectDialog.reason')}
            description={t('orderRequests.rejectDialog.reasonHint')}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            required
            rows={3}
            maxLength={orderRequestLimits.reason}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('orderRequests.rejectDialog.cancel')}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t('orderRequests.rejectDialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
