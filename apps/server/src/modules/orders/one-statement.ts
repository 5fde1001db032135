/**
 * Several reads, or several writes, in one statement (issue 12's creation bench, where each round
 * trip to the database cost the server's thread more than the SQL cost PostgreSQL): each read is
 * a scalar subquery that PostgreSQL answers as JSON, so an order's references cost one round trip
 * instead of one per table. The modules that own a read give its subquery; the caller joins them.
 */
import { createHash } from 'node:crypto';
import { sql, type Placeholder, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';

/** Renders statements as the database handles do (their casing is snake_case). */
const dialect = new PgDialect({ casing: 'snake_case' });

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

/**
 * Inserts (or other writes) as one statement, each a data-modifying WITH query: one round trip
 * for an order with its schedules, lines and loads. Every one runs to completion, and foreign
 * keys are checked when the statement ends, so a child may refer to a parent written beside it.
 */
export async function writeInOneStatement(tx: Tx, writes: readonly SQLWrapper[]): Promise<void> {
  if (writes.length === 0) return;
  const queries = writes.map((write, at) => sql`${sql.identifier(`write${at}`)} as ${write}`);
  await tx.execute(sql`with ${sql.join(queries, sql`, `)} select 1`);
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
