/**
 * A pick list that searches as you type (R-PICK-1): options come from the referenced resource's
 * /options route, 200 ms after the last key (R-CONST-14), so a list of 20,000 customers
 * picks as fast as a list of five truck types.
 */
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { frameworkDefaults } from '@dispatch/domain/constants';
import { resourceQueries } from './resource-queries';

/** R-CONST-14: the typeahead debounce. */
const { typeaheadDebounceMs } = frameworkDefaults;

type ReferenceSelectProps = {
  target: ResourceDefinition;
  label: string;
  description?: string | undefined;
  value: number | null;
  /** The chosen record's label as the record answered it, until the options have it. */
  currentLabel?: string | undefined;
  onChange(value: number | null): void;
  onBlur?(): void;
  error?: string | undefined;
  readOnly?: boolean;
  required?: boolean;
  name: string;
  /** The target's list filters the options must match (a field's pickBy). */
  filters?: Record<string, string> | undefined;
  /** In a table row: the label is read out (aria-label) but not shown above the input. */
  hideLabel?: boolean | undefined;
  /**
   * Offers to create a record from the pick list (order entry's "New job…"): the last option,
   * labelled by what was typed (`typed`, when nothing matches it) or not (`blank`).
   */
  create?: CreateOption | undefined;
};

export type CreateOption = {
  blank: string;
  typed(text: string): string;
  onCreate(text: string): void;
};

/** The create option's value: never a record id (ids are positive). */
const createValue = 'create';

function optionLabel(
  option: { number: string; name: string; inactive: boolean },
  inactiveText: string,
) {
  const text = option.number ? `${option.number} · ${option.name}` : option.name;
  return option.inactive ? `${text} (${inactiveText})` : text;
}

export function ReferenceSelect(props: ReferenceSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [debounced] = useDebouncedValue(search, typeaheadDebounceMs);
  const options = useQuery({
    ...resourceQueries.optionSearch(props.target, debounced, props.filters),
    enabled: open && !props.readOnly,
  });
  const current = useQuery({
    ...resourceQueries.optionIds(props.target, props.value === null ? [] : [props.value]),
    enabled: props.value !== null && props.currentLabel === undefined,
  });
  const inactiveText = t('resource.inactive', { defaultValue: 'inactive' });
  const data = new Map<string, string>();
  for (const option of current.data ?? [])
    data.set(String(option.id), optionLabel(option, inactiveText));
  if (props.value !== null && props.currentLabel !== undefined && !data.has(String(props.value))) {
    data.set(String(props.value), props.currentLabel);
  }
  for (const option of options.data ?? [])
    data.set(String(option.id), optionLabel(option, inactiveText));
  const chosenLabel = props.value === null ? undefined : data.get(String(props.value));
  const typed = search.trim();
  // The create option waits for the answer to what is typed now: alone in a list still loading it
  // would be the first option, and a quick Enter or click would open "New job…" instead of
  // choosing the job typed.
  const answered = debounced === search && options.isSuccess && !options.isFetching;
  const matchesNone = typed !== '' && answered && options.data.length === 0;
  if (props.create && !props.readOnly && answered) {
    data.set(createValue, matchesNone ? props.create.typed(typed) : props.create.blank);
  }

  return (
    <Select
      name={props.name}
      label={props.hideLabel ? undefined : props.label}
      aria-label={props.hideLabel ? props.label : undefined}
      description={props.description}
      data={[...data].map(([value, label]) => ({ value, label }))}
      value={props.value === null ? null : String(props.value)}
      onChange={(value) => {
        if (value === createValue) props.create?.onCreate(matchesNone ? typed : '');
        else props.onChange(value === null ? null : Number(value));
      }}
      onBlur={() => props.onBlur?.()}
      searchable
      clearable={!props.required}
      // Mantine puts the chosen option's label in the search box: that is not a search.
      onSearchChange={(next) => setSearch(next === chosenLabel ? '' : next)}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      filter={({ options: all }) => all}
      nothingFoundMessage={
        options.isFetching
          ? t('resource.searching', { defaultValue: 'Searching…' })
          : t('resource.noOptions', { defaultValue: 'Nothing found' })
      }
      error={props.error}
      readOnly={props.readOnly}
      required={props.required}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
