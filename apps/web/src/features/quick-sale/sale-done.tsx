/**
 * A sale completed (R-QSALE-7): its order and ticket numbers, how each payment went (the card's
 * approval, the check, the cash and change), the receipt to print and a new sale.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cardBrandNames } from '@dispatch/domain/payments/card-number';
import { formatMoney } from '../../lib/money-format';
import type { QuickSaleResult } from './quick-sale-api';

export function SaleDone({
  sold,
  printing,
  onPrint,
  onNewSale,
}: {
  sold: QuickSaleResult;
  printing: boolean;
  onPrint: (sale: QuickSaleResult) => void;
  onNewSale: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      title={t('quickSale.doneTitle', {
        order: sold.orderNumber,
        ticket: sold.ticketNumber,
      })}
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('quickSale.doneText', { customer: sold.customerName, plant: sold.plantName })}
        </Text>
        {sold.payments.map((payment) => (
          <Text size="sm" key={payment.method} fw={500}>
            {payment.method === 'card'
              ? t('quickSale.approved', {
                  brand: cardBrandNames[payment.cardBrand ?? 'unknown'],
                  last4: payment.cardLast4,
                  code: payment.approvalCode,
                  amount: formatMoney(payment.amount),
                })
              : payment.method === 'check'
                ? t('quickSale.paidByCheck', {
                    number: payment.checkNumber,
                    amount: formatMoney(payment.amount),
                  })
                : t('quickSale.paidInCash', {
                    amount: formatMoney(payment.amount),
                    change: formatMoney(payment.changeDue ?? 0),
                  })}
          </Text>
        ))}
        <Group gap="xs">
          <Button onClick={() => onPrint(sold)} loading={printing} data-autofocus>
            {t('quickSale.printReceipt')}
          </Button>
          <Button variant="default" onClick={onNewSale}>
            {t('quickSale.newSale')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
