/**
 * Several reads, or several writes, in one statement (issue 12's creation bench, where each round
 * trip to the database cost the server's thread more than the SQL cost PostgreSQL): each read is
 * a scalar subquery that PostgreSQL answers as JSON, so an order's references cost one round trip
 * instead of one per table. The modules that own a read give its subquery; the caller joins them.
 */
import { createHash } from 'node:crypto';
import {
  getTableColumns,
  getTableName,
  sql,
  type Column,
  type Placeholder,
  type Query,
  type SQL,
} from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import * as drizzleUtils from 'drizzle-orm/utils';
import type { Db, Tx } from '../../db/client';
import { dispatchChannel, payloadOf, type PublishedEvent } from '../../dispatch/publish';

/** Renders statements as the database handles do (their casing is snake_case). */
const dialect = new PgDialect({ casing: 'snake_case' });
const casing = new CasingCache('snake_case');

/** A read for `readInOneStatement`: a subquery answering one JSON value (null when no row). */
export type JsonRead = SQL;

/** A statement's SQL, built once, and the name it is prepared under. */
type BuiltStatement = { query: Query; name: string };
const builtStatements = new Map<string, BuiltStatement>();

/**
 * Runs named reads as one `select (read) as name, ...` and answers each by its name (a read left
 * undefined is not made). The reads are built once per `shape` (a key naming everything their
 * SQL depends on), with placeholders (`sql.placeholder`) for the values that change between
 * calls, given in `values`: Drizzle then does not build the same large statement on every call,
 * and PostgreSQL plans it once per connection (the references' many subqueries took longer to
 * plan than to run).
 */
export async function readInOneStatement<Name extends string>(
  tx: Tx | Db,
  statement: {
    shape: string;
    reads: () => { [Key in Name]?: JsonRead };
    values: Record<string, unknown>;
  },
): Promise<Record<Name, unknown>> {
  let built = builtStatements.get(statement.shape);
  if (!built) {
    const columns = Object.entries<JsonRead | undefined>(statement.reads()).flatMap(
      ([name, read]) => (read ? [sql`(${read}) as ${sql.identifier(name)}`] : []),
    );
    const query = dialect.sqlToQuery(sql`select ${sql.join(columns, sql`, `)}`);
    const name = `one_statement_${createHash('sha1').update(query.sql).digest('base64url')}`;
    built = { query, name };
    builtStatements.set(statement.shape, built);
  }
  const result = (await tx._.session
    .prepareQuery(built.query, undefined, built.name, false)
    .execute(statement.values)) as { rows: Record<Name, unknown>[] };
  return result.rows[0]!;
}

/** A select's SQL and its result mapping, as Drizzle's `prepare` makes them. */
type BuiltSelect = { query: Query; fields: unknown; joinsNotNullableMap: unknown };
/** Drizzle's own list of a select's fields for mapping its rows (not in its typings). */
const { orderSelectedFields } = drizzleUtils as unknown as {
  orderSelectedFields: (fields: Record<string, unknown>) => unknown;
};
const builtSelects = new Map<string, BuiltSelect>();

/** What `runBuiltSelect` needs of a Drizzle select (its internals, as its `prepare` reads them). */
type SelectBuilder = { getSQL(): SQL; execute(): Promise<unknown[]> };

/**
 * Runs a select built once under `name` (its values are placeholders, given in `values`), prepared
 * under that name: Drizzle's own `prepare` renders the whole statement again on every call, which
 * cost an order's save more than PostgreSQL's run of it did (issue 12's creation bench).
 */
export async function runBuiltSelect<Select extends SelectBuilder>(
  tx: Tx | Db,
  name: string,
  build: () => Select,
  values: Record<string, unknown>,
): Promise<Awaited<ReturnType<Select['execute']>>> {
  let built = builtSelects.get(name);
  if (!built) {
    const builder = build() as unknown as SelectBuilder & {
      config: { fields: Record<string, unknown> };
      joinsNotNullableMap: unknown;
    };
    built = {
      query: dialect.sqlToQuery(builder.getSQL()),
      fields: orderSelectedFields(builder.config.fields),
      joinsNotNullableMap: builder.joinsNotNullableMap,
    };
    builtSelects.set(name, built);
  }
  const prepared = tx._.session.prepareQuery(
    built.query,
    built.fields as never,
    name,
    true,
  ) as unknown as { joinsNotNullableMap: unknown; execute(values: unknown): Promise<unknown> };
  prepared.joinsNotNullableMap = built.joinsNotNullableMap;
  return (await prepared.execute(values)) as Awaited<ReturnType<Select['execute']>>;
}

/** A set of ids as one value of `idsIn`. */
export const idList = (ids: readonly number[]): string => `{${ids.join(',')}}`;

/**
 * A set of ids as one parameter (`id in (${idsIn(...)})`), given as a placeholder whose value is
 * an `idList`: the statement's text stays the same whatever the number of ids.
 */
export function idsIn(ids: Placeholder): SQL {
  return sql`select unnest(cast(${ids} as int[]))`;
}

/** A JSON array of the rows a subquery's `json_build_object` makes, `[]` when there are none. */
export function jsonRows(object: SQL, from: SQL, order?: SQL): JsonRead {
  return sql`select coalesce(json_agg(${object}${order ? sql` order by ${order}` : sql``}), '[]'::json) ${from}`;
}

/**
 * As many ids as `count` says, drawn now from the identity of `table`'s id column, as a JSON array: rows written
 * later in one statement with their children (`writeInOneStatement`) need their ids beforehand.
 */
export function newIds(table: string, count: Placeholder): JsonRead {
  return sql`select coalesce(json_agg(nextval(pg_get_serial_sequence(${table}, 'id'))), '[]'::json)
               from generate_series(1, ${count})`;
}

