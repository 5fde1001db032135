/**
 * A resource is a business noun that is listed, read and edited: customers, jobs, trucks, plants,
 * products, lookups. It is declared once (R-RES-1) and three things are made from it: the server's
 * routes and checks, the web's grid and form, and the contract tests. ADR 009 records the pattern.
 */
import { z } from 'zod';
import { idListQuerySchema, int4Max } from '../api/fields';
import { isCalendarDay } from '../dates/calendar-day';
import type { DispatchEventName } from '../dispatch/dispatch-events';
import { menuEntryByEnumId } from '../menu/menu-catalogue';
import { choiceCodesOf, isTextKind, type Field, type WriteOnlyField } from './field';
import type { FieldProblem } from '../api/field-problem';
import { nullValueMessage } from '../forms/required';

/** Rows edited with their parent and saved with it (a customer's pricing, a mix's materials). */
export type ChildCollection = {
  readonly label: string;
  readonly fields: Readonly<Record<string, Field>>;
  /** At most one row: a detail record (a concrete plant's alleys and ticket number). */
  readonly single: boolean;
  /** The form section the rows are edited in. */
  readonly section: string;
  /** Edited by a panel of the screen (a permission grid), not by the generic rows editor. */
  readonly panel: boolean;
};

export type Section = { readonly key: string; readonly label: string };

/**
 * A rule across fields, on the record as it would be saved (the stored record with the changes
 * applied). Pure, so the form runs it before sending and the server again before saving.
 */
export type RecordRule = (record: Readonly<Record<string, unknown>>) => FieldProblem[];

export type ResourceDefinition = {
  /** camelCase plural, e.g. 'truckCompanies'; names the resource in events and the registry. */
  readonly name: string;
  /** kebab-case plural after /api/v1/, e.g. 'truck-companies'. */
  readonly path: string;
  readonly singular: string;
  readonly plural: string;
  readonly fields: Readonly<Record<string, Field>>;
  /** R-NATID-1: values writes may carry and answers never do (see `writeOnly` in field.ts). */
  readonly writeOnly: Readonly<Record<string, WriteOnlyField>>;
  /** What names a record in pick lists, messages and titles ('name', 'description'). */
  readonly labelField: string;
  /** A number or code shown beside the label in pick lists, when the resource has one. */
  readonly numberField: string | undefined;
  /** The maintenance screen (menu enumId) that lists and edits it, when it has its own. */
  readonly screen: string | undefined;
  /** Forms (menu enumIds) whose permission level reads and writes it (R-PERM-7). */
  readonly forms: readonly string[];
  /** Administrators only (lookup tables): no form permission applies. */
  readonly admin: boolean;
  /** More forms whose users may read its pick list (id, number, name) (R-PICK-1). */
  readonly pickedBy: readonly string[];
  readonly search: readonly string[];
  readonly sort: readonly string[];
  readonly defaultSort: string;
  readonly filters: readonly string[];
  /** Deleting deactivates (inactiveFlag) instead of removing the row. */
  readonly deactivates: boolean;
  /** The id is a code the user types (lookup tables), not one the database hands out. */
  readonly givenId: boolean;
  /** A section-7 hub event published beside resourceChanged_v1 on every write. */
  readonly event: DispatchEventName | undefined;
  readonly children: Readonly<Record<string, ChildCollection>>;
  readonly sections: readonly Section[];
  readonly rules: readonly RecordRule[];
};

type DefinitionInput = {
  name: string;
  path: string;
  singular: string;
  plural: string;
  fields: Record<string, Field>;
  writeOnly?: Record<string, WriteOnlyField>;
  labelField: string;
  numberField?: string;
  screen?: string;
  forms?: readonly string[];
  admin?: boolean;
  pickedBy?: readonly string[];
  search: readonly string[];
  sort?: readonly string[];
  defaultSort?: string;
  filters?: readonly string[];
  event?: DispatchEventName;
  givenId?: boolean;
  children?: Record<string, Partial<ChildCollection> & Pick<ChildCollection, 'label' | 'fields'>>;
  sections?: readonly Section[];
  rules?: readonly RecordRule[];
};

