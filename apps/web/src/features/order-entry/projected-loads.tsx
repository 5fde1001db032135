/** A schedule's projected loads (projectLoads, R-ORD-3): how many, the trucks, and each load's times. */
import { Group, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoadProjection } from '@dispatch/domain/orders/load-projection';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { mono, right } from './schedule-styles';

const quantity = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 3 });
const clock = (iso: string) => formatDate(new Date(iso), 'HH:mm');

export function ProjectedLoads({
  projection,
  index,
}: {
  projection: LoadProjection | null;
  index: number;
}) {
  const { t } = useTranslation();
  const label = (key: string) => t(`orderEntry.fields.${key}`);
  return (
    <Paper bg="var(--mantine-color-gray-0)" radius="sm" p="sm" h="100%">
      <Group justify="space-between" mb={6}>
        <Text fw={600} size="sm">
          {t('orderEntry.projectedLoads')}
        </Text>
        {projection && (
          <Text size="xs" c="dimmed" style={mono}>
            {t('orderEntry.projectionSummary', {
              spacing: Math.round(projection.spacingMinutes * 10) / 10,
              roundTrip: Math.round(projection.roundTripMinutes),
            })}
          </Text>
        )}
      </Group>
      {projection ? (
        <>
          <Group gap="lg" mb="xs">
            <Text size="sm">{t('orderEntry.loadsCount', { count: projection.numberOfLoads })}</Text>
            <Text size="sm" fw={600} aria-label={t('orderEntry.trucksNeededLabel')}>
              {t('orderEntry.trucksNeeded', { count: projection.trucksNeeded })}
            </Text>
          </Group>
          <ScrollArea.Autosize mah={260} type="auto">
            <Table
              striped
              verticalSpacing={2}
              horizontalSpacing="xs"
              fz="sm"
              aria-label={t('orderEntry.loadsTableLabel', { number: index + 1 })}
              style={mono}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={right}>{t('orderEntry.loadNumber')}</Table.Th>
                  <Table.Th style={right}>{label('quantity')}</Table.Th>
                  <Table.Th style={right}>{t('orderEntry.ticketTime')}</Table.Th>
                  <Table.Th style={right}>{t('orderEntry.onJobTime')}</Table.Th>
                  <Table.Th style={right}>{t('orderEntry.returnTime')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {projection.loads.map((load) => (
                  <Table.Tr key={load.loadNumber}>
                    <Table.Td style={right}>{load.loadNumber}</Table.Td>
                    <Table.Td style={right}>{quantity(load.quantity)}</Table.Td>
                    <Table.Td style={right}>{clock(load.ticketTime)}</Table.Td>
                    <Table.Td style={right}>{clock(load.onJobTime)}</Table.Td>
                    <Table.Td style={right}>{clock(load.returnTime)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('orderEntry.projectionNeeds')}
        </Text>
      )}
    </Paper>
  );
}
