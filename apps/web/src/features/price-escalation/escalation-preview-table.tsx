/**
 * What a price escalation would write (R-ESC-3): the counts and totals, and every price before
 * and after; faded once the form no longer asks what was previewed.
 */
import { Badge, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EscalationKind, EscalationPreview } from '@dispatch/domain/pricing/price-escalation';

export function EscalationPreviewTable(props: {
  kind: EscalationKind;
  preview: EscalationPreview;
  stale: boolean;
  money: (value: number) => string;
}) {
  const { t } = useTranslation();
  const { totals, rows } = props.preview;
  const { money } = props;
  const difference = Math.round((totals.totalAfter - totals.totalBefore) * 100) / 100;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('priceEscalation.previewTitle')}
      style={props.stale ? { opacity: 0.55 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={4}>{t('priceEscalation.previewTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('priceEscalation.previewFrom', { date: props.preview.effectiveDate })}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge variant="light" size="lg">
            {t('priceEscalation.count', { count: totals.count })}
          </Badge>
          <Badge variant="light" color="green" size="lg">
            {t('priceEscalation.raised', { count: totals.raised })}
          </Badge>
          <Badge variant="light" color="orange" size="lg">
            {t('priceEscalation.lowered', { count: totals.lowered })}
          </Badge>
          <Badge variant="light" color="gray" size="lg">
            {t('priceEscalation.unchanged', { count: totals.unchanged })}
          </Badge>
          <Text size="sm" ml="sm">
            {t('priceEscalation.totals', {
              before: money(totals.totalBefore),
              after: money(totals.totalAfter),
              difference: `${difference < 0 ? '−' : '+'}${money(Math.abs(difference))}`,
            })}
          </Text>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('priceEscalation.noRows')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars="y">
            <Table striped highlightOnHover stickyHeader verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  {props.kind === 'quote' ? (
                    <>
                      <Table.Th>{t('priceEscalation.quote')}</Table.Th>
                      <Table.Th>{t('priceEscalation.customer')}</Table.Th>
                    </>
                  ) : null}
                  <Table.Th>{t('priceEscalation.product')}</Table.Th>
                  <Table.Th>{t('priceEscalation.plant')}</Table.Th>
                  <Table.Th ta="right">{t('priceEscalation.before')}</Table.Th>
                  <Table.Th ta="right">{t('priceEscalation.after')}</Table.Th>
                  <Table.Th ta="right">{t('priceEscalation.difference')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const change = Math.round((row.priceAfter - row.priceBefore) * 100) / 100;
                  return (
                    <Table.Tr key={`${row.productId}/${row.plantId}/${row.quoteProductId}`}>
                      {props.kind === 'quote' ? (
                        <>
                          <Table.Td>{row.quoteNumber}</Table.Td>
                          <Table.Td>{row.customerName}</Table.Td>
                        </>
                      ) : null}
                      <Table.Td>
                        {row.productNumber} · {row.productDescription}
                      </Table.Td>
                      <Table.Td>
                        {row.plantName ||
                          (props.kind === 'product' ? t('priceEscalation.everyPlant') : '')}
                      </Table.Td>
                      <Table.Td ta="right">{money(row.priceBefore)}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {money(row.priceAfter)}
                      </Table.Td>
                      <Table.Td
                        ta="right"
                        c={change < 0 ? 'orange.8' : change > 0 ? 'green.8' : 'dimmed'}
                      >
                        {change < 0 ? '−' : '+'}
                        {money(Math.abs(change))}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}
