/** The resource grid's contract with the pages that use it. */
import type { FieldKind } from '@dispatch/domain/resources/field';

export type GridColumn = {
  /** Key in the row object: flat keys only (a dot is part of the key, not a path). */
  field: string;
  /** Already translated. */
  header: string;
  kind: FieldKind;
  sortable: boolean;
  /** Hidden by default (the user can show it). */
  hidden?: boolean;
  width?: number;
  /** Display text (reference labels, choice labels, money); default: by kind. */
  format?: (row: GridRow) => string;
};
export type GridRow = Record<string, unknown> & { id: number };
export type GridSort = { field: string; order: 'asc' | 'desc' };
export type ResourceGridProps = {
  ariaLabel: string;
  columns: GridColumn[];
  /** Changing it (search or filters changed) resets the grid to its first block. */
  queryKey: string;
  fetchPage(request: {
    offset: number;
    limit: number;
    sort: GridSort | undefined;
    signal?: AbortSignal;
  }): Promise<{ rows: GridRow[]; count: number }>;
  defaultSort?: GridSort;
  /** localStorage key under which column widths, order, visibility and the sort are kept (the caller puts the username and resource in it). */
  stateKey: string;
  onOpen(row: GridRow): void;
  onCountChange?(count: number): void;
  onSortChange?(sort: GridSort | undefined): void;
  /** Bumping it refreshes the loaded blocks in place (someone else saved a record): no jump, no flash. */
  refreshToken: number;
  /** Column ids shown in the Columns menu with checkboxes to show/hide; a "Reset columns" item restores defaults. */
};
