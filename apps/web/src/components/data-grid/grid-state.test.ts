import { afterEach, describe, expect, it } from 'vitest';
import { arrangeColumns, initialSort, loadGridState, saveGridState } from './grid-state';
import type { GridColumn } from './resource-grid';

const columns: GridColumn[] = [
  { field: 'name', header: 'Name', kind: 'text', sortable: true },
  { field: 'phone', header: 'Phone', kind: 'phone', sortable: false, width: 150 },
  { field: 'notes', header: 'Notes', kind: 'multiline', sortable: false, hidden: true },
];

const key = 'grid:test';

afterEach(() => localStorage.clear());

describe('saved grid state', () => {
  it('round-trips and ignores what it cannot read', () => {
    saveGridState(key, {
      columns: [{ id: 'phone', width: 200, hidden: true }],
      sort: { field: 'name', order: 'desc' },
    });
    expect(loadGridState(key)).toEqual({
      columns: [{ id: 'phone', width: 200, hidden: true }],
      sort: { field: 'name', order: 'desc' },
    });

    localStorage.setItem(key, '{not json');
    expect(loadGridState(key)).toBeUndefined();
    localStorage.setItem(
      key,
      JSON.stringify({
        columns: [{ id: 3 }, { id: 'name', width: -1 }],
        sort: { field: 'name', order: 'up' },
      }),
    );
    expect(loadGridState(key)).toEqual({
      columns: [{ id: 'name', width: undefined, hidden: false }],
      sort: undefined,
    });
  });

  it('puts columns in the saved order, new ones after, dropped ones gone', () => {
    const arranged = arrangeColumns(columns, {
      columns: [
        { id: 'phone', width: 210, hidden: false },
        { id: 'gone', width: 100, hidden: false },
        { id: 'name', width: undefined, hidden: true },
      ],
      sort: undefined,
    });
    expect(arranged.map(({ column, width, hidden }) => [column.field, width, hidden])).toEqual([
      ['phone', 210, false],
      ['name', undefined, true],
      ['notes', undefined, true],
    ]);
  });

  it('never hides every column', () => {
    const arranged = arrangeColumns(columns, {
      columns: columns.map((column) => ({ id: column.field, width: undefined, hidden: true })),
      sort: null,
    });
    expect(arranged.map((entry) => entry.hidden)).toEqual([false, true, true]);
  });

  it('opens with the saved sort, "none" included, else the default', () => {
    const byName = { field: 'name', order: 'asc' } as const;
    expect(initialSort(columns, undefined, byName)).toEqual(byName);
    expect(initialSort(columns, { columns: [], sort: null }, byName)).toBeUndefined();
    expect(
      initialSort(columns, { columns: [], sort: { field: 'phone', order: 'desc' } }, byName),
    ).toEqual({ field: 'phone', order: 'desc' });
    expect(initialSort(columns, undefined, { field: 'missing', order: 'asc' })).toBeUndefined();
  });
});
