/** R-CREDIT-15: the letters sent, newest first: to whom, which template, when, by whom. */
import { Alert, Group, Loader, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { historyQuery } from './credit-letters-api';
import { useCreditFormat } from './credit-format';

export function SentLettersPanel({ showAmounts }: { showAmounts: boolean }) {
  const { t } = useTranslation();
  const format = useCreditFormat();
  const history = useQuery(historyQuery());
  if (history.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('app.loading')} />
      </Group>
    );
  }
  if (history.isError) return <Alert color="red">{history.error.message}</Alert>;
  if (history.data.length === 0) return <Text c="dimmed">{t('creditLetters.sent.none')}</Text>;
  return (
    <ScrollArea.Autosize mah="65vh" type="auto">
      <Table
        stickyHeader
        highlightOnHover
        fz="sm"
        verticalSpacing={5}
        miw={760}
        aria-label={t('creditLetters.sent.title')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('creditLetters.sent.date')}</Table.Th>
            <Table.Th>{t('creditLetters.sent.customer')}</Table.Th>
            <Table.Th>{t('creditLetters.sent.template')}</Table.Th>
            <Table.Th>{t('creditLetters.sent.subject')}</Table.Th>
            {showAmounts ? (
              <Table.Th style={{ textAlign: 'right' }}>{t('creditLetters.sent.pastDue')}</Table.Th>
            ) : null}
            <Table.Th>{t('creditLetters.sent.by')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.data.map((letter) => (
            <Table.Tr key={letter.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.day(letter.letterDate)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {letter.customerName}
                </Text>
                <Text size="xs" c="dimmed">
                  {letter.customerNumber}
                </Text>
              </Table.Td>
              <Table.Td>{letter.templateName}</Table.Td>
              <Table.Td>{letter.subject}</Table.Td>
              {showAmounts ? (
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {format.money(letter.pastDueAmount)}
                  {letter.daysPastDue > 0 ? ` · ${letter.daysPastDue}` : ''}
                </Table.Td>
              ) : null}
              <Table.Td>{letter.sentBy}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
