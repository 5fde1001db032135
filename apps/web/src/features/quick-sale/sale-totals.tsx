/** The sale's subtotal, tax and total (R-QSALE-1), the total set large: it is what is paid. */
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderTotals } from '@dispatch/domain/pricing/order-pricing';
import { formatMoney } from '../../lib/money-format';

function TotalLine({
  label,
  amount,
  grand = false,
}: {
  label: string;
  amount: number;
  grand?: boolean;
}) {
  const size = grand ? 'lg' : 'sm';
  const weight = grand ? 700 : undefined;
  return (
    <Group justify="space-between" mt={grand ? 4 : undefined}>
      <Text fw={weight} size={size}>
        {label}
      </Text>
      <Text fw={weight} size={size} ff="monospace" aria-label={grand ? label : undefined}>
        ${formatMoney(amount)}
      </Text>
    </Group>
  );
}

export function SaleTotals({ totals, taxRate }: { totals: OrderTotals; taxRate: number | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <TotalLine label={t('quickSale.subtotal')} amount={totals.subtotal} />
      <TotalLine
        label={taxRate === null ? t('quickSale.noTax') : t('quickSale.tax', { rate: taxRate })}
        amount={totals.tax}
      />
      <TotalLine label={t('quickSale.total')} amount={totals.total} grand />
    </Stack>
  );
}
