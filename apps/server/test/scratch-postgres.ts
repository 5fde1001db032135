/**
 * Test helper for suites that need PostgreSQL itself (several processes on one server): a scratch
 * catalog database on DATABASE_URL's server, else the local server (postgres@127.0.0.1:5432, as
 * the benchmarks use), dropped afterwards with the named databases made under it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { readEnv } from '../src/env';

export type ScratchPostgres = {
  /** DATABASE_URL for the processes under test: named databases become `<scratch>_<name>`. */
  url: string;
  /** The PostgreSQL database that holds a named database. */
  urlOf(namedDatabase: string): string;
  drop(): Promise<void>;
};

/** The PostgreSQL server the suites use: DATABASE_URL's, else the local one. */
export const scratchServerUrl = () =>
  readEnv().DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createScratchPostgres(prefix: string): Promise<ScratchPostgres> {
  const server = scratchServerUrl();
  const name = `${prefix}_${randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const urlFor = (database: string) => {
    const url = new URL(server);
    url.pathname = `/${database}`;
    return url.toString();
  };
  return {
    url: urlFor(name),
    urlOf: (named) => urlFor(`${name}_${named.toLowerCase()}`),
    async drop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        const { rows } = await client.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
          [name, `${name}\\_%`],
        );
        for (const { datname } of rows) {
          await client.query(
            `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`,
          );
        }
      } finally {
        await client.end();
      }
    },
  };
}
