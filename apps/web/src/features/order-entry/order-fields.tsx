/**
 * The inputs of order entry, bound to the form by name: numbers right-aligned (empty is none),
 * dates and times as the browser's own inputs, short choices and search-as-you-type pick lists.
 * Each shows its error beside it, the client's or the server's (a 400's data[{field, reason}]),
 * and is marked required when saving needs it (R-ORD-26: the domain's save rules say which).
 */
import { Checkbox, Select, Textarea, TextInput } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { requiredFieldPattern } from '@dispatch/domain/orders/order-entry-required';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { NumberField } from '../../components/number-field/number-field';
import { ReferenceSelect, type CreateOption } from '../../resources/reference-select';
import type { Choice } from './order-entry-choices';
import { normaliseTime, type OrderValues } from './order-entry-form';

type Name = FieldPath<OrderValues>;

type Common = {
  control: Control<OrderValues>;
  name: Name;
  label: string;
  readOnly?: boolean | undefined;
  /** Unset: as the order's system type requires (`RequiredFields`). */
  required?: boolean | undefined;
  description?: ReactNode;
  /** In a table row: the label is read out (aria-label) but not shown above the input. */
  hideLabel?: boolean | undefined;
};

/** R-ORD-26: the fields saving requires, as `requiredOrderEntryFields` names them. */
export const RequiredFields = createContext<ReadonlySet<string>>(new Set());

function useRequired(props: Pick<Common, 'name' | 'required'>): boolean {
  const required = useContext(RequiredFields);
  return props.required ?? required.has(requiredFieldPattern(props.name));
}

const numberStyles = { input: { textAlign: 'right' as const } };
const warningStyles = {
  ...numberStyles,
  description: { color: 'var(--mantine-color-orange-8)', fontWeight: 500 },
};

/** A number of the order; the shared field refuses what it cannot read (R-INPUT-1). */
export function OrderNumberField(
  props: Common & {
    decimals?: number;
    placeholder?: string | undefined;
    suffix?: string | undefined;
    /** Said under the field, in orange: worth a look, but no reason not to save. */
    warning?: string | null | undefined;
    onValue?: (value: number | null) => void;
  },
) {
  const required = useRequired(props);
  const warning = props.warning ?? null;
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => {
        const value = field.value as number | null;
        return (
          <NumberField
            name={props.name}
            label={props.hideLabel ? undefined : props.label}
            aria-label={props.hideLabel ? props.label : undefined}
            description={warning ?? props.description}
            inputWrapperOrder={
              warning === null ? undefined : ['label', 'input', 'description', 'error']
            }
            value={value ?? ''}
            onChange={(next) => {
              const parsed = next === '' ? null : next;
              field.onChange(parsed);
              props.onValue?.(parsed);
            }}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
            readOnly={props.readOnly}
            required={required}
            placeholder={props.placeholder}
            suffix={props.suffix}
            decimalScale={props.decimals ?? 3}
            min={0}
            hideControls
            allowNegative={false}
            styles={warning === null ? numberStyles : warningStyles}
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
  const required = useRequired(props);
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
            required={required}
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
  const required = useRequired(props);
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
            required={required}
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
    /** The value picked, and the one it replaces. */
    onPick?: (value: number | null, previous: number | null) => void;
    create?: CreateOption | undefined;
  },
) {
  const required = useRequired(props);
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => {
        const previous = (field.value as number | null) ?? null;
        return (
          <ReferenceSelect
            target={props.target}
            name={props.name}
            label={props.label}
            value={previous}
            onChange={(next) => {
              field.onChange(next);
              props.onPick?.(next, previous);
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            readOnly={props.readOnly ?? false}
            required={required}
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
