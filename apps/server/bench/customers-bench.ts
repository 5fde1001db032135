/**
 * The customers search of the office screens and order entry, GET /api/v1/customers?search=<term>
 * &sort=name&limit=50 (the first page, by name), on a database the seed-scale generator filled with
 * its default 20,000 customers and 100,000 jobs. Through the whole API (token, permissions, price
 * rules, validation, serialisation) beside a baseline in the same run: the same SQL, captured from
 * the customers service itself, served by a bare node:http handler with pg. The search term changes
 * from request to request along a fixed list of fragments, the same sequence on both sides, so no
 * single cached answer is measured. autocannon on loopback at 50 connections.
 * Targets: API p99 under 50 ms, requests per second at least 0.6 of the baseline's.
 *
 * Runs after the orders scenario of `npm run bench`, or alone: tsx bench/customers-bench.ts.
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app';
import { readEnv, type Env } from '../src/env';
import { scaleOptions } from '../seed/scale-options';
import { captureCustomerListSql, customerListPath, type Statement } from './customers-bench-sql';
import { startSqlBaseline } from './bench-tools';
import { benchToken, createScaleBenchDatabase } from './scale-bench-database';

/** Fragments people type: name words, a phone block, a customer number prefix, a suburb. */
export const searchTerms = [
  'sum',
  'pav',
  'con',
  '555-01',
  'C10',
  'mil',
  'homes',
  'exc',
  'stone',
  'bro',
  'land',
  'dublin',
] as const;

const connections = 50;
const targets = { p99: 50, ratio: 0.6 } as const;

/** Fewer orders than the seed-scale default: this read does not touch them. */
const ordersPerDay = 50;
const days = 30;

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Result> {
  // One request per term in turn, on every connection: both sides see the same sequence.
  const requests = searchTerms.map((term) => ({
    method: 'GET' as const,
    path: customerListPath(term),
  }));
  const run = (duration: number) =>
    autocannon({ url, headers, requests, connections, workers: 1, duration });
  // A short warm-up, so both sides are measured with hot caches and JIT-compiled handlers.
  await run(2);
  const result = await run(seconds);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Saves one customer (its credit notes changed) once a second for `seconds`; answers the saves made. */
async function saving(apiUrl: string, token: string, seconds: number): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = (await (await fetch(`${apiUrl}/api/v1/customers?limit=1`, { headers })).json()) as {
    data: { id: number }[];
  };
  const id = list.data[0]!.id;
  const until = Date.now() + seconds * 1000;
  let saved = 0;
  while (Date.now() < until) {
    const current = (await (
      await fetch(`${apiUrl}/api/v1/customers/${id}`, { headers })
    ).json()) as Record<string, unknown>;
    const answer = await fetch(`${apiUrl}/api/v1/customers/${id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...current, creditNotes: `bench save ${saved}` }),
    });
    if (!answer.ok) throw new Error(`customer save: ${answer.status} ${await answer.text()}`);
    saved += 1;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return saved;
}

const row = (label: string, r: Result) =>
  `  ${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(5)} ms   errors ${r.errors + r.non2xx}`;

/** Seeds (or reuses, BENCH_SCALE_DATABASE) the database, measures both sides, answers the lines. */
export async function runCustomersBench(env: Env, seconds: number): Promise<string[]> {
  const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const bench = await createScaleBenchDatabase(
    databaseUrl,
    scaleOptions({ ordersPerDay, days }),
    process.env.BENCH_SCALE_DATABASE,
    env.DATABASE_POOL_SIZE,
  );
  const app = await buildApp({ env, tenancy: bench.tenancy });
  // The baseline gets as many connections as the API's pool for a named database.
  const pool = new pg.Pool({ connectionString: bench.physicalUrl, max: env.DATABASE_POOL_SIZE });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const apiPort = (app.server.address() as { port: number }).port;
    const token = await benchToken(`http://127.0.0.1:${apiPort}`, bench.name);

    const statements = new Map<string, Statement[]>();
    const matches: string[] = [];
    for (const term of searchTerms) {
      const captured = await captureCustomerListSql(pool, term);
      statements.set(term, captured.statements);
      matches.push(`'${term}' ${captured.count}`);
    }
    const baseline = await startSqlBaseline(
      pool,
      (url) =>
        statements.get(new URL(url, 'http://baseline').searchParams.get('search') ?? '') ?? [],
    );
    // A clerk saves a customer every second meanwhile (far busier than an office): each save
    // drops the kept list answers (ADR 014), so the figure includes reading them again.
    const saves = saving(`http://127.0.0.1:${apiPort}`, token, seconds + 2);
    const api = await load(
      `http://127.0.0.1:${apiPort}`,
      { authorization: `Bearer ${token}` },
      seconds,
    );
    const saved = await saves;
    const base = await load(`http://127.0.0.1:${baseline.port}`, {}, seconds);
    await baseline.close();
    const ratio = api.rps / base.rps;
    const pass = ratio >= targets.ratio && api.p99 < targets.p99;
    return [
      `GET /api/v1/customers?search=<term>&sort=name&limit=50 (first page by name); seed-scale defaults for customers and jobs (20,000 and 100,000), orders cut to ${ordersPerDay}/day for ${days} days to keep the bench fast (${bench.seeded}); PostgreSQL, ${connections} connections, ${seconds} s`,
      `  ${searchTerms.length} terms in turn, matching customers: ${matches.join(', ')}; ${statements.get(searchTerms[0])?.length ?? 0} SQL statement(s) per request; ${saved} customers saved through the API meanwhile`,
      row('API (Fastify, token, rules)', api),
      row('baseline (node:http + pg, same SQL)', base),
      `  ratio ${ratio.toFixed(2)} (target >= ${targets.ratio.toFixed(2)})   API p99 ${api.p99} ms (target < ${targets.p99} ms)   ${pass ? 'PASS' : 'FAIL'}`,
      '',
    ];
  } finally {
    await pool.end();
    await app.close();
    await bench.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = readEnv({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const lines = await runCustomersBench(env, Number(process.env.BENCH_SECONDS ?? 10));
  process.stdout.write(['', ...lines].join('\n'));
}
