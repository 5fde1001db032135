/**
 * Reading any resource: its list (search, filters, sort, paging, count), one record with its
 * child rows, and its pick list. Every answer is built by `toAnswer`, so every resource answers
 * text as strings ('' for none), times as HH:mm and instants as ISO strings (R-RES-8).
 */
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  lte,
  or,
  sql,
  getTableName,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, OptionQuery, ResourceDefinition } from '@dispatch/domain/resources/define';
import { isTextKind, type Field } from '@dispatch/domain/resources/field';
import { resourceByName } from '@dispatch/domain/resources/registry';
import type { Db, Tx } from '../db/client';
import { countAll, countBesidePage } from '../db/paging';
import { likePattern } from '../http/list-query';
import { resourceTables, type ResourceBinding, type ScopeContext } from './resource-tables';

export type AnswerRow = Record<string, unknown> & { id: number };

export function bindingOf(definition: ResourceDefinition): ResourceBinding {
  const binding = resourceTables[definition.name];
  if (!binding) throw new Error(`No table is bound to the resource ${definition.name}`);
  return binding;
}

export function columnsOf(table: PgTable): Record<string, AnyPgColumn> {
  return getTableColumns(table);
}

function column(definition: ResourceDefinition, name: string): AnyPgColumn {
  const found = columnsOf(bindingOf(definition).table)[name];
  if (!found) throw new Error(`${definition.name}: the table has no column for ${name}`);
  return found;
}

/** A value as answers carry it. */
export function answerValue(field: Field, value: unknown): unknown {
  if (isTextKind(field.kind)) return typeof value === 'string' ? value : '';
  if (value === null || value === undefined) return null;
  if (field.kind === 'time' && typeof value === 'string') return value.slice(0, 5);
  if (value instanceof Date) return value.toISOString();
  return value;
}

function answerFields(fields: Readonly<Record<string, Field>>, row: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, answerValue(field, row[name])]),
  );
}

export function toAnswer(
  definition: ResourceDefinition,
  row: Record<string, unknown>,
  labels: Record<string, string>,
): AnswerRow {
  const modifiedAt = row[bindingOf(definition).modifiedAtKey ?? 'modifiedAt'];
  return {
    id: Number(row.id),
    ...answerFields(definition.fields, row),
    version: Number(row.version),
    modifiedAt:
      modifiedAt instanceof Date
        ? modifiedAt.toISOString()
        : typeof modifiedAt === 'string'
          ? modifiedAt
          : '',
    modifiedBy: typeof row.modifiedBy === 'string' ? row.modifiedBy : '',
    labels,
  };
}

/** `number name` of a referenced record, as a scalar subquery beside each listed row. */
function referenceLabels(definition: ResourceDefinition): Record<string, SQL<string | null>> {
  const table = bindingOf(definition).table;
  const labels: Record<string, SQL<string | null>> = {};
  for (const [name, field] of Object.entries(definition.fields)) {
    if (!field.reference) continue;
    const target = resourceByName(field.reference);
    const binding = target ? resourceTables[target.name] : undefined;
    if (!target || !binding) continue;
    // Written out by hand: Drizzle leaves a single table's columns unqualified, which a
    // subquery on another table would misread.
    const other = sql.identifier(`ref_${name}`);
    const columnIn = (key: string) => sql`${other}.${sql.identifier(snakeCase(key))}`;
    const label = columnIn(target.labelField);
    const shown = target.numberField
      ? sql`concat_ws(' ', ${columnIn(target.numberField)}, ${label})`
      : label;
    const outer = sql`${sql.identifier(tableNameOf(table))}.${sql.identifier(snakeCase(name))}`;
    labels[name] = sql<
      string | null
    >`(select ${shown} from ${sql.identifier(tableNameOf(binding.table))} as ${other} where ${columnIn('id')} = ${outer})`;
  }
  return labels;
}

/** The database's name of a column key, as the snake_case casing of the Drizzle client makes it. */
function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function tableNameOf(table: PgTable): string {
  return getTableName(table);
}

const labelPrefix = 'label$';

