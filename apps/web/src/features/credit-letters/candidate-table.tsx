/**
 * R-CREDIT-11: the customers the conditions chose, each ticked for a letter unless the clerk
 * unticks it, with balance, past due, days, limit and status; amounts only for levels that show
 * prices (R-CREDIT-17). A customer's name opens their account.
 */
import { Anchor, Badge, Checkbox, Group, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CreditCandidate } from '@dispatch/domain/credit/credit-letter-schemas';
import { useCreditFormat } from '../../lib/credit-format';
import { lookupText } from '../../lib/i18n/lookup-text';

const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

function daysColor(days: number): string | undefined {
  if (days > 60) return 'red.8';
  if (days > 30) return 'orange.8';
  if (days > 0) return 'yellow.9';
  return undefined;
}

export function CandidateTable(props: {
  rows: readonly CreditCandidate[];
  excluded: ReadonlySet<number>;
  showAmounts: boolean;
  readOnly: boolean;
  onToggle: (customerIds: readonly number[], selected: boolean) => void;
  onOpen: (customer: CreditCandidate) => void;
}) {
  const { t } = useTranslation();
  const format = useCreditFormat();
  const { rows, excluded, showAmounts } = props;
  const chosen = rows.filter((row) => !excluded.has(row.customerId)).length;
  return (
    <ScrollArea.Autosize mah="58vh" type="auto" offsetScrollbars>
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={6}
        fz="sm"
        miw={showAmounts ? 1040 : 760}
        aria-label={t('creditLetters.tabs.customers')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              {props.readOnly ? null : (
                <Checkbox
                  aria-label={t('creditLetters.selectAll')}
                  checked={rows.length > 0 && chosen === rows.length}
                  indeterminate={chosen > 0 && chosen < rows.length}
                  onChange={(event) =>
                    props.onToggle(
                      rows.map((row) => row.customerId),
                      event.currentTarget.checked,
                    )
                  }
                />
              )}
            </Table.Th>
            <Table.Th>{t('creditLetters.columns.customer')}</Table.Th>
            <Table.Th>{t('creditLetters.columns.status')}</Table.Th>
            <Table.Th>{t('creditLetters.columns.terms')}</Table.Th>
            {showAmounts ? (
              <Table.Th style={right}>{t('creditLetters.columns.balance')}</Table.Th>
            ) : null}
            {showAmounts ? (
              <Table.Th style={right}>{t('creditLetters.columns.pastDue')}</Table.Th>
            ) : null}
            <Table.Th style={right}>{t('creditLetters.columns.days')}</Table.Th>
            {showAmounts ? (
              <Table.Th style={right}>{t('creditLetters.columns.limit')}</Table.Th>
            ) : null}
            <Table.Th>{t('creditLetters.columns.lastLetter')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const selected = !excluded.has(row.customerId);
            return (
              <Table.Tr key={row.customerId} bg={selected || props.readOnly ? undefined : 'gray.0'}>
                <Table.Td>
                  {props.readOnly ? null : (
                    <Checkbox
                      aria-label={t('creditLetters.selectCustomer', { customer: row.customerName })}
                      checked={selected}
                      onChange={(event) =>
                        props.onToggle([row.customerId], event.currentTarget.checked)
                      }
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    fz="sm"
                    fw={600}
                    ta="left"
                    onClick={() => props.onOpen(row)}
                    aria-label={t('creditLetters.openAccount', { customer: row.customerName })}
                    c={selected || props.readOnly ? undefined : 'dimmed'}
                  >
                    {row.customerName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {row.customerNumber}
                    {row.contactName ? ` · ${row.contactName}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm">
                      {row.creditStatus ? lookupText('creditStatuses', row.creditStatus) : '—'}
                    </Text>
                    {row.overLimit ? (
                      <Badge color="red" variant="light" size="sm">
                        {showAmounts
                          ? t('creditLetters.overLimitBadge', {
                              amount: format.money(row.overLimitAmount),
                            })
                          : t('creditLetters.overLimitShort')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {row.terms ? lookupText('termsDiscounts', row.terms) : t('creditLetters.noTerms')}
                </Table.Td>
                {showAmounts ? (
                  <Table.Td style={right}>{format.money(row.balance)}</Table.Td>
                ) : null}
                {showAmounts ? (
                  <Table.Td style={right} fw={row.pastDueAmount ? 600 : undefined}>
                    {row.pastDueAmount ? format.money(row.pastDueAmount) : '—'}
                  </Table.Td>
                ) : null}
                <Table.Td style={right}>
                  <Text
                    span
                    size="sm"
                    fw={row.daysPastDue > 0 ? 700 : 400}
                    c={daysColor(row.daysPastDue)}
                  >
                    {row.daysPastDue > 0 ? row.daysPastDue : '—'}
                  </Text>
                </Table.Td>
                {showAmounts ? (
                  <Table.Td style={right}>
                    {row.creditLimit === null || row.creditLimit === undefined
                      ? t('creditLetters.noLimit')
                      : format.money(row.creditLimit)}
                  </Table.Td>
                ) : null}
                <Table.Td>
                  {row.lastLetter ? (
                    <Tooltip label={row.lastLetter.sentBy} withinPortal>
                      <Text size="sm">
                        {t('creditLetters.lastLetter', {
                          template: row.lastLetter.templateName,
                          date: format.day(row.lastLetter.letterDate),
                        })}
                      </Text>
                    </Tooltip>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('creditLetters.neverSent')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
