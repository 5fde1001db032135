/**
 * R-SELECT-1, R-CONST-13: a selection list. Each item toggles between selected and unselected; a
 * disabled item cannot be toggled; Ctrl+A in the list selects every enabled item (again: clears
 * them); multiple selection unless told otherwise; the toggle after the label; the theme's accent
 * colour. The rules are the domain's (packages/domain/src/selection-list.ts); this draws them as
 * a group of checkboxes, so people and tests reach each item by its label.
 */
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { Checkbox, Group, Input, Stack } from '@mantine/core';
import { selectionListDefaults } from '@dispatch/domain/constants';
import {
  createSelectionList,
  isSelectAllShortcut,
  selectAll,
  toggleItem,
  type SelectionListItem,
} from '@dispatch/domain/selection-list';

export type SelectionListOption<V> = SelectionListItem<V> & {
  readonly label: ReactNode;
  /** Why the item cannot be toggled, shown under it. */
  readonly description?: ReactNode;
};

type SelectionListProps<V> = {
  label: ReactNode;
  description?: ReactNode;
  items: readonly SelectionListOption<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  multiple?: boolean;
  /** The theme colour of a selected toggle; the accent (the theme's primary colour) by default. */
  color?: string;
  orientation?: 'horizontal' | 'vertical';
};

export function SelectionList<V extends string | number>({
  label,
  description,
  items,
  value,
  onChange,
  multiple = selectionListDefaults.multiple,
  color,
  orientation = 'horizontal',
}: SelectionListProps<V>) {
  const id = useId();
  const list = createSelectionList(items, { multiple, selected: value });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isSelectAllShortcut({ key: event.key, ctrlKey: event.ctrlKey || event.metaKey })) return;
    // The list's own Ctrl+A, not the page's select-all.
    event.preventDefault();
    if (multiple) onChange([...selectAll(list).selected]);
  };
  const Layout = orientation === 'horizontal' ? Group : Stack;
  return (
    <Input.Wrapper label={label} description={description} labelElement="div" id={id}>
      <Layout
        mt={6}
        gap={orientation === 'horizontal' ? 'lg' : 'xs'}
        role="group"
        aria-labelledby={`${id}-label`}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => (
          <Checkbox
            key={String(item.value)}
            label={item.label}
            description={item.description}
            checked={list.selected.includes(item.value)}
            disabled={item.disabled === true}
            // R-CONST-13: the toggle after the label.
            labelPosition="left"
            color={color}
            onChange={() => onChange([...toggleItem(list, item.value).selected])}
          />
        ))}
      </Layout>
    </Input.Wrapper>
  );
}