/** Checks a definition against itself, so a typo fails at load time rather than as a 500. */
export function defineResource(input: DefinitionInput): ResourceDefinition {
  const names = Object.keys(input.fields);
  const known = new Set([...names, 'id', 'modifiedAt']);
  const forms = [...(input.forms ?? []), ...(input.pickedBy ?? [])];
  if (input.screen) forms.push(input.screen);
  for (const form of forms) {
    if (!menuEntryByEnumId(form)) throw new Error(`${input.name}: unknown form ${form}`);
  }
  const listed = [
    input.labelField,
    ...(input.numberField ? [input.numberField] : []),
    ...input.search,
    ...(input.sort ?? []),
    ...(input.filters ?? []),
  ];
  for (const name of listed) {
    if (!known.has(name)) throw new Error(`${input.name}: unknown field ${name}`);
  }
  for (const [name, field] of Object.entries(input.fields)) {
    for (const source of Object.values(field.pickBy ?? {})) {
      if (!known.has(source)) throw new Error(`${input.name}: ${name} picks by unknown ${source}`);
    }
  }
  for (const name of Object.keys(input.writeOnly ?? {})) {
    if (known.has(name)) throw new Error(`${input.name}: ${name} is both a field and write-only`);
  }
  const sections = input.sections ?? [{ key: 'main', label: 'General' }];
  const children = Object.fromEntries(
    Object.entries(input.children ?? {}).map(([key, child]) => [
      key,
      { single: false, section: key, panel: false, ...child } satisfies ChildCollection,
    ]),
  );
  const sort = input.sort ?? [input.labelField];
  return {
    name: input.name,
    path: input.path,
    singular: input.singular,
    plural: input.plural,
    fields: input.fields,
    writeOnly: input.writeOnly ?? {},
    labelField: input.labelField,
    numberField: input.numberField,
    screen: input.screen,
    forms: input.forms ?? (input.screen ? [input.screen] : []),
    admin: input.admin ?? false,
    pickedBy: input.pickedBy ?? [],
    search: input.search,
    sort,
    defaultSort: input.defaultSort ?? sort[0] ?? 'id',
    filters: input.filters ?? [],
    deactivates: 'inactiveFlag' in input.fields,
    givenId: input.givenId ?? false,
    event: input.event,
    children,
    sections,
    rules: input.rules ?? [],
  };
}

/** Every cross-field rule's complaints about a record, and what its new child rows lack. */
export function recordProblems(
  definition: ResourceDefinition,
  record: Readonly<Record<string, unknown>>,
): FieldProblem[] {
  return [
    ...definition.rules.flatMap((rule) => rule(record)),
    ...Object.entries(definition.children).flatMap(([key, child]) =>
      newChildRowProblems(key, child, record[key]),
    ),
  ];
}

/**
 * R-RES-11: a new row (no id) is written whole; each field must pass as a create would take it,
 * left-out values taking their defaults. Stored rows are sent in part (a level that hides prices
 * sends none), so only what they carry is checked, by the write schema.
 */
function newChildRowProblems(key: string, child: ChildCollection, rows: unknown): FieldProblem[] {
  if (!Array.isArray(rows)) return [];
  return (rows as Record<string, unknown>[]).flatMap((row, index) =>
    row.id !== undefined && row.id !== null
      ? []
      : writableFields(child.fields).flatMap(([name, field]) => {
          const parsed = field.schema.safeParse(row[name] ?? undefined);
          return parsed.success
            ? []
            : [{ field: `${key}.${index}.${name}`, reason: parsed.error.issues[0]!.message }];
        }),
  );
}

/**
 * Each value of `field` appears once among the rows of `collection` (a mix's raw materials, a tax
 * schedule's levels: tables keyed by the parent and that value). Names the repeat and the row it
 * repeats, so the form shows it on the field.
 */
export function onceEach(collection: string, field: string, what: string): RecordRule {
  return (record) => {
    const rows = Array.isArray(record[collection])
      ? (record[collection] as Record<string, unknown>[])
      : [];
    const seen = new Map<unknown, number>();
    return rows.flatMap((row, index) => {
      const value = row[field];
      if (value === null || value === undefined) return [];
      const first = seen.get(value);
      if (first === undefined) {
        seen.set(value, index);
        return [];
      }
      return [
        {
          field: `${collection}.${index}.${field}`,
          reason: `is already on row ${first + 1}: list each ${what} once`,
        },
      ];
    });
  };
}

