/** The handle the seed writes through, and chunked multi-row inserts. */
import type { AnyPgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/** The seed runs in one transaction, but its parts also accept a plain database handle. */
export type SeedDb = Db | Tx;

/**
 * Rows per INSERT: large enough that PGlite spends its time on rows rather than statements,
 * small enough to stay far below PostgreSQL's 65,535 bind parameters for the widest table.
 */
export const insertChunkSize = 250;

export function chunked<T>(rows: readonly T[], size: number = insertChunkSize): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < rows.length; start += size)
    parts.push(rows.slice(start, start + size));
  return parts;
}

export async function insertAll<TTable extends PgTable>(
  db: SeedDb,
  table: TTable,
  rows: readonly PgInsertValue<TTable>[],
): Promise<void> {
  for (const part of chunked(rows)) await db.insert(table).values(part);
}

/** Inserts in order and answers the generated ids in the same order as `rows`. */
export async function insertReturningIds<TTable extends PgTable & { id: AnyPgColumn }>(
  db: SeedDb,
  table: TTable,
  rows: readonly PgInsertValue<TTable>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunked(rows)) {
    const returned = await db.insert(table).values(part).returning({ id: table.id });
    // PostgreSQL returns the rows of a multi-row VALUES insert in the order they were given.
    for (const row of returned) ids.push(Number(row.id));
  }
  return ids;
}

/** `ids[index]`, failing loudly instead of writing a null foreign key. */
export function idAt(ids: readonly number[], index: number): number {
  const id = ids[index];
  if (id === undefined) throw new RangeError(`No id at index ${String(index)}`);
  return id;
}
