/**
 * What the user made of a grid's columns (order, widths, visibility) and its sort, kept in
 * localStorage under the caller's key so a list opens the way its user left it. Anything stored
 * is checked on the way in: an old or hand-edited entry must not break the list, only be ignored.
 */
import { readStored, writeStored } from '../../lib/storage';
import type { GridColumn, GridSort } from './grid-types';

export type SavedColumn = { id: string; width: number | undefined; hidden: boolean };

export type SavedGridState = {
  /** In display order. */
  columns: SavedColumn[];
  /** null: the user turned sorting off; undefined: never stored, so the default sort applies. */
  sort: GridSort | null | undefined;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readColumn(value: unknown): SavedColumn | undefined {
  if (!isRecord(value) || typeof value.id !== 'string') return undefined;
  const width = typeof value.width === 'number' && value.width > 0 ? value.width : undefined;
  return { id: value.id, width, hidden: value.hidden === true };
}

function readSort(value: unknown): GridSort | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || typeof value.field !== 'string') return undefined;
  return value.order === 'asc' || value.order === 'desc'
    ? { field: value.field, order: value.order }
    : undefined;
}

export function loadGridState(stateKey: string): SavedGridState | undefined {
  const text = readStored(stateKey);
  if (text === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || !Array.isArray(parsed.columns)) return undefined;
    const columns = parsed.columns.map(readColumn).filter((column) => column !== undefined);
    return { columns, sort: readSort(parsed.sort) };
  } catch {
    return undefined;
  }
}

export function saveGridState(stateKey: string, state: SavedGridState): void {
  writeStored(stateKey, JSON.stringify(state));
}

export function clearGridState(stateKey: string): void {
  writeStored(stateKey, null);
}

/**
 * The caller's columns in the saved order, each with its saved width and visibility. Columns the
 * saved state does not know (added since) keep their default and come after the known ones;
 * saved columns that no longer exist are dropped.
 */
export function arrangeColumns(
  columns: readonly GridColumn[],
  saved: SavedGridState | undefined,
): { column: GridColumn; width: number | undefined; hidden: boolean }[] {
  const byField = new Map(columns.map((column) => [column.field, column]));
  const known = (saved?.columns ?? []).flatMap((entry) => {
    const column = byField.get(entry.id);
    return column ? [{ column, width: entry.width ?? column.width, hidden: entry.hidden }] : [];
  });
  const knownIds = new Set(known.map((entry) => entry.column.field));
  const added = columns
    .filter((column) => !knownIds.has(column.field))
    .map((column) => ({ column, width: column.width, hidden: column.hidden ?? false }));
  const arranged = [...known, ...added];
  // Every column hidden would leave an empty grid and nothing to click: show the first one.
  if (arranged.length > 0 && arranged.every((entry) => entry.hidden)) {
    arranged[0] = { ...arranged[0]!, hidden: false };
  }
  return arranged;
}

/**
 * The sort a grid opens with: the saved one (even "none"), else the caller's default. It must name
 * one of the columns: the grid shows the sort in that column's header and sends it from there.
 */
export function initialSort(
  columns: readonly GridColumn[],
  saved: SavedGridState | undefined,
  defaultSort: GridSort | undefined,
): GridSort | undefined {
  const sort = saved?.sort === undefined ? defaultSort : (saved.sort ?? undefined);
  return sort && columns.some((column) => column.field === sort.field) ? sort : undefined;
}
