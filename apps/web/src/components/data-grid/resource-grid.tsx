/**
 * The one grid of every maintenance list: AG Grid Community over the Infinite Row Model, so the
 * server pages (blocks of 100) and sorts (one column) and the browser only draws the rows in view.
 * Columns resize, move and hide, and keep that per user and list; arrow keys move between rows
 * and cells, Enter or a double-click opens the row. Filtering is the page's filter bar: it changes
 * `queryKey`, and the grid starts again from the first block.
 *
 * AG Grid is large, so only this folder imports it and the pages load this file lazily: the login
 * route and the shell never pay for it.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { AgGridReact } from 'ag-grid-react';
import type {
  CellKeyDownEvent,
  ColumnMovedEvent,
  ColumnResizedEvent,
  FullWidthCellKeyDownEvent,
  GetRowIdParams,
  GridApi,
  GridReadyEvent,
  OverlayType,
  RowClickedEvent,
  RowDoubleClickedEvent,
} from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { cameFromTouch } from '../../lib/touch-origin';
import { ColumnsMenu, type ColumnsMenuItem } from './columns-menu';
import { buildColumnDefs, defaultColumnState, menuItems, sortOf } from './grid-columns';
import { createDatasource, type BlockResult } from './grid-datasource';
import { gridModules } from './grid-modules';
import { arrangeColumns, loadGridState, saveGridState } from './grid-state';
import { gridTheme, headerHeight, rowHeight } from './grid-theme';

import type { GridRow, ResourceGridProps } from './grid-types';

export type { GridColumn, GridRow, GridSort, ResourceGridProps } from './grid-types';

/** Rows per server request. */
const blockSize = 100;

// The grid's own overlays are replaced by Mantine ones below, in the product's look and words.
const suppressedOverlays: OverlayType[] = ['loading', 'noRows', 'noMatchingRows'];

export function ResourceGrid(props: ResourceGridProps) {
  // Another list or user has its own saved layout: start a fresh grid rather than patch this one.
  return <ResourceGridView key={props.stateKey} {...props} />;
}

type LoadState = {
  /** The query the state belongs to: answers for an older query are ignored. */
  queryKey: string;
  count: number | undefined;
  failed: boolean;
};

