/**
 * Labels of resources and their fields under one i18n key scheme; the definition's English is
 * the default value, so English needs no copy and Spanish lists every key (R-MAINT-17).
 */
import type { TFunction } from 'i18next';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import type { Field } from '@dispatch/domain/resources/field';

export const fieldKey = (resource: string, field: string) =>
  `resources.${resource}.fields.${field}`;
export const hintKey = (resource: string, field: string) => `resources.${resource}.hints.${field}`;

export function fieldLabel(
  t: TFunction,
  definition: ResourceDefinition,
  name: string,
  field: Field,
) {
  return t(fieldKey(definition.name, name), { defaultValue: field.label });
}

export function fieldHint(
  t: TFunction,
  definition: ResourceDefinition,
  name: string,
  field: Field,
) {
  return field.hint ? t(hintKey(definition.name, name), { defaultValue: field.hint }) : undefined;
}

export function singularName(t: TFunction, definition: ResourceDefinition): string {
  return t(`resources.${definition.name}.singular`, { defaultValue: definition.singular });
}

export function pluralName(t: TFunction, definition: ResourceDefinition): string {
  return t(`resources.${definition.name}.plural`, { defaultValue: definition.plural });
}

export function sectionLabel(
  t: TFunction,
  definition: ResourceDefinition,
  key: string,
  label: string,
) {
  return t(`resources.${definition.name}.sections.${key}`, { defaultValue: label });
}