/** New rows of one table for `writeInOneStatement`, keyed as its Drizzle columns are. */
export type RowsInsert<Table extends PgTable = PgTable> = {
  table: Table;
  rows: readonly Partial<Table['$inferInsert']>[];
  /** The rows carry ids drawn beforehand for an identity column (`newIds`). */
  overridingIdentity?: boolean;
};

/** An insert of rows given as a JSON array, and the columns its rows must have defined. */
type JsonInsert = {
  table: PgTable;
  overriding: boolean;
  /** Each column's key in the rows, the column, and its name in the database. */
  columns: [string, Column, string][];
};

/** The write statements built so far, by the tables and columns they write. */
const builtWrites = new Map<string, BuiltStatement>();

/** The inserts met so far, by table and then by the columns their rows define. */
const jsonInserts = new WeakMap<PgTable, Map<string, JsonInsert>>();

/** The insert of `row` into the table of `write`: one per table, identity rule and columns. */
function jsonInsertOf(write: RowsInsert, row: Record<string, unknown>): JsonInsert {
  const overriding = write.overridingIdentity ?? false;
  const defined = Object.keys(row).filter((key) => row[key] !== undefined);
  const signature = `${overriding} ${defined.join()}`;
  let byColumns = jsonInserts.get(write.table);
  if (!byColumns) jsonInserts.set(write.table, (byColumns = new Map<string, JsonInsert>()));
  let insert = byColumns.get(signature);
  if (!insert) {
    const columns = getTableColumns(write.table);
    insert = {
      table: write.table,
      overriding,
      columns: defined.map((key): [string, Column, string] => {
        const column = columns[key];
        if (!column) throw new Error(`${getTableName(write.table)} has no column ${key}`);
        return [key, column, casing.getColumnCasing(column)];
      }),
    };
    byColumns.set(signature, insert);
  }
  return insert;
}

/**
 * A column's value as the database takes it inside JSON: JSON columns as they are, the others as
 * Drizzle sends them (instants as ISO text, numerics as text).
 */
function driverValue(column: Column, value: unknown): unknown {
  if (value === null) return null;
  if (column.dataType === 'json') return value;
  return column.mapToDriverValue(value);
}

/**
 * Inserts as one statement, each a data-modifying WITH query reading its rows from one JSON
 * parameter (`json_populate_recordset`): one round trip for an order with its schedules, lines and
 * loads, whose text depends only on the tables and columns written, so it is built once and
 * PostgreSQL plans it once per connection (building and planning an insert of every value took
 * longer than running it). Every insert runs to completion, and foreign keys are checked when the
 * statement ends, so a child may refer to a parent written beside it. As Drizzle's inserts do, a
 * column left undefined takes its default: rows that define different columns are inserted apart.
 * `events` are published by the same statement, so with the transaction's commit (as `publish`).
 */
export async function writeInOneStatement(
  tx: Tx,
  writes: readonly RowsInsert[],
  events: readonly PublishedEvent[] = [],
): Promise<void> {
  const inserts: { insert: JsonInsert; rows: Record<string, unknown>[] }[] = [];
  for (const write of writes) {
    const groups = new Map<JsonInsert, Record<string, unknown>[]>();
    for (const row of write.rows as Record<string, unknown>[]) {
      const insert = jsonInsertOf(write, row);
      let rows = groups.get(insert);
      if (!rows) {
        groups.set(insert, (rows = []));
        inserts.push({ insert, rows });
      }
      rows.push(row);
    }
  }
  if (inserts.length === 0 && events.length === 0) return;
  const shape = [
    ...inserts.map(({ insert }) =>
      [getTableName(insert.table), insert.overriding, ...insert.columns.map(([key]) => key)].join(),
    ),
    `events ${events.length}`,
  ].join(';');
  let built = builtWrites.get(shape);
  if (!built) {
    const queries = inserts.map(({ insert }, at) => {
      const names = sql.join(
        insert.columns.map(([, , name]) => sql.identifier(name)),
        sql`, `,
      );
      const table = sql.identifier(getTableName(insert.table));
      return sql`${sql.identifier(`write${at}`)} as (insert into ${table} (${names})${
        insert.overriding ? sql` overriding system value` : sql``
      } select ${names} from json_populate_recordset(null::${table}, ${sql.placeholder(`rows${at}`)}::json))`;
    });
    const notifies = events.map(
      (_, at) => sql`pg_notify(${dispatchChannel}, ${sql.placeholder(`event${at}`)})`,
    );
    const query = dialect.sqlToQuery(
      sql`${queries.length > 0 ? sql`with ${sql.join(queries, sql`, `)} ` : sql``}select ${
        notifies.length > 0 ? sql.join(notifies, sql`, `) : sql`1`
      }`,
    );
    const name = `one_statement_write_${createHash('sha1').update(query.sql).digest('base64url')}`;
    built = { query, name };
    builtWrites.set(shape, built);
  }
  const values: Record<string, string> = Object.fromEntries([
    ...events.map((event, at): [string, string] => [`event${at}`, payloadOf(event)]),
    ...inserts.map(({ insert, rows }, at): [string, string] => [
      `rows${at}`,
      JSON.stringify(
        rows.map((row) =>
          Object.fromEntries(
            insert.columns.map(([key, column, name]) => [name, driverValue(column, row[key])]),
          ),
        ),
      ),
    ]),
  ]);
  await tx._.session.prepareQuery(built.query, undefined, built.name, false).execute(values);
}

/**
 * A fragment of only columns and text (a JSON builder) rendered to its SQL text once, as the
 * database handles render it (snake_case): Drizzle otherwise walks each of its columns again
 * every time a statement embedding it is sent.
 */
export function prebuilt(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('A prebuilt fragment takes no parameters');
  return sql.raw(text);
}
