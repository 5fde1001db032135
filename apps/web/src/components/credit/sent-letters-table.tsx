/**
 * R-CREDIT-15: letters sent, newest first: when, to whom, which template, what was owed, by
 * whom. Shown on Form Letter (every customer) and on the customer's own Letters tab.
 */
import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SentLetter } from '@dispatch/domain/credit/credit-letter-schemas';
import { useCreditFormat } from '../../lib/credit-format';

export function SentLettersTable({
  letters,
  showAmounts,
  showCustomer = true,
}: {
  letters: readonly SentLetter[];
  showAmounts: boolean;
  showCustomer?: boolean;
}) {
  const { t } = useTranslation();
  const format = useCreditFormat();
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
            {showCustomer ? <Table.Th>{t('creditLetters.sent.customer')}</Table.Th> : null}
            <Table.Th>{t('creditLetters.sent.template')}</Table.Th>
            <Table.Th>{t('creditLetters.sent.subject')}</Table.Th>
            {showAmounts ? (
              <Table.Th style={{ textAlign: 'right' }}>{t('creditLetters.sent.pastDue')}</Table.Th>
            ) : null}
            <Table.Th>{t('creditLetters.sent.by')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {letters.map((letter) => (
            <Table.Tr key={letter.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.day(letter.letterDate)}</Table.Td>
              {showCustomer ? (
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {letter.customerName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {letter.customerNumber}
                  </Text>
                </Table.Td>
              ) : null}
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
