/** What several benchmarks share: TypeScript worker threads, and the SQL an API call runs. */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../src/db/client';
import { schema } from '../src/db/schema/all';

/**
 * A worker thread running a TypeScript module of the benchmark (named relative to `from`, the
 * caller's import.meta.url). Worker threads do not inherit tsx's loader: the worker loads its
 * TypeScript through tsx's API.
 */
export function tsWorker(module: string, from: string): Worker {
  const file = fileURLToPath(new URL(module, from));
  return new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(from)}))`,
    { eval: true },
  );
}

export type RecordedStatement = { sql: string; params: unknown[] };

/**
 * A Drizzle database on the pool that records every statement it runs: the exact SQL the API
 * runs for a request, for a baseline that runs the same SQL without the API.
 */
export function recordingDb(pool: pg.Pool): { db: Db; statements: RecordedStatement[] } {
  const statements: RecordedStatement[] = [];
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => statements.push({ sql, params }) },
  }) as unknown as Db;
  return { db, statements };
}
