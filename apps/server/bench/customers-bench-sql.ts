/**
 * The SQL the API runs for `GET /api/v1/customers?search=<term>&sort=name&limit=50`, taken from the
 * same code path: the query string is parsed by the list route's own schema (listQuerySchemaOf the
 * customer resource) and handed to the resource engine's `listResource`, run against a Drizzle
 * handle whose logger records each statement and its parameters. Whatever the engine builds
 * (conditions, ordering, reference labels, the window total), the baseline replays exactly that.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { customerResource } from '@dispatch/domain/resources/customers';
import { listQuerySchemaOf } from '@dispatch/domain/resources/define';
import { allowedSystemTypes, systemTypes } from '@dispatch/domain/system-types';
import type { Db } from '../src/db/client';
import { schema } from '../src/db/schema/all';
import { listResource } from '../src/resources/resource-read';

export type Statement = { sql: string; params: unknown[] };

export function customerListPath(search: string): string {
  return `/api/v1/customers?${new URLSearchParams({ search, sort: 'name', limit: '50' }).toString()}`;
}

/** The statements the list route runs for one search term, and how many customers match. */
export async function captureCustomerListSql(
  pool: pg.Pool,
  search: string,
): Promise<{ statements: Statement[]; count: number }> {
  const statements: Statement[] = [];
  const recording = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => statements.push({ sql, params }) },
  }) as unknown as Db;
  const query = listQuerySchemaOf(customerResource).parse(
    Object.fromEntries(new URL(customerListPath(search), 'http://bench').searchParams),
  );
  // The bench login works with every system type, as the route's context would say.
  const context = { systemTypeIds: allowedSystemTypes(systemTypes.map((type) => type.groupId)) };
  const { count } = await listResource(recording, customerResource, query, context);
  return { statements, count };
}