function splitLabels(row: Record<string, unknown>): {
  row: Record<string, unknown>;
  labels: Record<string, string>;
} {
  const plain: Record<string, unknown> = {};
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith(labelPrefix)) {
      if (typeof value === 'string') labels[key.slice(labelPrefix.length)] = value;
    } else plain[key] = value;
  }
  return { row: plain, labels };
}

function selection(definition: ResourceDefinition) {
  const labels = Object.fromEntries(
    Object.entries(referenceLabels(definition)).map(([name, label]) => [
      `${labelPrefix}${name}`,
      label,
    ]),
  );
  return { ...columnsOf(bindingOf(definition).table), ...labels };
}

function filterCondition(column: AnyPgColumn, field: Field, value: unknown): SQL | undefined {
  switch (field.kind) {
    case 'flag':
      return eq(column, value as boolean);
    case 'reference':
    case 'choice':
      // Ids, or a coded choice's codes (a language).
      return inArray(column, value as (number | string)[]);
    case 'date': {
      const [from, to] = (value as string).includes('..')
        ? (value as string).split('..')
        : [value as string, value as string];
      return and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);
    }
    case 'integer':
    case 'decimal':
    case 'money':
    case 'latitude':
    case 'longitude':
      return eq(column, value as number);
    default:
      return ilike(column, likePattern(value as string));
  }
}

/** Everyone may see every row unless the binding narrows it. */
export const everything: ScopeContext = { systemTypeIds: [1, 2, 3] };

/** The rows of this resource the caller may see at all. */
export function scopeConditions(
  definition: ResourceDefinition,
  context: ScopeContext,
): SQL | undefined {
  const binding = bindingOf(definition);
  const fixed = Object.entries(binding.fixed ?? {}).map(([name, value]) =>
    eq(column(definition, name), value),
  );
  return and(...fixed, binding.scope?.(context));
}

export function listConditions(
  definition: ResourceDefinition,
  query: ListQuery,
  context: ScopeContext = everything,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scopeConditions(definition, context)];
  const filters = query as Record<string, unknown>;
  if (definition.deactivates && !query.includeInactive && filters.inactiveFlag === undefined) {
    conditions.push(eq(column(definition, 'inactiveFlag'), false));
  }
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ...definition.search.map((name) => {
          const searched = column(definition, name);
          const kind = definition.fields[name]?.kind ?? 'integer';
          // A reference is found by its record's label too (a static product by its product).
          const label = kind === 'reference' ? referenceLabels(definition)[name] : undefined;
          if (label) return or(ilike(label, pattern), ilike(sql`${searched}::text`, pattern));
          return isTextKind(kind)
            ? ilike(searched, pattern)
            : ilike(sql`${searched}::text`, pattern);
        }),
      ),
    );
  }
  for (const name of definition.filters) {
    const value = filters[name];
    if (value === undefined) continue;
    conditions.push(filterCondition(column(definition, name), definition.fields[name]!, value));
  }
  return and(...conditions);
}

function sortOrder(definition: ResourceDefinition, query: ListQuery): SQL[] {
  const direction = query.order === 'desc' ? desc : asc;
  const sorted = column(definition, query.sort);
  const field = definition.fields[query.sort];
  // Names sort as people expect them, whatever their case.
  const key = field && isTextKind(field.kind) ? sql`lower(${sorted})` : sql`${sorted}`;
  // Numbered codes by their leading digits first (truck 9 before truck 10), codes without after.
  const digits = sql`(substring(${sorted} from '^[0-9]+'))::numeric`;
  const leading = field?.numbered ? [sql`${direction(digits)} nulls last`] : [];
  return [...leading, direction(key), asc(column(definition, 'id'))];
}

export async function listResource(
  db: Db | Tx,
  definition: ResourceDefinition,
  query: ListQuery,
  context: ScopeContext = everything,
): Promise<{ rows: AnswerRow[]; count: number }> {
  const table = bindingOf(definition).table;
  const where = listConditions(definition, query, context);
  const rows = (await db
    .select(selection(definition))
    .from(table)
    .where(where)
    .orderBy(...sortOrder(definition, query))
    .limit(query.limit)
    .offset(query.offset)) as Record<string, unknown>[];
  const count = await countBesidePage(rows.length, query, () =>
    db.select({ n: countAll() }).from(table).where(where),
  );
  return {
    rows: rows.map((raw) => {
      const { row, labels } = splitLabels(raw);
      return toAnswer(definition, row, labels);
    }),
    count,
  };
}