/** The numeric form id of a menu enumId (R-CODE-2): code names forms, never numbers. */
export function formIdOf(enumId: string): number {
  const entry = menuEntryByEnumId(enumId);
  if (!entry) throw new Error(`The menu catalogue has no ${enumId}`);
  return entry.id;
}

export function writableFields(fields: Readonly<Record<string, Field>>): [string, Field][] {
  return Object.entries(fields).filter(([, field]) => !field.readOnly);
}

/** What a create may set: the writable fields and the create-only ones (Field.createOnly). */
export function creatableFields(fields: Readonly<Record<string, Field>>): [string, Field][] {
  return Object.entries(fields).filter(([, field]) => !field.readOnly || field.createOnly);
}

export function priceFieldsOf(definition: ResourceDefinition): string[] {
  const own = Object.entries(definition.fields).filter(([, field]) => field.price);
  const children = Object.values(definition.children).flatMap((child) =>
    Object.entries(child.fields).filter(([, field]) => field.price),
  );
  return [...new Set([...own, ...children].map(([name]) => name))];
}

function withoutDefault(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema;
}

function childWriteSchema(child: ChildCollection) {
  const shape = Object.fromEntries(
    // Left out means unchanged on a stored row (a level that hides prices sends none); a new row
    // takes the field's default when it is saved (childDefaults).
    writableFields(child.fields).map(([name, field]) => [
      name,
      withoutDefault(field.schema).optional(),
    ]),
  );
  // Rows read back carry their id and may be sent back as they are; a row without one is new.
  return z.object({ id: z.int().min(1).max(int4Max).optional(), ...shape });
}

/** Write-only values (R-NATID-1): optional on create and update alike, never answered. */
function writeOnlyShape(definition: ResourceDefinition) {
  return Object.fromEntries(
    Object.entries(definition.writeOnly).map(([name, field]) => [name, field.schema]),
  );
}

function childrenWriteShape(definition: ResourceDefinition, optional: boolean) {
  return Object.fromEntries(
    Object.entries(definition.children).map(([key, child]) => {
      const rows = z.array(childWriteSchema(child)).max(child.single ? 1 : 500);
      return [key, optional ? rows.optional() : rows.default([])];
    }),
  );
}

/** A new child row's values for what it was sent without. */
export function childDefaults(child: ChildCollection): Record<string, unknown> {
  return Object.fromEntries(
    writableFields(child.fields).map(([name, field]) => [
      name,
      field.schema.safeParse(undefined).data ?? null,
    ]),
  );
}

/** What a create may send: every writable field, defaults filling what is left out. */
export function createSchemaOf(definition: ResourceDefinition) {
  const shape = Object.fromEntries(
    creatableFields(definition.fields).map(([name, field]) => [name, field.schema]),
  );
  const id = definition.givenId
    ? { id: z.int({ error: 'is required: the code of the new record' }).min(0).max(int4Max) }
    : {};
  return z.object({
    ...id,
    ...shape,
    ...writeOnlyShape(definition),
    ...childrenWriteShape(definition, false),
  });
}

/**
 * What an update may send: any writable fields (left out means unchanged, so a caller whose level
 * hides prices can save without them) and the version it read (R-CONC-1).
 */
export function updateSchemaOf(definition: ResourceDefinition) {
  const shape = Object.fromEntries(
    writableFields(definition.fields).map(([name, field]) => [
      name,
      withoutDefault(field.schema).optional(),
    ]),
  );
  return z.object({
    ...shape,
    ...writeOnlyShape(definition),
    ...childrenWriteShape(definition, true),
    version: z.int({ error: 'is required: the version you read' }).min(1).max(int4Max),
  });
}

function answerShape(fields: Readonly<Record<string, Field>>, pricesOptional: boolean) {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      pricesOptional && field.price ? field.answer.optional() : field.answer,
    ]),
  );
}

/** A row as lists answer it; price fields may be missing (removed for levels 2 and 4). */
export function rowSchemaOf(definition: ResourceDefinition) {
  return z.object({
    id: z.number(),
    ...answerShape(definition.fields, true),
    version: z.number(),
    // R-VALID-12: a record as read always carries when it was last changed (a job's modifiedDateTime).
    modifiedAt: z.string({
      error: (issue) =>
        issue.input === null ? nullValueMessage(definition.singular, 'modifiedAt') : undefined,
    }),
    modifiedBy: z.string(),
    /** The label of each reference field's record, for lists and forms to show. */
    labels: z.record(z.string(), z.string()),
  });
}

