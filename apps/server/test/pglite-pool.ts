/**
 * The suites' in-memory embedded databases, kept open within a worker and emptied between files
 * (ADR 017, eighth pass). Starting PGlite from the run's migrated image costs about a second of
 * processor time; emptying one already open costs a fifth of that. A database is emptied only
 * when its schema is still exactly the image's: a suite that changed it (a trigger, a table, a
 * function) has its database closed, and the next suite starts a fresh one.
 */
import type { PGlite } from '@electric-sql/pglite';
import { openPglite, type DatabaseConnection } from '../src/db/client';

type Pristine = {
  /** Every table of the public schema, emptied between suites. */
  tables: string[];
  /** The rows the migrations left (units of measure, order statuses, ...), as JSON per table. */
  rows: { table: string; json: string }[];
  /** Each sequence as the migrations left it. */
  sequences: { name: string; lastValue: string | null; startValue: string }[];
  /** The schema's outline: it must be unchanged for the database to serve another suite. */
  outline: string;
};

type Kept = { connection: DatabaseConnection; client: PGlite; pristine: Pristine };

/** At most this many wait per worker: a suite rarely holds more than two at once. */
const keptAtMost = 2;
const idle: Kept[] = [];

/** An embedded database in memory, migrated from the run's image, as a new one would be. */
export async function openKeptPglite(image: Blob | undefined): Promise<DatabaseConnection> {
  const kept = idle.pop() ?? (await startKept(image));
  return lend(kept);
}

async function startKept(image: Blob | undefined): Promise<Kept> {
  const connection = await openPglite('memory://', { initialData: image });
  const client = (connection.db as unknown as { $client: PGlite }).$client;
  return { connection, client, pristine: await readPristine(client) };
}

/**
 * The connection as a suite sees it: closing it gives the database back instead, emptied, with
 * any listener the suite left stopped so it never hears the next suite's notifications.
 */
function lend(kept: Kept): DatabaseConnection {
  const listeners = new Set<() => Promise<void>>();
  let closing: Promise<void> | undefined;
  return {
    ...kept.connection,
    async listen(channel, onPayload) {
      const unlisten = await kept.connection.listen(channel, onPayload);
      listeners.add(unlisten);
      return async () => {
        listeners.delete(unlisten);
        await unlisten();
      };
    },
    close() {
      closing ??= (async () => {
        await Promise.all([...listeners].map((unlisten) => unlisten()));
        if (idle.length < keptAtMost && (await empty(kept))) idle.push(kept);
        else await kept.connection.close();
      })();
      return closing;
    },
  };
}

const outlineQuery = `
  SELECT string_agg(item, ',' ORDER BY item) AS outline FROM (
    SELECT 'n:' || nspname AS item FROM pg_namespace
    UNION ALL
    SELECT 'c:' || c.oid::regclass::text || ':' || c.relkind::text
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
        AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast_temp%'
    UNION ALL
    SELECT 't:' || tgname || ':' || tgrelid::regclass::text FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL
    SELECT 'p:' || p.oid::regprocedure::text
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL
    SELECT 'r:' || rolname FROM pg_roles
    UNION ALL
    SELECT 'e:' || extname || ':' || extversion FROM pg_extension
  ) items`;

async function readPristine(client: PGlite): Promise<Pristine> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
        WHERE schemaname = 'public' ORDER BY tablename`,
    )
  ).rows.map((row) => row.name);
  const rows: Pristine['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `SELECT json_agg(t)::text AS json FROM ${table} t`,
    );
    if (found[0]?.json) rows.push({ table, json: found[0].json });
  }
  const sequences = (
    await client.query<{ name: string; lastValue: string | null; startValue: string }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name,
              last_value::text AS "lastValue", start_value::text AS "startValue"
         FROM pg_sequences WHERE schemaname = 'public'`,
    )
  ).rows;
  return { tables, rows, sequences, outline: await readOutline(client) };
}

async function readOutline(client: PGlite): Promise<string> {
  return (await client.query<{ outline: string }>(outlineQuery)).rows[0]!.outline;
}

/**
 * Back to the image: no session state, no job queue (pg-boss makes its schema again at the next
 * start, as on a new database), every table as the migrations left it. False when the schema
 * itself changed, or emptying failed: that database is not used again.
 */
async function empty({ client, pristine }: Kept): Promise<boolean> {
  try {
    await client.exec(`
      ROLLBACK;
      RESET ALL;
      DEALLOCATE ALL;
      UNLISTEN *;
      SELECT pg_advisory_unlock_all();
      DROP SCHEMA IF EXISTS pgboss CASCADE;`);
    if ((await readOutline(client)) !== pristine.outline) return false;
    await client.transaction(async (tx) => {
      await tx.exec(`TRUNCATE ${pristine.tables.join(', ')} RESTART IDENTITY CASCADE`);
      for (const { table, json } of pristine.rows) {
        await tx.query(
          `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1)`,
          [json],
        );
      }
      for (const { name, lastValue, startValue } of pristine.sequences) {
        await tx.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [
          name,
          lastValue ?? startValue,
          lastValue !== null,
        ]);
      }
    });
    return true;
  } catch {
    return false;
  }
}
