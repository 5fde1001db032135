/**
 * The loads waiting at the plant (R-BATCH-1..2): a dense table, one row per load, the selected
 * one marked; a click selects a row, the arrow keys move the selection (`useBatchActions`).
 */
import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BatchQueueItem } from '@dispatch/domain/batching/batch-queue';
import { nowrap, type Format } from './batch-format';
import { StateBadge } from './state-badge';

export function BatchQueueTable({
  rows,
  selectedId,
  format,
  onSelect,
}: {
  rows: readonly BatchQueueItem[];
  selectedId: number | null;
  format: Format;
  onSelect: (loadId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah="calc(100vh - 300px)">
      <Table
        highlightOnHover
        stickyHeader
        verticalSpacing={6}
        fz="sm"
        aria-label={t('batching.title')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('batching.columns.ticket')}</Table.Th>
            <Table.Th>{t('batching.columns.truck')}</Table.Th>
            <Table.Th>{t('batching.columns.customerJob')}</Table.Th>
            <Table.Th>{t('batching.columns.mix')}</Table.Th>
            <Table.Th ta="right">{t('batching.columns.quantity')}</Table.Th>
            <Table.Th ta="right">{t('batching.columns.slump')}</Table.Th>
            <Table.Th ta="right">{t('batching.columns.water')}</Table.Th>
            <Table.Th ta="center">{t('batching.columns.alley')}</Table.Th>
            <Table.Th>{t('batching.columns.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isSelected = row.loadId === selectedId;
            return (
              <Table.Tr
                key={row.loadId}
                id={`batch-row-${row.loadId}`}
                aria-selected={isSelected}
                onClick={() => onSelect(row.loadId)}
                bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
                style={{
                  cursor: 'pointer',
                  opacity: row.state === 'batched' ? 0.65 : 1,
                  boxShadow: isSelected
                    ? 'inset 3px 0 0 var(--mantine-primary-color-filled)'
                    : undefined,
                }}
              >
                <Table.Td fw={700} style={nowrap}>
                  {row.ticketNumber}
                </Table.Td>
                <Table.Td style={nowrap}>{row.truckNumber}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {row.customerName}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {[row.jobNumber, row.jobName].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} span>
                    {row.productNumber}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {row.mixDescription}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {format.number(row.quantity)} {row.unit}
                </Table.Td>
                <Table.Td ta="right">{row.slump === null ? '' : format.number(row.slump)}</Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {row.allowedWaterGallons === null
                    ? ''
                    : t('batching.gallons', {
                        value: format.number(row.allowedWaterGallons),
                      })}
                </Table.Td>
                <Table.Td ta="center" c={row.alley === null ? 'dimmed' : undefined}>
                  {row.alley ?? '—'}
                </Table.Td>
                <Table.Td>
                  <StateBadge item={row} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
