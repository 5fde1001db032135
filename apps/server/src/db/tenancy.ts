import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseConnection } from './client';

/** A named database as the login screen lists it (R-ENTITY-32: databaseName, serverName). */
export type NamedDatabase = { databaseName: string; serverName: string };

/**
 * The catalog of named databases (LIVE, TRAINING, DEMO, ...). Each is its own PostgreSQL database
 * (embedded: its own PGlite directory), with its own users, sessions and data.
 */
export type Tenancy = {
  kind: 'pglite' | 'postgres';
  list(): Promise<NamedDatabase[]>;
  find(name: string): Promise<NamedDatabase | undefined>;
  create(name: string): Promise<NamedDatabase>;
  /** Opens (once, then cached) and migrates the named database. */
  open(name: string): Promise<DatabaseConnection>;
  close(): Promise<void>;
};

const namePattern = /^[A-Za-z][A-Za-z0-9_]{0,30}$/;
/** The advisory lock that makes the catalog table's creation one process at a time. */
const catalogLockKey = 84_840_002;

export function assertDatabaseName(name: string): void {
  if (!namePattern.test(name)) {
    throw new Error(
      `Invalid database name '${name}': use a letter then letters, digits or underscores (at most 31).`,
    );
  }
}

function canonical(name: string): string {
  return name.toUpperCase();
}

/** PostgreSQL keeps the first 63 bytes of an identifier and drops the rest. */
const identifierBytes = 63;

/**
 * The PostgreSQL database that holds a named database: the catalog database's name, then the
 * name. Should the two not fit in 63 bytes, PostgreSQL would cut them, and two long names would
 * land in one database; the catalog's part is then shortened and followed by its hash instead, so
 * the named part is always kept whole and each name has a database of its own.
 */
export function physicalDatabaseName(catalog: string, name: string): string {
  const plain = `${catalog}_${name.toLowerCase()}`;
  if (Buffer.byteLength(plain) <= identifierBytes) return plain;
  const hash = createHash('sha256').update(catalog).digest('hex').slice(0, 8);
  let prefix = catalog;
  const fixed = `${hash}_${name.toLowerCase()}`;
  while (Buffer.byteLength(prefix + fixed) > identifierBytes) prefix = prefix.slice(0, -1);
  return prefix + fixed;
}

export function createTenancy(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** Embedded: the image a new database starts from, already migrated (the tests' template). */
  pgliteImage?: () => Promise<Blob | undefined>;
  /**
   * Embedded: how a named database opens when not from a directory of its own (the tests keep
   * theirs in memory, and open across suites, ADR 017).
   */
  pgliteOpen?: () => Promise<DatabaseConnection>;
  /** PostgreSQL: the database a new one is copied from, already migrated (the tests' template). */
  postgresTemplate?: string | undefined;
}): Tenancy {
  return options.databaseUrl
    ? postgresTenancy(options.databaseUrl, options.poolSize, options.postgresTemplate)
    : pgliteTenancy(path.resolve(options.dataDir), options.pgliteImage, options.pgliteOpen);
}

function withConnectionCache(
  base: Omit<Tenancy, 'open' | 'close'>,
  openConnection: (name: string) => Promise<DatabaseConnection>,
  closeCatalog: () => Promise<void> = async () => {},
): Tenancy {
  const open = new Map<string, Promise<DatabaseConnection>>();
  return {
    ...base,
    async open(name) {
      const key = canonical(name);
      let connection = open.get(key);
      if (!connection) {
        if (!(await base.find(key))) throw new Error(`The database ${key} does not exist.`);
        connection = openConnection(key);
        open.set(key, connection);
        connection.catch(() => open.delete(key));
      }
      return connection;
    },
    async close() {
      const connections = await Promise.allSettled([...open.values()]);
      open.clear();
      await Promise.all(
        connections.flatMap((result) =>
          result.status === 'fulfilled' ? [result.value.close()] : [],
        ),
      );
      await closeCatalog();
    },
  };
}