/** A record as its form reads it: the row and its child collections. */
export function detailSchemaOf(definition: ResourceDefinition) {
  const children = Object.fromEntries(
    Object.entries(definition.children).map(([key, child]) => [
      key,
      z.array(z.object({ id: z.number(), ...answerShape(child.fields, true) })),
    ]),
  );
  return rowSchemaOf(definition).extend(children);
}

/** A pick list option (R-PICK-1). */
export const optionSchema = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  inactive: z.boolean(),
});
export type Option = z.infer<typeof optionSchema>;

const flagValue = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const searchText = z
  .string()
  .trim()
  .max(100, 'must be at most 100 characters')
  .refine((value) => !value.includes('\0'), 'must not contain NUL');
const dateRange = z.string().refine((value) => {
  const ends = value.includes('..') ? value.split('..') : [value];
  return (
    ends.length <= 2 &&
    ends.some((end) => end !== '') &&
    ends.every((end) => end === '' || isCalendarDay(end))
  );
}, 'must be a date YYYY-MM-DD or a range FROM..TO');
const numberValue = z.coerce.number({ error: 'must be a number' }).refine(Number.isFinite);

/** A filter on coded choices (a language): 'es', or several as 'en,es'. */
function codeList(codes: readonly string[]) {
  return z
    .string()
    .max(2000, 'must list fewer codes')
    .transform((value) => [...new Set(value.split(','))])
    .refine(
      (listed) => listed.every((code) => codes.includes(code)),
      `must be a comma-separated list of ${codes.join(', ')}`,
    );
}

/** How a list filter on a field of this kind is written in the query string. */
export function filterSchemaOf(field: Field) {
  switch (field.kind) {
    case 'flag':
      return flagValue;
    case 'choice': {
      const codes = choiceCodesOf(field);
      return codes ? codeList(codes) : idListQuerySchema;
    }
    case 'reference':
      return idListQuerySchema;
    case 'date':
      return dateRange;
    case 'integer':
    case 'decimal':
    case 'money':
    case 'latitude':
    case 'longitude':
      return numberValue;
    default:
      return searchText;
  }
}

/** The query a list takes: search, filters, one sort, paging (at most 500 a page) (R-RES-3). */
export function listQuerySchemaOf(definition: ResourceDefinition) {
  const filters = Object.fromEntries(
    definition.filters.map((name) => [name, filterSchemaOf(definition.fields[name]!).optional()]),
  );
  return z.object({
    search: searchText.optional(),
    sort: z.enum(definition.sort as [string, ...string[]]).default(definition.defaultSort),
    order: z.enum(['asc', 'desc']).default('asc'),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    includeInactive: flagValue.default(false),
    ...filters,
  });
}
export type ListQuery = z.infer<ReturnType<typeof listQuerySchemaOf>>;

export const optionQuerySchema = z.object({
  search: searchText.optional(),
  ids: idListQuerySchema.optional(),
  includeInactive: flagValue.default(false),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type OptionQuery = z.infer<typeof optionQuerySchema>;

/** The pick list's query with the resource's list filters (a reference's `pickBy` sets them). */
export function optionQuerySchemaOf(definition: ResourceDefinition) {
  const filters = Object.fromEntries(
    definition.filters.map((name) => [name, filterSchemaOf(definition.fields[name]!).optional()]),
  );
  return optionQuerySchema.extend(filters);
}

/** The record's own label (for messages and titles). */
export function recordLabel(definition: ResourceDefinition, row: Record<string, unknown>): string {
  const own = row[definition.labelField];
  // A record named by a reference (a static product by its product) shows that record's label.
  const referenced = (row.labels as Record<string, unknown> | undefined)?.[definition.labelField];
  const label = definition.fields[definition.labelField]?.reference ? referenced : own;
  const number = definition.numberField ? row[definition.numberField] : undefined;
  const name = typeof label === 'string' && label !== '' ? label : `#${String(row.id)}`;
  return typeof number === 'string' && number !== '' && number !== name
    ? `${number} ${name}`
    : name;
}

export { isTextKind };
