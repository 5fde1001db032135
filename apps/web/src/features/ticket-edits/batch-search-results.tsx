/** The tickets found, to tick and add to the batch; void and invoiced tickets cannot be ticked. */
import { Button, Group, Paper, Text } from '@mantine/core';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { TicketEditRow } from '@dispatch/domain/tickets/ticket-edits';
import { gridTheme, headerHeight, rowHeight } from '../../components/data-grid/grid-theme';
import { ticketGridModules } from './ticket-grid';

export function BatchSearchResults({
  found,
  columns,
  selectedCount,
  readOnly,
  onSelected,
  onAdd,
}: {
  found: TicketEditRow[] | undefined;
  columns: ColDef<TicketEditRow>[];
  selectedCount: number;
  readOnly: boolean;
  onSelected: (rows: TicketEditRow[]) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      <Group justify="space-between" px="sm" py={6} bg="var(--mantine-color-gray-0)">
        <Text size="sm" fw={500}>
          {t('ticketEdits.search.results', { count: found?.length ?? 0 })}
          {' · '}
          {t('ticketEdits.batch.selected', { count: selectedCount })}
        </Text>
        <Button size="xs" disabled={selectedCount === 0 || readOnly} onClick={onAdd}>
          {t('ticketEdits.batch.addSelected')}
        </Button>
      </Group>
      <div style={{ height: 240 }} role="region" aria-label={t('ticketEdits.search.gridLabel')}>
        <AgGridReact<TicketEditRow>
          theme={gridTheme}
          modules={ticketGridModules}
          rowData={found ?? []}
          columnDefs={columns}
          getRowId={({ data }) => String(data.id)}
          rowHeight={rowHeight}
          headerHeight={headerHeight}
          rowSelection={{
            mode: 'multiRow',
            checkboxes: true,
            headerCheckbox: true,
            enableClickSelection: true,
            isRowSelectable: (node) => !node.data?.voidedFlag && !node.data?.invoicedFlag,
          }}
          onSelectionChanged={({ api }) => onSelected(api.getSelectedRows())}
          overlayNoRowsTemplate={`<span>${t('ticketEdits.search.none')}</span>`}
          animateRows={false}
        />
      </div>
    </Paper>
  );
}
