/**
 * Valid records for any resource definition, made from its fields alone, so the contract suite
 * covers a new resource the moment it is defined. References are satisfied by creating the
 * referenced record first, through the API, as a user who may.
 */
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { writableFields } from '@dispatch/domain/resources/define';
import type { Field } from '@dispatch/domain/resources/field';
import { resourceByName } from '@dispatch/domain/resources/registry';
import type { TestApp } from './test-app';

let counter = 0;
/** A number no other sample in this process has used: unique names, codes and given ids. */
export function nextSampleNumber(): number {
  counter += 1;
  return 70_000 + counter;
}

export function sampleValue(name: string, field: Field, n: number): unknown {
  switch (field.kind) {
    case 'text':
      return `${field.label} ${n}`.slice(0, field.max ?? 100);
    case 'multiline':
      return `Notes for ${n}\nsecond line`;
    case 'email':
      return `clerk${n}@example.com`;
    case 'emailList':
      return `office${n}@example.com,yard${n}@example.com`;
    case 'phone':
      return `555-${String(n).slice(-4)}`;
    case 'integer':
      return Math.min(field.max ?? 1, Math.max(field.min ?? 0, 1));
    case 'decimal':
      return Math.min(field.max ?? 1.5, Math.max(field.min ?? 0, 1.5));
    case 'money':
      return Math.min(field.max ?? 12.5, Math.max(field.min ?? 0, 12.5));
    case 'flag':
      return name !== 'inactiveFlag';
    case 'date':
      return '2026-03-15';
    case 'time':
      return '07:30';
    case 'choice':
      return field.choices?.[0]?.value ?? null;
    case 'color':
      return '#336699';
    case 'latitude':
      return 40.1;
    case 'longitude':
      return -83;
    case 'reference':
      return null;
  }
}

const writeOnlySamples: Record<string, (n: number) => string> = {
  temporaryPassword: (n) => `sample passphrase ${n}`,
};

/** A create body for the definition; references point at records made for it. */
export async function sampleBody(
  t: TestApp,
  token: string,
  definition: ResourceDefinition,
  /** The samples being made around this one: references may go round (employees ↔ plants). */
  making: readonly string[] = [],
): Promise<Record<string, unknown>> {
  const n = nextSampleNumber();
  const body: Record<string, unknown> = definition.givenId ? { id: n } : {};
  const around = [...making, definition.name];
  // Write-only values a create needs (a user's temporary password).
  for (const name of Object.keys(definition.writeOnly)) {
    if (name in writeOnlySamples) body[name] = writeOnlySamples[name]!(n);
  }
  for (const [name, field] of writableFields(definition.fields)) {
    if (field.reference) {
      const target = resourceByName(field.reference)!;
      // A reference back to a sample still being made is left empty (it must be optional).
      if (around.includes(target.name)) {
        if (field.required) throw new Error(`samples of ${around.join(' → ')} refer round`);
        body[name] = null;
      } else body[name] = (await createSample(t, token, target, around)).id;
    } else body[name] = sampleValue(name, field, n);
  }
  return body;
}

export async function createSample(
  t: TestApp,
  token: string,
  definition: ResourceDefinition,
  making: readonly string[] = [],
): Promise<Record<string, unknown> & { id: number; version: number }> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${definition.path}`,
    headers: { authorization: `Bearer ${token}` },
    payload: await sampleBody(t, token, definition, making),
  });
  if (response.statusCode !== 201) {
    throw new Error(
      `creating a sample ${definition.name}: ${response.statusCode} ${response.body}`,
    );
  }
  return response.json();
}

/** A value the field must refuse with 400 naming it. */
export function wrongValue(field: Field): unknown {
  switch (field.kind) {
    case 'flag':
      return 'yes';
    case 'integer':
    case 'decimal':
    case 'money':
    case 'latitude':
    case 'longitude':
    case 'reference':
    case 'choice':
      return 'not a number';
    case 'date':
      return '2026-02-30';
    case 'time':
      return '25:00';
    default:
      return 'x'.repeat((field.max ?? 100) + 1);
  }
}
