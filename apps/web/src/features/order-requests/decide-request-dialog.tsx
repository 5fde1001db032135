/**
 * R-OREQ-6: rejecting a request asks for the reason the customer will read; it is required.
 * R-TRACK-9: accepting a pour page's request may send the site a word (optional), which the
 * contractor reads on the page, as they read a refusal's reason.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { orderRequestLimits, type OrderRequestView } from '@dispatch/domain/orders/order-requests';
import { dayText, quantityText } from './request-text';

export type Decision = 'accept' | 'reject';

export function DecideRequestDialog({
  request,
  decision,
  busy,
  onConfirm,
  onClose,
}: {
  request: OrderRequestView;
  decision: Decision;
  busy: boolean;
  onConfirm: (words: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [words, setWords] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fromSite = request.kind !== 'order';
  const rejecting = decision === 'reject';

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (rejecting && words.trim() === '') {
      setError(t('orderRequests.rejectDialog.required'));
      return;
    }
    onConfirm(words.trim());
  };

  const asked = fromSite
    ? t('orderRequests.siteAsked', {
        kind: t(`orderRequests.kinds.${request.kind}`),
        number: request.orderNumber,
      })
    : t('orderRequests.rejectDialog.text', {
        customer: request.customerName,
        quantity: quantityText(request.quantity, i18n.language),
        product: request.productDescription,
        date: dayText(request.requestedDate, i18n.language),
      });

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        rejecting
          ? t('orderRequests.rejectDialog.title', { id: request.id })
          : t('orderRequests.answerDialog.title', { id: request.id })
      }
      centered
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{asked}</Text>
          {request.notes ? (
            <Text size="sm" c="dimmed" fs="italic">
              “{request.notes}”
            </Text>
          ) : null}
          <Textarea
            label={
              rejecting
                ? t('orderRequests.rejectDialog.reason')
                : t('orderRequests.answerDialog.reply')
            }
            description={
              rejecting
                ? fromSite
                  ? t('orderRequests.rejectDialog.reasonHintSite')
                  : t('orderRequests.rejectDialog.reasonHint')
                : t('orderRequests.answerDialog.replyHint')
            }
            value={words}
            onChange={(event) => {
              setWords(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            required={rejecting}
            rows={3}
            maxLength={orderRequestLimits.reason}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('orderRequests.rejectDialog.cancel')}
            </Button>
            <Button type="submit" color={rejecting ? 'red' : 'teal'} loading={busy}>
              {rejecting
                ? t('orderRequests.rejectDialog.confirm')
                : t('orderRequests.answerDialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
