/**
 * Several independent reads in one statement (issue 12's creation bench): each read is a scalar
 * subquery that PostgreSQL answers as JSON, so an order's references cost one round trip instead
 * of one per table. The modules that own a read give its subquery; the caller names and joins them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/** A read for `readInOneStatement`: a subquery answering one JSON value (null when no row). */
export type JsonRead = SQL;

/** Runs the named reads as one `select (read) as name, ...` and answers each by its name. */
export async function readInOneStatement<Name extends string>(
  tx: Tx | Db,
  reads: Record<Name, JsonRead>,
): Promise<Record<Name, unknown>> {
  const columns = Object.entries<JsonRead>(reads).map(
    ([name, read]) => sql`(${read}) as ${sql.identifier(name)}`,
  );
  const { rows } = await tx.execute<Record<Name, unknown>>(
    sql`select ${sql.join(columns, sql`, `)}`,
  );
  return rows[0]!;
}

/**
 * A set of ids as one parameter (`id in (${idsIn(ids)})`): the statement's text stays the same
 * whatever the number of ids, where Drizzle would write one parameter per id.
 */
export function idsIn(ids: readonly number[]): SQL {
  return sql`select unnest(cast(${`{${ids.join(',')}}`} as int[]))`;
}

/** A JSON array of the rows a subquery's `json_build_object` makes, `[]` when there are none. */
export function jsonRows(object: SQL, from: SQL, order?: SQL): JsonRead {
  return sql`select coalesce(json_agg(${object}${order ? sql` order by ${order}` : sql``}), '[]'::json) ${from}`;
}
