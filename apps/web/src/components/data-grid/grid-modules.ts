/**
 * The AG Grid modules the resource grid uses, and no more: modules are how AG Grid (v33+) keeps
 * unused features out of the bundle. Sorting, column moving and resizing and keyboard navigation
 * come with its core. The validation module explains misconfiguration in development only.
 */
import {
  CellStyleModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  InfiniteRowModelModule,
  RenderApiModule,
  RowApiModule,
  ValidationModule,
  type Module,
} from 'ag-grid-community';

export const gridModules: Module[] = [
  InfiniteRowModelModule,
  // getColumnState, applyColumnState, setColumnsVisible: the saved layout and the Columns menu.
  ColumnApiModule,
  // autoSizeStrategy: columns share the grid's width until the user sizes them.
  ColumnAutoSizeModule,
  // cellClass: right-aligned numbers.
  CellStyleModule,
  // getDisplayedRowAtIndex and getDisplayedRowCount: whether the first block has arrived.
  RowApiModule,
  // refreshCells: new column texts without reloading rows.
  RenderApiModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];
