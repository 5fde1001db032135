/** Every ticket's before → after, as previewed or as applied (R-TEDIT-6). */
import { Badge, Group, Paper, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketBatchOutcome } from '@dispatch/domain/tickets/ticket-edits';
import { changeLabel, changeValue } from './ticket-history';

export function BatchOutcomeTable({ outcome }: { outcome: TicketBatchOutcome }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {outcome.preview
          ? t('ticketEdits.batch.previewHeading', { count: outcome.tickets.length })
          : t('ticketEdits.batch.appliedHeading', { count: outcome.tickets.length })}
      </Title>
      <Table
        withTableBorder
        withColumnBorders
        verticalSpacing={4}
        fz="sm"
        aria-label={
          outcome.preview
            ? t('ticketEdits.batch.previewHeading', { count: outcome.tickets.length })
            : t('ticketEdits.batch.appliedHeading', { count: outcome.tickets.length })
        }
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={100}>{t('ticketEdits.columns.number')}</Table.Th>
            <Table.Th w="22%">{t('auditTrail.field')}</Table.Th>
            <Table.Th>{t('auditTrail.before')}</Table.Th>
            <Table.Th w={32} aria-hidden />
            <Table.Th>{t('auditTrail.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outcome.tickets.flatMap((ticket) =>
            ticket.changes.length === 0
              ? [
                  <Table.Tr key={ticket.ticketId}>
                    <Table.Td fw={600}>{ticket.number}</Table.Td>
                    <Table.Td colSpan={4} c="dimmed">
                      {t('ticketEdits.batch.noChange')}
                    </Table.Td>
                  </Table.Tr>,
                ]
              : ticket.changes.map((change, index) => (
                  <Table.Tr key={`${ticket.ticketId}-${change.field}`}>
                    {index === 0 ? (
                      <Table.Td fw={600} rowSpan={ticket.changes.length} valign="top">
                        <Group gap={6}>
                          {ticket.number}
                          {!outcome.preview ? (
                            <Badge size="xs" color="teal" variant="light">
                              ✓
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                    ) : null}
                    <Table.Td fw={500}>{changeLabel(t, change.field)}</Table.Td>
                    <Table.Td c="red.8" td="line-through">
                      {changeValue(t, i18n.language, change, 'before')}
                    </Table.Td>
                    <Table.Td c="dimmed" ta="center" aria-hidden>
                      →
                    </Table.Td>
                    <Table.Td c="teal.8">{changeValue(t, i18n.language, change, 'after')}</Table.Td>
                  </Table.Tr>
                )),
          )}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
