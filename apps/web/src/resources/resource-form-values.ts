/**
 * A resource record as its form holds it and as it is sent (R-MAINT-3): defaults for a new
 * record, values given in the URL, what is never sent, and a 400's reasons by field.
 */
import { writableFields, type ResourceDefinition } from '@dispatch/domain/resources/define';
import { choiceValueOf, integer, isTextKind, type Field } from '@dispatch/domain/resources/field';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { FieldProblem } from '@dispatch/domain/api/field-problem';
import { ApiError } from '../lib/api-client';
import type { ResourceRow } from './resource-api';

type Values = Record<string, unknown>;

/** Lookup records are keyed by a code the administrator types. */
export const codeField = integer({ label: 'Code', required: true });

/** What a field holds in a new record: its schema's default, else "none". */
function newValue(field: Field): unknown {
  const parsed = field.schema.safeParse(undefined);
  if (parsed.success) return parsed.data;
  return isTextKind(field.kind) ? '' : null;
}

/** A new record may start from the URL: `/jobs/maintenance/new?customerId=12`. */
function prefilled(field: Field, text: string | null): unknown {
  if (text === null) return undefined;
  if (isTextKind(field.kind) || field.kind === 'date' || field.kind === 'time') return text;
  if (field.kind === 'flag') return text === 'true';
  if (field.choices) return choiceValueOf(field, text);
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

export function formValues(
  definition: ResourceDefinition,
  record: ResourceRow | undefined,
  start?: URLSearchParams,
): Values {
  const values: Values = {};
  for (const [name, field] of writableFields(definition.fields)) {
    const given = record ? undefined : prefilled(field, start?.get(name) ?? null);
    values[name] = record ? (record[name] ?? newValue(field)) : (given ?? newValue(field));
  }
  // Read-only fields are shown as the server answers them (never sent: see bodyOf).
  for (const [name, field] of Object.entries(definition.fields)) {
    if (field.readOnly) values[name] = record?.[name] ?? newValue(field);
  }
  if (definition.givenId) values.id = record ? record.id : null;
  for (const key of Object.keys(definition.children)) values[key] = record?.[key] ?? [];
  // R-NATID-1: write-only values are never answered, so their inputs start blank (unchanged).
  for (const name of Object.keys(definition.writeOnly)) values[name] = '';
  return values;
}

/** What is sent: the writable fields the user may send (no prices when they are hidden). */
export function bodyOf(
  definition: ResourceDefinition,
  values: Values,
  flags: PermissionFlags,
  version: number | undefined,
): Values {
  const body: Values = {};
  for (const [name, field] of writableFields(definition.fields)) {
    if (field.price && flags.hidePrice) continue;
    body[name] = values[name];
  }
  for (const key of Object.keys(definition.children)) body[key] = values[key];
  // Sent only when given (the schema reads blank as undefined: unchanged); null clears.
  for (const name of Object.keys(definition.writeOnly)) {
    if (values[name] !== undefined) body[name] = values[name];
  }
  if (definition.givenId && version === undefined) body.id = values.id;
  if (version !== undefined) body.version = version;
  return body;
}

export function fieldProblems(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data)
    ? data.filter((item): item is FieldProblem => typeof (item as FieldProblem)?.field === 'string')
    : [];
}
