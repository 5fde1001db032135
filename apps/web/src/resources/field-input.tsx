/**
 * The input for one field of a definition, chosen by its kind and bound to the form. Every input
 * is a labelled native control reachable by Tab, so a clerk can fill a record at the keyboard.
 */
import { Checkbox, ColorInput, Select, Textarea, TextInput } from '@mantine/core';
import { Controller, useWatch, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { choiceValueOf, type Field } from '@dispatch/domain/resources/field';
import { resourceByName } from '@dispatch/domain/resources/registry';
import { NumberField } from '../components/number-field/number-field';
import { ReferenceSelect } from './reference-select';
import { fieldHint, fieldLabel } from './resource-text';

type FieldInputProps = {
  definition: ResourceDefinition;
  name: string;
  /** The path in the form's values (children rows: 'pricing.0.price'). */
  path?: string;
  field: Field;
  control: Control<FieldValues>;
  readOnly: boolean;
  /** The reference's label as the record answered it. */
  currentLabel?: string | undefined;
};

const numberKinds = new Set(['integer', 'decimal', 'money', 'latitude', 'longitude']);

/** The pick list's filters a reference's pickBy takes from the record being edited. */
function usePickFilters(field: Field, control: Control<FieldValues>): Record<string, string> {
  const pickBy = Object.entries(field.pickBy ?? {});
  // Fields without pickBy watch nothing: they are not re-rendered by every keystroke elsewhere.
  const values = useWatch({
    control,
    name: pickBy.map(([, source]) => source),
    disabled: pickBy.length === 0,
  }) as unknown[] | undefined;
  return Object.fromEntries(
    pickBy.flatMap(([filter], index) => {
      const value = values?.[index];
      return typeof value === 'number' || (typeof value === 'string' && value !== '')
        ? [[filter, String(value)]]
        : [];
    }),
  );
}

export function FieldInput({
  definition,
  name,
  path,
  field,
  control,
  readOnly,
  currentLabel,
}: FieldInputProps) {
  const { t } = useTranslation();
  const label = fieldLabel(t, definition, name, field);
  const description = fieldHint(t, definition, name, field);
  const readOnlyField = readOnly || field.readOnly;
  const pickFilters = usePickFilters(field, control);

  return (
    <Controller
      name={path ?? name}
      control={control}
      render={({ field: bound, fieldState }) => {
        const error = fieldState.error?.message;
        const common = {
          name: bound.name,
          label,
          description,
          error,
          required: field.required && field.kind !== 'flag',
          readOnly: readOnlyField,
          onBlur: bound.onBlur,
        };
        if (field.kind === 'flag') {
          return (
            <Checkbox
              name={bound.name}
              label={label}
              description={description}
              error={error}
              checked={bound.value === true}
              onChange={(event) => bound.onChange(event.currentTarget.checked)}
              onBlur={bound.onBlur}
              disabled={readOnlyField}
              mt="lg"
            />
          );
        }
        if (field.kind === 'reference' && field.reference) {
          const target = resourceByName(field.reference);
          if (target) {
            return (
              <ReferenceSelect
                {...common}
                target={target}
                filters={pickFilters}
                value={typeof bound.value === 'number' ? bound.value : null}
                currentLabel={currentLabel}
                onChange={bound.onChange}
              />
            );
          }
        }
        if (field.kind === 'choice' && field.choices) {
          return (
            <Select
              {...common}
              data={field.choices.map((item) => ({
                value: String(item.value),
                label: t(`resources.choices.${item.label}`, { defaultValue: item.label }),
              }))}
              value={bound.value === null || bound.value === undefined ? null : String(bound.value)}
              // Back to the choice's own value: a number, or a code such as a language's 'es'.
              onChange={(value) =>
                bound.onChange(value === null ? null : (choiceValueOf(field, value) ?? null))
              }
              clearable={!field.required}
            />
          );
        }
        if (numberKinds.has(field.kind)) {
          return (
            <NumberField
              {...common}
              value={typeof bound.value === 'number' ? bound.value : ''}
              onChange={(value) => bound.onChange(value === '' ? null : value)}
              // R-INPUT-1: while the field holds text it refused, the record holds no number
              // (NaN), which the record's schema refuses: nothing is saved in error.
              onRefusal={(message) => message !== null && bound.onChange(Number.NaN)}
              decimalScale={field.kind === 'integer' ? 0 : (field.scale ?? 6)}
              fixedDecimalScale={field.kind === 'money'}
              min={field.min}
              max={field.max}
              allowNegative={(field.min ?? 0) < 0}
              thousandSeparator={field.kind === 'money' ? ',' : undefined}
              hideControls
            />
          );
        }
        if (field.kind === 'multiline') {
          return (
            <Textarea
              {...common}
              value={typeof bound.value === 'string' ? bound.value : ''}
              onChange={(event) => bound.onChange(event.currentTarget.value)}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={field.max}
            />
          );
        }
        if (field.kind === 'color') {
          return (
            <ColorInput
              {...common}
              value={typeof bound.value === 'string' ? bound.value : ''}
              onChange={bound.onChange}
              format="hex"
            />
          );
        }
        const type =
          field.kind === 'date'
            ? 'date'
            : field.kind === 'time'
              ? 'time'
              : field.kind === 'email'
                ? 'email'
                : field.kind === 'phone'
                  ? 'tel'
                  : 'text';
        return (
          <TextInput
            {...common}
            type={type}
            value={typeof bound.value === 'string' ? bound.value : ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              // An emptied date or time is "none", not an empty string.
              bound.onChange((type === 'date' || type === 'time') && value === '' ? null : value);
            }}
            maxLength={field.max}
          />
        );
      }}
    />
  );
}
