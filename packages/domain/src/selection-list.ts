/**
 * R-SELECT-1 and R-CONST-13: selection lists (toggle, disabled items, Ctrl+A, single or multiple).
 */
import { selectionListDefaults } from './constants';

export type SelectionListItem<V> = { readonly value: V; readonly disabled?: boolean };

export type SelectionList<V> = {
  readonly items: readonly SelectionListItem<V>[];
  /** The selected values, in the order of the items. */
  readonly selected: readonly V[];
  readonly multiple: boolean;
};

export type SelectionListOptions<V> = {
  readonly multiple?: boolean;
  readonly selected?: readonly V[];
};

function inItemOrder<V>(items: readonly SelectionListItem<V>[], values: readonly V[]): V[] {
  return items.filter((item) => values.includes(item.value)).map((item) => item.value);
}

/** Values that are not items are dropped; a single-selection list keeps the first selected one. */
export function createSelectionList<V>(
  items: readonly SelectionListItem<V>[],
  options: SelectionListOptions<V> = {},
): SelectionList<V> {
  const multiple = options.multiple ?? selectionListDefaults.multiple;
  const selected = inItemOrder(items, options.selected ?? []);
  return { items, multiple, selected: multiple ? selected : selected.slice(0, 1) };
}

export function isSelected<V>(list: SelectionList<V>, value: V): boolean {
  return list.selected.includes(value);
}

/**
 * A disabled or unknown item does not change. In a single-selection list choosing an item replaces
 * the selection, and choosing the selected item again keeps it, as a radio group does.
 */
export function toggleItem<V>(list: SelectionList<V>, value: V): SelectionList<V> {
  const item = list.items.find((candidate) => candidate.value === value);
  if (item === undefined || item.disabled === true) return list;
  if (!list.multiple) return isSelected(list, value) ? list : { ...list, selected: [value] };
  const selected = isSelected(list, value)
    ? list.selected.filter((chosen) => chosen !== value)
    : inItemOrder(list.items, [...list.selected, value]);
  return { ...list, selected };
}

/**
 * Ctrl+A in a multiple-selection list: selects every enabled item, or, when they all are already
 * selected, clears them (the framework default R-CONST-13 comes from). Disabled items
 * keep their state either way; a single-selection list ignores the shortcut.
 */
export function selectAll<V>(list: SelectionList<V>): SelectionList<V> {
  if (!list.multiple) return list;
  const enabled = list.items.filter((item) => item.disabled !== true);
  const select = enabled.some((item) => !isSelected(list, item.value));
  const fixed = list.items.filter((item) => item.disabled === true && isSelected(list, item.value));
  const chosen = select ? [...fixed, ...enabled] : fixed;
  return {
    ...list,
    selected: inItemOrder(
      list.items,
      chosen.map((item) => item.value),
    ),
  };
}

export type KeyPress = { readonly key: string; readonly ctrlKey: boolean };

export function isSelectAllShortcut(event: KeyPress): boolean {
  return event.ctrlKey && event.key.toLowerCase() === 'a';
}
