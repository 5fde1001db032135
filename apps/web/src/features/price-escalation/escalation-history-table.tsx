/** What was applied (R-ESC-6, R-ESC-7): each escalation, who applied or reversed it, and Reverse. */
import { Alert, Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Escalation } from '@dispatch/domain/pricing/price-escalation';
import { changeText } from './price-escalation-text';

const noWrap = { whiteSpace: 'nowrap' } as const;

export function EscalationHistoryTable(props: {
  rows: readonly Escalation[];
  loading: boolean;
  error: string | undefined;
  money: (value: number) => string;
  onReverse(escalation: Escalation): void;
}) {
  const { t, i18n } = useTranslation();
  const { money } = props;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('priceEscalation.history')}
    >
      <Stack gap="sm">
        <Title order={4}>{t('priceEscalation.history')}</Title>
        {props.error ? (
          <Alert color="red">{props.error}</Alert>
        ) : props.loading ? (
          <Text size="sm" c="dimmed">
            {t('app.loading')}
          </Text>
        ) : props.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('priceEscalation.noHistory')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={noWrap}>{t('priceEscalation.effectiveDate')}</Table.Th>
                  <Table.Th>{t('priceEscalation.changeColumn')}</Table.Th>
                  <Table.Th>{t('priceEscalation.description')}</Table.Th>
                  <Table.Th ta="right">{t('priceEscalation.prices')}</Table.Th>
                  <Table.Th ta="right" style={noWrap}>
                    {t('priceEscalation.totalColumn')}
                  </Table.Th>
                  <Table.Th>{t('priceEscalation.appliedColumn')}</Table.Th>
                  <Table.Th miw={140}>{t('priceEscalation.status')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td style={noWrap}>{row.effectiveDate}</Table.Td>
                    <Table.Td style={noWrap}>
                      {changeText(t, money, row.method, row.amount)}
                    </Table.Td>
                    <Table.Td>{row.description}</Table.Td>
                    <Table.Td ta="right">{row.rowCount}</Table.Td>
                    <Table.Td ta="right" style={noWrap}>
                      {money(row.totalBefore)} → {money(row.totalAfter)}
                    </Table.Td>
                    <Table.Td>
                      {when.format(new Date(row.appliedAt))} · {row.appliedBy}
                    </Table.Td>
                    <Table.Td style={noWrap}>
                      {row.reversedAt ? (
                        <Stack gap={2} align="flex-start">
                          <Badge color="gray" variant="light">
                            {t('priceEscalation.reversedBadge')}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {t('priceEscalation.reversedBy', {
                              when: when.format(new Date(row.reversedAt)),
                              who: row.reversedBy,
                            })}
                          </Text>
                        </Stack>
                      ) : (
                        <Badge color="green" variant="light">
                          {t('priceEscalation.appliedBadge')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {row.reversedAt ? null : (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => props.onReverse(row)}
                          aria-label={t('priceEscalation.reverseOne', {
                            date: row.effectiveDate,
                            change: changeText(t, money, row.method, row.amount),
                          })}
                        >
                          {t('priceEscalation.reverse')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
