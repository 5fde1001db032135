/** What several benchmarks share: TypeScript worker threads and asking them, and the SQL an API call runs. */
import { createHash } from 'node:crypto';
import http from 'node:http';
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

/**
 * Asks a worker thread: posts `command` and resolves with its first message of type `answer`, or
 * rejects with the first `error` message it sends meanwhile.
 */
export function askWorker<Command>(worker: Worker) {
  return <T>(command: Command, answer: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string; message?: string }) => {
        if (message.type === 'error') {
          worker.off('message', onMessage);
          reject(new Error(message.message));
        }
        if (message.type !== answer) return;
        worker.off('message', onMessage);
        resolve(message as T);
      };
      worker.on('message', onMessage);
      worker.postMessage(command);
    });
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

/**
 * A bare node:http + pg server answering each request with the rows of the statements
 * `statementsOf` gives for its URL, as JSON: the baseline beside an API figure. `prepared` sends
 * them by name, as the API prepares its own.
 */
export async function startSqlBaseline(
  pool: pg.Pool,
  statementsOf: (url: string) => readonly RecordedStatement[],
  options: { prepared?: boolean } = {},
) {
  let stopping = false;
  const server = http.createServer((request, response) => {
    void (async () => {
      try {
        const results = [];
        for (const statement of statementsOf(request.url ?? '/')) {
          const name = options.prepared
            ? `baseline_${createHash('sha1').update(statement.sql).digest('hex').slice(0, 16)}`
            : undefined;
          results.push(
            (await pool.query({ name, text: statement.sql, values: statement.params })).rows,
          );
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: false, count: results[0]?.length ?? 0, data: results }),
        );
      } catch (error) {
        response.writeHead(500).end(stopping ? '' : String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    async close() {
      stopping = true;
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
