/**
 * A Drizzle handle on a test database's own client (its PGlite, or its PostgreSQL pool) that
 * hands every statement it sends to `onQuery`: for tests that count a path's round trips or
 * look at the plan of the statement a service really sends.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db } from '../src/db/client';
import { schema } from '../src/db/schema/all';
import type { TestDatabaseKind } from './test-tenancy';

export function loggingDb(
  db: Db,
  kind: TestDatabaseKind,
  onQuery: (query: string, params: unknown[]) => void,
): Db {
  const options = { schema, casing: 'snake_case' as const, logger: { logQuery: onQuery } };
  const client = (db as unknown as { $client: unknown }).$client;
  return (kind === 'pglite'
    ? drizzlePglite(client as PGlite, options)
    : drizzlePg(client as pg.Pool, options)) as unknown as Db;
}
