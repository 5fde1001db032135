/** The tickets being edited, typed into as in a spreadsheet (R-TEDIT-5). */
import { Group, Paper, Text } from '@mantine/core';
import { AgGridReact } from 'ag-grid-react';
import type { CellValueChangedEvent, ColDef, GridApi } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { gridTheme, headerHeight, rowHeight } from '../../components/data-grid/grid-theme';
import type { BatchGridRow } from './batch-edit-rows';
import { ticketGridModules } from './ticket-grid';

export function BatchEditGrid({
  rows,
  columns,
  onGridReady,
  onCellValueChanged,
}: {
  rows: BatchGridRow[];
  columns: ColDef<BatchGridRow>[];
  onGridReady: (api: GridApi<BatchGridRow>) => void;
  onCellValueChanged: (event: CellValueChangedEvent<BatchGridRow>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      <Group justify="space-between" px="sm" py={6} bg="var(--mantine-color-gray-0)">
        <Text size="sm" fw={500}>
          {t('ticketEdits.batch.editing', { count: rows.length })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('ticketEdits.batch.gridHint')}
        </Text>
      </Group>
      <div style={{ height: 230 }} role="region" aria-label={t('ticketEdits.batch.gridLabel')}>
        <AgGridReact<BatchGridRow>
          theme={gridTheme}
          modules={ticketGridModules}
          rowData={rows}
          columnDefs={columns}
          getRowId={({ data }) => String(data.id)}
          rowHeight={rowHeight}
          headerHeight={headerHeight}
          singleClickEdit={false}
          enterNavigatesVerticallyAfterEdit
          onGridReady={({ api }) => onGridReady(api)}
          onCellValueChanged={onCellValueChanged}
          overlayNoRowsTemplate={`<span>${t('ticketEdits.batch.emptyGrid')}</span>`}
          animateRows={false}
        />
      </div>
    </Paper>
  );
}
