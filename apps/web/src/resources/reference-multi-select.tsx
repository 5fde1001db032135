/**
 * A pick list of several records that searches as you type (R-PICK-1), over one resource or
 * several alike (the four product screens): each target's /options route, 200 ms after the last
 * key (R-CONST-14). Chosen records keep their labels while the search moves on.
 */
import { useState } from 'react';
import { MultiSelect, type ComboboxData } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Option, ResourceDefinition } from '@dispatch/domain/resources/define';
import { frameworkDefaults } from '@dispatch/domain/constants';
import { resourceQueries } from './resource-queries';

/** R-CONST-14: the typeahead debounce. */
const { typeaheadDebounceMs } = frameworkDefaults;

type ReferenceMultiSelectProps = {
  targets: readonly ResourceDefinition[];
  /** The heading of each target's options when there are several. */
  groupLabel?: (target: ResourceDefinition) => string;
  label: string;
  description?: string | undefined;
  placeholder?: string | undefined;
  value: readonly number[];
  onChange(value: number[]): void;
  name: string;
};

function optionLabel(option: Option, inactiveText: string) {
  const text = option.number ? `${option.number} · ${option.name}` : option.name;
  return option.inactive ? `${text} (${inactiveText})` : text;
}

export function ReferenceMultiSelect(props: ReferenceMultiSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [chosenLabels, setChosenLabels] = useState<ReadonlyMap<string, string>>(new Map());
  const [debounced] = useDebouncedValue(search, typeaheadDebounceMs);
  const results = useQueries({
    queries: props.targets.map((target) => ({
      ...resourceQueries.optionSearch(target, debounced),
      enabled: open,
    })),
  });
  // Values the form opened with (a saved record's) are named by their ids until chosen anew.
  const unlabelled = props.value.filter((id) => !chosenLabels.has(String(id)));
  const named = useQueries({
    queries: props.targets.map((target) => ({
      ...resourceQueries.optionIds(target, unlabelled),
      enabled: unlabelled.length > 0,
    })),
  });
  const inactiveText = t('resource.inactive', { defaultValue: 'inactive' });
  const storedLabels = new Map(
    named.flatMap((result) =>
      (result.data ?? []).map((option) => [String(option.id), optionLabel(option, inactiveText)]),
    ),
  );
  const offered = new Set<string>();
  const groups = props.targets.map((target, index) => {
    const items = (results[index]?.data ?? []).flatMap((option) => {
      const value = String(option.id);
      if (offered.has(value)) return [];
      offered.add(value);
      return [{ value, label: optionLabel(option, inactiveText) }];
    });
    return { group: props.groupLabel?.(target) ?? props.label, items };
  });
  const chosen = props.value
    .map(String)
    .filter((value) => !offered.has(value))
    .map((value) => ({
      value,
      label: chosenLabels.get(value) ?? storedLabels.get(value) ?? `#${value}`,
    }));
  const data: ComboboxData =
    props.targets.length > 1
      ? [
          ...groups.filter((group) => group.items.length > 0),
          ...(chosen.length
            ? [{ group: t('resource.chosen', { defaultValue: 'Chosen' }), items: chosen }]
            : []),
        ]
      : [...(groups[0]?.items ?? []), ...chosen];
  const searching = results.some((result) => result.isFetching);

  const handleChange = (values: string[]) => {
    const labels = new Map(chosenLabels);
    for (const group of groups) for (const item of group.items) labels.set(item.value, item.label);
    setChosenLabels(labels);
    props.onChange(values.map(Number));
  };

  return (
    <MultiSelect
      name={props.name}
      label={props.label}
      description={props.description}
      placeholder={props.value.length === 0 ? props.placeholder : undefined}
      data={data}
      value={props.value.map(String)}
      onChange={handleChange}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      filter={({ options }) => options}
      nothingFoundMessage={
        searching
          ? t('resource.searching', { defaultValue: 'Searching…' })
          : t('resource.noOptions', { defaultValue: 'Nothing found' })
      }
      comboboxProps={{ withinPortal: true }}
    />
  );
}
