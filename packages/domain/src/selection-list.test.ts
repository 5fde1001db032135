import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SelectionListItem } from './selection-list';
import {
  createSelectionList,
  isSelectAllShortcut,
  isSelected,
  selectAll,
  toggleItem,
} from './selection-list';

const items: SelectionListItem<string>[] = [
  { value: 'a' },
  { value: 'b', disabled: true },
  { value: 'c' },
  { value: 'd', disabled: false },
];

describe('R-SELECT-1, R-CONST-13: selection lists', () => {
  it('allows multiple selection by default', () => {
    expect(createSelectionList(items).multiple).toBe(true);
  });

  it('toggles an item between selected and unselected', () => {
    const list = createSelectionList(items);
    const on = toggleItem(list, 'c');
    expect(isSelected(on, 'c')).toBe(true);
    const both = toggleItem(on, 'a');
    expect(both.selected).toEqual(['a', 'c']);
    expect(toggleItem(both, 'c').selected).toEqual(['a']);
  });

  it('does not toggle a disabled or unknown item', () => {
    const list = createSelectionList(items, { selected: ['b'] });
    expect(toggleItem(list, 'b')).toBe(list);
    expect(toggleItem(list, 'z')).toBe(list);
    expect(toggleItem(createSelectionList(items), 'b').selected).toEqual([]);
  });

  it('replaces the selection in single-selection mode', () => {
    const list = createSelectionList(items, { multiple: false, selected: ['c', 'a'] });
    expect(list.selected).toEqual(['a']);
    expect(toggleItem(list, 'c').selected).toEqual(['c']);
    expect(toggleItem(list, 'a').selected).toEqual(['a']);
  });

  it('keeps only known values, in item order', () => {
    expect(createSelectionList(items, { selected: ['d', 'x', 'a'] }).selected).toEqual(['a', 'd']);
  });

  it('property: toggling an enabled item twice gives back the same selection', () => {
    fc.assert(
      fc.property(
        fc.subarray(['a', 'b', 'c', 'd']),
        fc.constantFrom('a', 'b', 'c', 'd'),
        (selected, value) => {
          const list = createSelectionList(items, { selected });
          const twice = toggleItem(toggleItem(list, value), value);
          expect(twice.selected).toEqual(list.selected);
          const once = toggleItem(list, value);
          const disabled = value === 'b';
          expect(isSelected(once, value)).toBe(
            disabled ? isSelected(list, value) : !isSelected(list, value),
          );
        },
      ),
    );
  });
});

describe('R-CONST-13: selection list Ctrl+A', () => {
  it('recognises Ctrl+A', () => {
    expect(isSelectAllShortcut({ key: 'a', ctrlKey: true })).toBe(true);
    expect(isSelectAllShortcut({ key: 'A', ctrlKey: true })).toBe(true);
    expect(isSelectAllShortcut({ key: 'a', ctrlKey: false })).toBe(false);
    expect(isSelectAllShortcut({ key: 's', ctrlKey: true })).toBe(false);
  });

  it('selects every enabled item, leaving disabled ones as they were', () => {
    expect(selectAll(createSelectionList(items)).selected).toEqual(['a', 'c', 'd']);
    expect(selectAll(createSelectionList(items, { selected: ['b'] })).selected).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('clears the enabled items when they are all selected already', () => {
    const all = createSelectionList(items, { selected: ['a', 'b', 'c', 'd'] });
    expect(selectAll(all).selected).toEqual(['b']);
  });

  it('does nothing in single-selection mode', () => {
    const list = createSelectionList(items, { multiple: false, selected: ['a'] });
    expect(selectAll(list)).toBe(list);
  });

  it('property: after Ctrl+A the enabled items are all selected or all unselected', () => {
    fc.assert(
      fc.property(fc.subarray(['a', 'b', 'c', 'd']), (selected) => {
        const list = createSelectionList(items, { selected });
        const after = selectAll(list);
        const enabled = ['a', 'c', 'd'].map((value) => isSelected(after, value));
        expect(new Set(enabled).size).toBe(1);
        expect(isSelected(after, 'b')).toBe(isSelected(list, 'b'));
      }),
    );
  });
});
