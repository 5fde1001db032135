/**
 * R-TEDIT-2: a ticket's change history, newest first: who, when, why, and each field old → new,
 * laid out as every audit screen lays out its changes.
 */
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AuditChange } from '@dispatch/domain/audit/audit-trail';
import type { TicketHistoryEntry } from '@dispatch/domain/tickets/ticket-edits';
import { AuditChangesTable } from '../../components/audit/audit-changes-table';
import { auditValueText } from '@dispatch/domain/audit/audit-trail';
import { moneyText, numberText } from './ticket-grid';

const actionColors: Record<string, string> = {
  updated: 'blue',
  batchEdited: 'violet',
  timesEdited: 'teal',
  void: 'red',
};

export function changeLabel(t: TFunction, field: string): string {
  const [name = field, line] = field.split(':');
  const known = t(`ticketEdits.history.fields.${name}`, { defaultValue: '' });
  const timeName = t(`ticketEdits.times.${name}`, { defaultValue: '' });
  const label = known || timeName || name;
  return line ? t('ticketEdits.history.lineField', { field: label, n: line }) : label;
}

export function changeValue(
  t: TFunction,
  language: string,
  change: AuditChange,
  side: 'before' | 'after',
): string {
  const value = change[side];
  const label = side === 'before' ? change.beforeLabel : change.afterLabel;
  const [name = change.field] = change.field.split(':');
  if (value === null || value === undefined || value === '') return '—';
  if (name === 'statusId' && typeof value === 'number') {
    return t(`ticketEdits.statuses.${value}`, { defaultValue: String(value) });
  }
  if (name === 'voidStatusId' && typeof value === 'number') {
    return t(`ticketEdits.voidDialog.statuses.${value}`, { defaultValue: String(value) });
  }
  if (name.endsWith('DateTime') && typeof value === 'string') {
    return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(value),
    );
  }
  if ((name === 'quantity' || name === 'price') && typeof value === 'number') {
    return name === 'price' ? moneyText(language, value) : numberText(language, value, 3);
  }
  return auditValueText(value, label);
}

export function TicketHistory({ entries }: { entries: readonly TicketHistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {t('ticketEdits.history.heading')}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('ticketEdits.history.none')}
        </Text>
      ) : (
        <Stack gap="md" role="list" aria-label={t('ticketEdits.history.heading')}>
          {entries.map((entry) => (
            <Stack key={entry.id} gap={6} role="listitem">
              <Group gap="sm">
                <Badge variant="light" tt="none" color={actionColors[entry.action] ?? 'gray'}>
                  {t(`ticketEdits.history.actions.${entry.action}`, { defaultValue: entry.action })}
                </Badge>
                <Text size="sm" fw={500}>
                  {t('ticketEdits.history.by', {
                    user: entry.username,
                    when: when.format(new Date(entry.at)),
                  })}
                </Text>
                {entry.reason ? (
                  <Text size="sm" c="dimmed" fs="italic">
                    {t('ticketEdits.history.reason', { reason: entry.reason })}
                  </Text>
                ) : null}
              </Group>
              <AuditChangesTable
                changes={entry.changes.filter((change) => change.field !== 'reason')}
                action={entry.action}
                fieldLabel={(change) => changeLabel(t, change.field)}
                valueText={(change, side) => changeValue(t, i18n.language, change, side)}
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
