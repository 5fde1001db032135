/**
 * PostgreSQL's advice for populating a database ("Populating a Database" in its manual): drop the
 * foreign keys and secondary indexes of the tables being filled, load, then put them back. Checking
 * a foreign key row by row costs a query per row and key; adding it back checks every row in one
 * join, and building an index once is far cheaper than growing it a row at a time.
 *
 * Everything happens inside the seed's transaction, and every constraint and index is re-created
 * from its own definition (pg_get_constraintdef, pg_get_indexdef) under its own name, so the schema
 * after the seed is exactly the schema before it; should the seed fail, the rollback restores them.
 */
import { execute, queryRows } from './scale-context';
import type { SeedDb } from '../src/db/bulk-insert';

type Definition = { table: string; name: string; definition: string };

/** The quoted list of table names, for `relname IN (...)`. */
const nameList = (tables: readonly string[]) =>
  tables.map((table) => `'${table.replaceAll("'", "''")}'`).join(', ');

/**
 * Drops the foreign keys of `tables` and their indexes that back no constraint (primary keys and
 * unique constraints stay, as other foreign keys may need them), and answers a function putting
 * them all back.
 */
export async function suspendConstraints(
  db: SeedDb,
  tables: readonly string[],
): Promise<() => Promise<void>> {
  const foreignKeys = await queryRows<Definition>(
    db,
    `SELECT rel.relname AS table, con.conname AS name, pg_get_constraintdef(con.oid) AS definition
     FROM pg_constraint con
     JOIN pg_class rel ON rel.oid = con.conrelid
     JOIN pg_namespace ns ON ns.oid = rel.relnamespace
     WHERE con.contype = 'f' AND ns.nspname = current_schema()
       AND rel.relname IN (${nameList(tables)})
     ORDER BY rel.relname, con.conname`,
  );
  const indexes = await queryRows<Definition>(
    db,
    `SELECT rel.relname AS table, idx.relname AS name, pg_get_indexdef(ind.indexrelid) AS definition
     FROM pg_index ind
     JOIN pg_class idx ON idx.oid = ind.indexrelid
     JOIN pg_class rel ON rel.oid = ind.indrelid
     JOIN pg_namespace ns ON ns.oid = rel.relnamespace
     WHERE ns.nspname = current_schema() AND rel.relname IN (${nameList(tables)})
       AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = ind.indexrelid)
     ORDER BY rel.relname, idx.relname`,
  );
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  for (const key of foreignKeys) {
    await execute(db, `ALTER TABLE ${quote(key.table)} DROP CONSTRAINT ${quote(key.name)}`);
  }
  for (const index of indexes) await execute(db, `DROP INDEX ${quote(index.name)}`);
  return async () => {
    for (const index of indexes) await execute(db, index.definition);
    for (const key of foreignKeys) {
      await execute(
        db,
        `ALTER TABLE ${quote(key.table)} ADD CONSTRAINT ${quote(key.name)} ${key.definition}`,
      );
    }
  };
}
