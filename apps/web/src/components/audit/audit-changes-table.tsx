/**
 * The fields one audit entry changed, before → after (R-AUDIT-4, R-OAUD-1): a creation shows only
 * what it made and a deletion only what it removed. The screen names the fields and words the
 * values; this lays them out the same way on every audit screen.
 */
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditChange } from '@dispatch/domain/audit/audit-trail';

export type AuditChangeSide = 'before' | 'after';

export function AuditChangesTable<Change extends AuditChange>({
  changes,
  action,
  fieldLabel,
  valueText,
}: {
  changes: readonly Change[];
  action: string;
  fieldLabel: (change: Change) => string;
  valueText: (change: Change, side: AuditChangeSide) => string;
}) {
  const { t } = useTranslation();
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('auditTrail.noFields')}
      </Text>
    );
  }
  const showBefore = action !== 'created';
  const showAfter = action !== 'deleted';
  return (
    <Table
      layout="fixed"
      withTableBorder
      withColumnBorders
      verticalSpacing={4}
      fz="sm"
      bg="var(--mantine-color-body)"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="32%">{t('auditTrail.field')}</Table.Th>
          {showBefore ? <Table.Th>{t('auditTrail.before')}</Table.Th> : null}
          {showBefore && showAfter ? <Table.Th w={32} aria-hidden /> : null}
          {showAfter ? <Table.Th>{t('auditTrail.after')}</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.field}>
            <Table.Td fw={500}>{fieldLabel(change)}</Table.Td>
            {showBefore ? (
              <Table.Td c="red.8" td={showAfter ? 'line-through' : undefined}>
                {valueText(change, 'before')}
              </Table.Td>
            ) : null}
            {showBefore && showAfter ? (
              <Table.Td c="dimmed" ta="center" aria-hidden>
                →
              </Table.Td>
            ) : null}
            {showAfter ? <Table.Td c="teal.8">{valueText(change, 'after')}</Table.Td> : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
