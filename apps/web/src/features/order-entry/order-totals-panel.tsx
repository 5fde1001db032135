/** The order's subtotal, tax and total. */
import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money-format';
import type { totalsOf } from './order-entry-form';

const right = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

export function OrderTotalsPanel({
  totals,
  rate,
}: {
  totals: ReturnType<typeof totalsOf>;
  rate: number | null;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      miw={300}
      component="section"
      aria-label={t('orderEntry.totals')}
    >
      <Stack gap={2}>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('orderEntry.subtotal')}
          </Text>
          <Text size="sm" style={right}>
            {formatMoney(totals.subtotal)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {rate === null
              ? t('orderEntry.taxNone')
              : t('orderEntry.tax', { rate: totals.taxRate })}
          </Text>
          <Text size="sm" style={right}>
            {formatMoney(totals.tax)}
          </Text>
        </Group>
        <Divider my={2} />
        <Group justify="space-between">
          <Text fw={700}>{t('orderEntry.total')}</Text>
          <Text fw={700} style={right} aria-label={t('orderEntry.total')}>
            {formatMoney(totals.total)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