function ResourceGridView(props: ResourceGridProps) {
  const { t } = useTranslation();
  const { columns, queryKey, refreshToken, ariaLabel, stateKey } = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const apiRef = useRef<GridApi<GridRow> | null>(null);
  // The grid calls back long after a render: it reads the caller's latest functions through this.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  // Read once: the saved layout and the default sort only shape the columns when they are created.
  const [{ saved, defaultSort }] = useState(() => ({
    saved: loadGridState(stateKey),
    defaultSort: props.defaultSort,
  }));
  const columnDefs = useMemo(
    () => buildColumnDefs(columns, saved, defaultSort),
    [columns, saved, defaultSort],
  );
  const [menu, setMenu] = useState<ColumnsMenuItem[]>(() =>
    arrangeColumns(columns, saved).map(({ column, hidden }) => ({
      id: column.field,
      header: column.header,
      visible: !hidden,
    })),
  );
  const [load, setLoad] = useState<LoadState>({ queryKey, count: undefined, failed: false });
  // True until the first row of the current query and sort has arrived (not during a refresh).
  const [firstBlockPending, setFirstBlockPending] = useState(true);
  const attachedQueryKey = useRef<string | undefined>(undefined);
  const reportedCount = useRef<number | undefined>(undefined);

  function handleBlock(result: BlockResult) {
    if (result.queryKey !== latest.current.queryKey) return;
    if (result.ok) {
      setLoad({ queryKey: result.queryKey, count: result.count, failed: false });
      if (reportedCount.current !== result.count) {
        reportedCount.current = result.count;
        latest.current.onCountChange?.(result.count);
      }
    } else {
      setLoad((current) => ({ ...current, queryKey: result.queryKey, failed: true }));
    }
  }

  /** A new datasource resets the Infinite Row Model: row count, cache and scroll start over. */
  function attachDatasource(api: GridApi<GridRow>) {
    const key = latest.current.queryKey;
    if (attachedQueryKey.current === key) return;
    // The focused row's place now holds another record: do not leave it marked for Enter.
    if (attachedQueryKey.current !== undefined) api.clearFocusedCell();
    attachedQueryKey.current = key;
    api.setGridOption(
      'datasource',
      createDatasource({
        queryKey: key,
        fetchPage: (request) => latest.current.fetchPage(request),
        onBlock: handleBlock,
      }),
    );
  }

  /** AG Grid puts role="grid" on an inner element and has no option to name it. */
  function labelGrid() {
    const grid = boxRef.current?.querySelector('[role="grid"], [role="treegrid"]');
    if (grid && grid.getAttribute('aria-label') !== latest.current.ariaLabel) {
      grid.setAttribute('aria-label', latest.current.ariaLabel);
    }
  }

  function syncMenu(api: GridApi<GridRow>) {
    setMenu(menuItems(api.getColumnState(), latest.current.columns));
  }

  function persist(api: GridApi<GridRow>) {
    const state = api.getColumnState();
    saveGridState(latest.current.stateKey, {
      columns: state.map((column) => ({
        id: column.colId,
        width: column.width ?? undefined,
        hidden: column.hide === true,
      })),
      sort: sortOf(state) ?? null,
    });
  }

  function handleGridReady(event: GridReadyEvent<GridRow>) {
    apiRef.current = event.api;
    attachDatasource(event.api);
    labelGrid();
    syncMenu(event.api);
  }

  function handleModelUpdated() {
    const api = apiRef.current;
    if (!api) return;
    labelGrid();
    // After a reset the grid holds one placeholder row without data; a refresh keeps the old data.
    const first = api.getDisplayedRowAtIndex(0);
    setFirstBlockPending(api.getDisplayedRowCount() > 0 && first?.data === undefined);
  }

  function handleSortChanged() {
    const api = apiRef.current;
    if (!api) return;
    persist(api);
    latest.current.onSortChange?.(sortOf(api.getColumnState()));
  }

  function handleColumnsChanged(event: ColumnMovedEvent<GridRow> | ColumnResizedEvent<GridRow>) {
    if (!event.finished) return;
    persist(event.api);
  }

  function handleColumnVisible() {
    const api = apiRef.current;
    if (api) persist(api);
  }

  function handleDisplayedColumnsChanged() {
    const api = apiRef.current;
    if (api) syncMenu(api);
  }

  function handleCellKeyDown(
    event: CellKeyDownEvent<GridRow> | FullWidthCellKeyDownEvent<GridRow>,
  ) {
    const keyboard = event.event;
    if (!(keyboard instanceof KeyboardEvent) || keyboard.key !== 'Enter') return;
    if (keyboard.repeat || keyboard.altKey || keyboard.ctrlKey || keyboard.metaKey) return;
    if (event.data) latest.current.onOpen(event.data);
  }

  function handleRowDoubleClicked(event: RowDoubleClickedEvent<GridRow>) {
    if (event.data) latest.current.onOpen(event.data);
  }

  // A tap opens the row: a finger has no double-click (R-CONST-14's touch window tells them apart).
  function handleRowClicked(event: RowClickedEvent<GridRow>) {
    if (event.data && cameFromTouch()) latest.current.onOpen(event.data);
  }

  function handleVisibleChange(id: string, visible: boolean) {
    apiRef.current?.setColumnsVisible([id], visible);
  }

  function handleResetColumns() {
    apiRef.current?.applyColumnState({
      state: defaultColumnState(latest.current.columns),
      applyOrder: true,
    });
  }

  function handleRetry() {
    apiRef.current?.purgeInfiniteCache();
  }

  // The filter bar changed the query: start again from the first block, at the top.
  useEffect(() => {
    const api = apiRef.current;
    if (api) attachDatasource(api);
    // attachDatasource reads the query through `latest`; the key is what must trigger it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryKey]);

  // Someone saved a record: reload the loaded blocks in place, keeping the rows on screen.
  const shownRefreshToken = useRef(refreshToken);
  useEffect(() => {
    if (shownRefreshToken.current === refreshToken) return;
    shownRefreshToken.current = refreshToken;
    apiRef.current?.refreshInfiniteCache();
  }, [refreshToken]);

  useEffect(() => {
    labelGrid();
  }, [ariaLabel]);

  // New column texts (a language change, reference labels loaded): redraw the cells in place.
  useEffect(() => {
    const api = apiRef.current;
    if (!api) return;
    api.refreshCells({ force: true });
    syncMenu(api);
  }, [columns]);

  const current = load.queryKey === queryKey ? load : undefined;
  const count = current?.count;
  const failed = current?.failed === true;
  const empty = !failed && !firstBlockPending && count === 0;

  return (
    <Stack gap={6} h="100%" style={{ minHeight: 0 }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fz="sm" c="dimmed" aria-live="polite" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {count !== undefined &&
            t('grid.count', {
              count,
              defaultValue_one: '{{count, number}} record',
              defaultValue_other: '{{count, number}} records',
            })}
        </Text>
        <ColumnsMenu
          columns={menu}
          onVisibleChange={handleVisibleChange}
          onReset={handleResetColumns}
        />
      </Group>
      <Box ref={boxRef} pos="relative" style={{ flex: 1, minHeight: 0 }}>
        <AgGridReact<GridRow>
          theme={gridTheme}
          modules={gridModules}
          columnDefs={columnDefs}
          rowModelType="infinite"
          cacheBlockSize={blockSize}
          // A refresh reloads every cached block: keep that to a handful of requests.
          maxBlocksInCache={10}
          blockLoadDebounceMillis={50}
          infiniteInitialRowCount={1}
          getRowId={getRowId}
          rowHeight={rowHeight}
          headerHeight={headerHeight}
          suppressMultiSort
          suppressFieldDotNotation
          suppressDragLeaveHidesColumns
          maintainColumnOrder
          ensureDomOrder
          animateRows={false}
          suppressOverlays={suppressedOverlays}
          // Until the user arranges the columns, they share the grid's width.
          {...(saved === undefined
            ? { autoSizeStrategy: { type: 'fitGridWidth' as const, defaultMinWidth: 90 } }
            : {})}
          onGridReady={handleGridReady}
          onModelUpdated={handleModelUpdated}
          onSortChanged={handleSortChanged}
          onColumnMoved={handleColumnsChanged}
          onColumnResized={handleColumnsChanged}
          onColumnVisible={handleColumnVisible}
          onDisplayedColumnsChanged={handleDisplayedColumnsChanged}
          onCellKeyDown={handleCellKeyDown}
          onRowDoubleClicked={handleRowDoubleClicked}
          onRowClicked={handleRowClicked}
        />
        {failed ? (
          <GridOverlay>
            <Alert color="red" variant="light" maw={420} style={{ pointerEvents: 'auto' }}>
              <Stack gap="xs" align="flex-start">
                <Text fz="sm">
                  {t('grid.error', { defaultValue: 'The records could not be loaded.' })}
                </Text>
                <Button size="xs" variant="light" color="red" onClick={handleRetry}>
                  {t('grid.retry', { defaultValue: 'Try again' })}
                </Button>
              </Stack>
            </Alert>
          </GridOverlay>
        ) : firstBlockPending ? (
          <GridOverlay>
            <div role="status">
              <Loader size="sm" />
              <VisuallyHidden>
                {t('grid.loading', { defaultValue: 'Loading records…' })}
              </VisuallyHidden>
            </div>
          </GridOverlay>
        ) : empty ? (
          <GridOverlay>
            <Text c="dimmed" fz="sm" role="status">
              {t('grid.empty', { defaultValue: 'No records match.' })}
            </Text>
          </GridOverlay>
        ) : null}
      </Box>
    </Stack>
  );
}

function getRowId(params: GetRowIdParams<GridRow>): string {
  return String(params.data.id);
}

/** Over the grid's body, under its header, so the columns stay in view and clickable. */
function GridOverlay({ children }: { children: ReactNode }) {
  return (
    <Center
      pos="absolute"
      top={headerHeight}
      left={0}
      right={0}
      bottom={0}
      p="md"
      style={{ pointerEvents: 'none', zIndex: 2 }}
    >
      {children}
    </Center>
  );
}
