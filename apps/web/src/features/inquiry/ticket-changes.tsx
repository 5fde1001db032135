/**
 * R-INQ-4: the ticket's changes as edit tickets, batch edit, ticket times and void recorded them
 * (R-TEDIT-2): who, when, why, and each field old → new, in the audit screens' table.
 */
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { auditValueText, type AuditChange } from '@dispatch/domain/audit/audit-trail';
import type { TicketHistoryEntry } from '@dispatch/domain/tickets/ticket-edits';
import { AuditChangesTable } from '../../components/audit/audit-changes-table';
import { useInquiryFormat, type InquiryFormat } from './inquiry-format';

const actionColors: Record<string, string> = {
  updated: 'blue',
  batchEdited: 'violet',
  timesEdited: 'teal',
  void: 'red',
};

function fieldLabel(t: TFunction, field: string): string {
  const [name = field, line] = field.split(':');
  const label = t(`inquiry.tickets.changeFields.${name}`, {
    defaultValue: t(`inquiry.tickets.stamps.${name}`, { defaultValue: name }),
  });
  return line ? t('inquiry.tickets.lineField', { field: label, n: line }) : label;
}

function valueText(
  t: TFunction,
  format: InquiryFormat,
  change: AuditChange,
  side: 'before' | 'after',
) {
  const value = change[side];
  const label = side === 'before' ? change.beforeLabel : change.afterLabel;
  const [name = change.field] = change.field.split(':');
  if (value === null || value === undefined || value === '') return '—';
  if (name === 'statusId' && typeof value === 'number') {
    return t(`inquiry.ticketStatuses.${value}`, { defaultValue: String(value) });
  }
  if (name.endsWith('DateTime') && typeof value === 'string') return format.dateTime(value);
  if (name === 'price' && typeof value === 'number') return format.money(value);
  if (name === 'quantity' && typeof value === 'number') return format.quantity(value);
  return auditValueText(value, label);
}

export function TicketChanges({ entries }: { entries: readonly TicketHistoryEntry[] }) {
  const { t } = useTranslation();
  const format = useInquiryFormat();
  const title = t('inquiry.tickets.changes');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('inquiry.tickets.noChanges')}
        </Text>
      ) : (
        <Stack gap="md" role="list" aria-label={title}>
          {entries.map((entry) => (
            <Stack key={entry.id} gap={6} role="listitem">
              <Group gap="sm">
                <Badge variant="light" tt="none" color={actionColors[entry.action] ?? 'gray'}>
                  {t(`inquiry.tickets.actions.${entry.action}`, { defaultValue: entry.action })}
                </Badge>
                <Text size="sm" fw={500}>
                  {t('inquiry.tickets.changedBy', {
                    user: entry.username,
                    when: format.dateTime(entry.at),
                  })}
                </Text>
                {entry.reason ? (
                  <Text size="sm" c="dimmed" fs="italic">
                    {t('inquiry.tickets.because', { reason: entry.reason })}
                  </Text>
                ) : null}
              </Group>
              <AuditChangesTable
                changes={entry.changes}
                action={entry.action}
                fieldLabel={(change) => fieldLabel(t, change.field)}
                valueText={(change, side) => valueText(t, format, change, side)}
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
