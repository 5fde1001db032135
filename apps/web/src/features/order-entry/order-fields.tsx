/**
 * The inputs of order entry, bound to the form by name: numbers right-aligned (empty is none),
 * dates and times as the browser's own inputs, short choices and search-as-you-type pick lists.
 * Each shows its error beside it, the client's or the server's (a 400's data[{field, reason}]).
 */
import { Checkbox, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { ReferenceSelect, type CreateOption } from '../../resources/reference-select';
import type { Choice } from './order-entry-choices';
import { normaliseTime, type OrderValues } from './order-entry-form';

type Name = FieldPath<OrderValues>;

type Common = {
  control: Control<OrderValues>;
  name: Name;
  label: string;
  readOnly?: boolean | undefined;
  required?: boolean | undefined;
  description?: ReactNode;
  /** In a table row: the label is read out (aria-label) but not shown above the input. */
  hideLabel?: boolean | undefined;
};

const numberStyles = { input: { textAlign: 'right' as const } };

export function NumberField(
  props: Common & {
    decimals?: number;
    placeholder?: string | undefined;
    suffix?: string | undefined;
    onValue?: (value: number | null) => void;
  },
) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => {
        const value = field.value as number | null;
        return (
          <NumberInput
            name={props.name}
            label={props.hideLabel ? undefined : props.label}
            aria-label={props.hideLabel ? props.label : undefined}
            description={props.description}
            value={value ?? ''}
            onChange={(next) => {
              const parsed = typeof next === 'number' ? next : null;
              field.onChange(parsed);
              props.onValue?.(parsed);
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            readOnly={props.readOnly}
            required={props.required}
            placeholder={props.placeholder}
            suffix={props.suffix}
            decimalScale={props.decimals ?? 3}
            min={0}
            hideControls
            allowNegative={false}
            styles={numberStyles}
          />
        );
      }}
    />
  );
}

export function TextField(
  props: Common & {
    type?: 'text' | 'date' | 'time' | 'email';
    placeholder?: string;
    onValue?: (value: string) => void;
  },
) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => {
        return (
          <TextInput
            name={props.name}
            type={props.type ?? 'text'}
            label={props.label}
            description={props.description}
            value={(field.value as string | null) ?? ''}
            onChange={(event) => {
              field.onChange(event.currentTarget.value);
              props.onValue?.(event.currentTarget.value);
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            readOnly={props.readOnly}
            required={props.required}
            placeholder={props.placeholder}
          />
        );
      }}
    />
  );
}

/** A time of day typed as digits ('730', '07:30'), shown as 'HH:mm' once the field is left. */
export function TimeField(props: Common & { invalidText: string }) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <TextInput
          name={props.name}
          label={props.label}
          value={(field.value as string | null) ?? ''}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={() => {
            const text = (field.value as string | null) ?? '';
            const time = normaliseTime(text);
            if (time !== null && time !== text) field.onChange(time);
            field.onBlur();
          }}
          error={
            fieldState.error?.message ??
            (field.value && normaliseTime(field.value as string) === null
              ? props.invalidText
              : undefined)
          }
          readOnly={props.readOnly}
          placeholder="HH:MM"
          inputMode="numeric"
          maxLength={5}
          styles={numberStyles}
        />
      )}
    />
  );
}

export function NotesField(props: Common) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => {
        return (
          <Textarea
            name={props.name}
            label={props.label}
            value={(field.value as string | null) ?? ''}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            readOnly={props.readOnly}
            // Not autosize: it needs document.fonts, which a test's DOM has not.
            rows={2}
            resize="vertical"
          />
        );
      }}
    />
  );
}

export function ChoiceField(
  props: Common & {
    choices: readonly Choice[];
    clearable?: boolean;
    labelOf?(choice: Choice): string;
  },
) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => {
        const value = field.value as number | null;
        return (
          <Select
            name={props.name}
            label={props.label}
            data={props.choices.map((choice) => ({
              value: String(choice.id),
              label: props.labelOf ? props.labelOf(choice) : choice.label,
            }))}
            value={value === null ? null : String(value)}
            onChange={(next) => field.onChange(next === null ? null : Number(next))}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            readOnly={props.readOnly}
            required={props.required}
            clearable={props.clearable ?? false}
            allowDeselect={props.clearable ?? false}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        );
      }}
    />
  );
}

export function PickField(
  props: Common & {
    target: ResourceDefinition;
    filters?: Record<string, string> | undefined;
    onPick?: (value: number | null) => void;
    create?: CreateOption | undefined;
  },
) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => {
        return (
          <ReferenceSelect
            target={props.target}
            name={props.name}
            label={props.label}
            value={(field.value as number | null) ?? null}
            onChange={(next) => {
              field.onChange(next);
              props.onPick?.(next);
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            readOnly={props.readOnly ?? false}
            required={props.required ?? false}
            filters={props.filters}
            hideLabel={props.hideLabel}
            create={props.create}
          />
        );
      }}
    />
  );
}

export function FlagField(props: Common) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => {
        return (
          <Checkbox
            name={props.name}
            label={props.label}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            readOnly={props.readOnly}
            disabled={props.readOnly}
          />
        );
      }}
    />
  );
}