function pgliteTenancy(
  dataDir: string,
  image?: () => Promise<Blob | undefined>,
  openElsewhere?: () => Promise<DatabaseConnection>,
): Tenancy {
  const catalogFile = path.join(dataDir, 'catalog.json');
  const serverName = `${hostname()} (embedded)`;
  // One process owns an embedded data directory, so the catalog is read once and kept.
  let catalog: NamedDatabase[] | undefined;
  const read = (): NamedDatabase[] =>
    (catalog ??= existsSync(catalogFile)
      ? (JSON.parse(readFileSync(catalogFile, 'utf8')) as NamedDatabase[])
      : []);
  const base: Omit<Tenancy, 'open' | 'close'> = {
    kind: 'pglite',
    list: () => Promise.resolve(read()),
    find: (name) =>
      Promise.resolve(
        namePattern.test(name)
          ? read().find((db) => db.databaseName === canonical(name))
          : undefined,
      ),
    create(name) {
      assertDatabaseName(name);
      const entry = { databaseName: canonical(name), serverName };
      const all = read();
      if (!all.some((db) => db.databaseName === entry.databaseName)) {
        mkdirSync(dataDir, { recursive: true });
        catalog = [...all, entry];
        writeFileSync(catalogFile, JSON.stringify(catalog, null, 2));
      }
      return Promise.resolve(entry);
    },
  };
  return withConnectionCache(
    base,
    async (name) =>
      openElsewhere?.() ??
      openPglite(path.join(dataDir, name.toLowerCase()), { initialData: await image?.() }),
  );
}

function postgresTenancy(databaseUrl: string, poolSize?: number, template?: string): Tenancy {
  const catalogUrl = new URL(databaseUrl);
  const catalogDb = decodeURIComponent(catalogUrl.pathname.slice(1)) || 'postgres';
  const serverName = `${catalogUrl.hostname}:${catalogUrl.port || '5432'}`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => {});
  // Concurrent CREATE TABLE IF NOT EXISTS can both pass the check and collide on the catalog's
  // type name (processes starting side by side on a new server): one lock, held to the implicit
  // transaction's end, takes them in turn.
  const ready = pool.query(
    `SELECT pg_advisory_xact_lock(${catalogLockKey});
     CREATE TABLE IF NOT EXISTS named_databases (
       database_name text PRIMARY KEY,
       server_name text NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now())`,
  );
  const physicalName = (name: string) => physicalDatabaseName(catalogDb, name);
  const urlOf = (name: string) => {
    const url = new URL(databaseUrl);
    url.pathname = `/${physicalName(name)}`;
    return url.toString();
  };
  const found = new Map<string, NamedDatabase>();
  const toNamed = (row: { database_name: string; server_name: string }): NamedDatabase => ({
    databaseName: row.database_name,
    serverName: row.server_name,
  });
  const base: Omit<Tenancy, 'open' | 'close'> = {
    kind: 'postgres',
    async list() {
      await ready;
      const { rows } = await pool.query<{ database_name: string; server_name: string }>(
        'SELECT database_name, server_name FROM named_databases ORDER BY database_name',
      );
      return rows.map(toNamed);
    },
    async find(name) {
      // A name that could never have been created cannot exist; it must not reach the server.
      if (!namePattern.test(name)) return undefined;
      // Every authenticated request looks its database up; named databases are never dropped
      // by the application, so one found stays found.
      const known = found.get(canonical(name));
      if (known) return known;
      await ready;
      const { rows } = await pool.query<{ database_name: string; server_name: string }>(
        'SELECT database_name, server_name FROM named_databases WHERE database_name = $1',
        [canonical(name)],
      );
      const named = rows[0] ? toNamed(rows[0]) : undefined;
      if (named) found.set(named.databaseName, named);
      return named;
    },
    async create(name) {
      assertDatabaseName(name);
      await ready;
      const exists = await pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        physicalName(name),
      ]);
      if (exists.rowCount === 0) {
        await pool.query(
          `CREATE DATABASE ${pg.escapeIdentifier(physicalName(name))}` +
            (template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''),
        );
      }
      await pool.query(
        `INSERT INTO named_databases (database_name, server_name) VALUES ($1, $2)
         ON CONFLICT (database_name) DO NOTHING`,
        [canonical(name), serverName],
      );
      return { databaseName: canonical(name), serverName };
    },
  };
  return withConnectionCache(
    base,
    (name) => openPostgres(urlOf(name), poolSize),
    () => pool.end(),
  );
}