/** Every matching row (exports), in pages so no single query holds a whole table. */
export async function* allRows(
  db: Db | Tx,
  definition: ResourceDefinition,
  query: ListQuery,
  limit: number,
  context: ScopeContext = everything,
): AsyncGenerator<AnswerRow> {
  let offset = 0;
  while (offset < limit) {
    const page = await listResource(
      db,
      definition,
      { ...query, offset, limit: Math.min(500, limit - offset) },
      context,
    );
    yield* page.rows;
    if (page.rows.length < 500) return;
    offset += page.rows.length;
  }
}

export async function getResource(
  db: Db | Tx,
  definition: ResourceDefinition,
  id: number,
  context: ScopeContext = everything,
): Promise<AnswerRow | undefined> {
  const binding = bindingOf(definition);
  const [raw] = (await db
    .select(selection(definition))
    .from(binding.table)
    .where(and(eq(binding.table.id, id), scopeConditions(definition, context)))) as Record<
    string,
    unknown
  >[];
  if (!raw) return undefined;
  const { row, labels } = splitLabels(raw);
  const answer = toAnswer(definition, row, labels);
  for (const [key, child] of Object.entries(definition.children)) {
    const childBinding = binding.children?.[key];
    if (!childBinding) continue;
    const childColumns = columnsOf(childBinding.table);
    const parentKey = childColumns[childBinding.parentKey]!;
    // A table keyed by parent + rowKey answers the rowKey as each row's id (ChildBinding).
    const rowKey = childBinding.rowKey ?? 'id';
    const order = [...(childBinding.orderBy ?? []), rowKey].map((name) => asc(childColumns[name]!));
    const rows = (await db
      .select()
      .from(childBinding.table)
      .where(eq(parentKey, id))
      .orderBy(...order)) as Record<string, unknown>[];
    answer[key] = rows.map((childRow) => ({
      id: Number(childRow[rowKey]),
      ...answerFields(child.fields, childRow),
    }));
  }
  return answer;
}

/** Options of a pick list (R-PICK-1): id, number, name, and whether the record is inactive. */
export async function resourceOptions(
  db: Db | Tx,
  definition: ResourceDefinition,
  query: OptionQuery,
  context: ScopeContext = everything,
): Promise<{ id: number; number: string; name: string; inactive: boolean }[]> {
  const table = bindingOf(definition).table;
  // A record named by a reference (a static product by its product) shows that record's label.
  // A label left empty (a job with no street) is an empty name, not a null the list cannot show.
  const label = sql`coalesce(${
    definition.fields[definition.labelField]?.reference
      ? referenceLabels(definition)[definition.labelField]
      : column(definition, definition.labelField)
  }, '')`;
  const number = definition.numberField ? column(definition, definition.numberField) : undefined;
  const inactive = definition.deactivates ? column(definition, 'inactiveFlag') : undefined;
  const conditions: (SQL | undefined)[] = [scopeConditions(definition, context)];
  if (query.ids) conditions.push(inArray(table.id, query.ids));
  else if (inactive && !query.includeInactive) conditions.push(eq(inactive, false));
  // The list's filters, as a reference's pickBy narrows its pick list (the row's system type).
  const filters = query as Record<string, unknown>;
  for (const name of definition.filters) {
    if (query.ids || filters[name] === undefined) continue;
    conditions.push(
      filterCondition(column(definition, name), definition.fields[name]!, filters[name]),
    );
  }
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(label, pattern),
        number ? ilike(number, pattern) : undefined,
        ilike(sql`${table.id}::text`, pattern),
      ),
    );
  }
  const rows = await db
    .select({
      id: table.id,
      number: number ? sql<string | null>`${number}` : sql<null>`null`,
      name: sql<string>`${label}`,
      inactive: inactive ? sql<boolean>`${inactive}` : sql<boolean>`false`,
    })
    .from(table)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${label})`), asc(table.id))
    .limit(query.ids ? Math.max(query.ids.length, 1) : query.limit);
  return rows.map((row) => ({
    id: Number(row.id),
    number: row.number ?? '',
    name: row.name,
    inactive: row.inactive === true,
  }));
}
