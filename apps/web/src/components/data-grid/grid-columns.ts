/**
 * The caller's columns as AG Grid column definitions, and back: the layout the grid reports as the
 * Columns menu's items and as the sort the server is asked for.
 *
 * Width, visibility and sort are given as AG Grid's `initial*` values: they apply when a column is
 * created and never again, so new column definitions (new labels) do not undo what the user did.
 */
import type { ColDef, ColumnState, ValueFormatterParams } from 'ag-grid-community';
import { ColorCell, FlagCell } from './grid-cells';
import { defaultWidth, formatValue, isNumericKind } from './grid-format';
import { arrangeColumns, initialSort, type SavedGridState } from './grid-state';
import type { GridColumn, GridRow, GridSort } from './grid-types';
import type { ColumnsMenuItem } from './columns-menu';

const numberCellClass = ['ag-right-aligned-cell'];

function cellText(column: GridColumn) {
  return (params: ValueFormatterParams<GridRow>): string => {
    // A row still loading has no data; its cell shows the grid's loading placeholder.
    if (params.data === undefined) return '';
    return column.format ? column.format(params.data) : formatValue(column.kind, params.value);
  };
}

function cellRenderer(column: GridColumn) {
  // The caller's text wins over the picture: a flag the caller formats is text.
  if (column.format) return undefined;
  if (column.kind === 'flag') return FlagCell;
  if (column.kind === 'color') return ColorCell;
  return undefined;
}

export function buildColumnDefs(
  columns: readonly GridColumn[],
  saved: SavedGridState | undefined,
  defaultSort: GridSort | undefined,
): ColDef<GridRow>[] {
  const sort = initialSort(columns, saved, defaultSort);
  return arrangeColumns(columns, saved).map(({ column, width, hidden }) => {
    const numeric = isNumericKind(column.kind);
    return {
      colId: column.field,
      field: column.field,
      headerName: column.header,
      sortable: column.sortable,
      initialWidth: width ?? defaultWidth(column.kind),
      initialHide: hidden,
      initialSort: sort?.field === column.field ? sort.order : null,
      minWidth: 56,
      valueFormatter: cellText(column),
      cellRenderer: cellRenderer(column),
      ...(numeric ? { type: 'rightAligned', cellClass: numberCellClass } : {}),
    } satisfies ColDef<GridRow>;
  });
}

/** The layout "Reset columns" returns to: the caller's order, widths and hidden columns. */
export function defaultColumnState(columns: readonly GridColumn[]): ColumnState[] {
  return columns.map((column) => ({
    colId: column.field,
    width: column.width ?? defaultWidth(column.kind),
    hide: column.hidden ?? false,
  }));
}

/** The one sorted column of a grid's state, as the server's sort. */
export function sortOf(state: readonly ColumnState[]): GridSort | undefined {
  const sorted = state.find((column) => column.sort === 'asc' || column.sort === 'desc');
  return sorted?.sort ? { field: sorted.colId, order: sorted.sort } : undefined;
}

/** The Columns menu in the grid's current order, named by the caller's (translated) headers. */
export function menuItems(
  state: readonly ColumnState[],
  columns: readonly GridColumn[],
): ColumnsMenuItem[] {
  const headers = new Map(columns.map((column) => [column.field, column.header]));
  return state.flatMap((column) => {
    const header = headers.get(column.colId);
    return header === undefined
      ? []
      : [{ id: column.colId, header, visible: column.hide !== true }];
  });
}
