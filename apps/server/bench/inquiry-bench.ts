/**
 * Ticket inquiry on a long history (issue 14, R-INQ-12): a seed-scale database with 365 days of
 * orders and their tickets (about 1.6 million), through the whole API (token, permissions, price
 * rules, validation, serialisation) beside a baseline in the same run: the same SQL, captured from
 * the inquiry's own service, served by a bare node:http handler with pg (prepared by name, as
 * the API prepares them). Two figures at 20 connections, each request of a run asking for another
 * ticket or customer, the same sequence on both sides:
 *   - a ticket by number (what Enter on a typed number asks): API p99 under 20 ms;
 *   - a filtered search, a customer's tickets of the last 90 days, newest first, with its count:
 *     API p99 under 200 ms.
 * BENCH_INQUIRY_DATABASE=NAME keeps (and reuses) the seeded database between runs: seeding 365
 * days takes minutes.
 *
 * Runs at the end of `npm run bench`, or alone: tsx bench/inquiry-bench.ts.
 */
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { ticketInquiryQuerySchema } from '@dispatch/domain/inquiry/ticket-inquiry';
import { allowedSystemTypes, systemTypes } from '@dispatch/domain/system-types';
import { buildApp } from '../src/app';
import { readEnv, type Env } from '../src/env';
import { scaleOptions } from '../seed/scale-options';
import { searchTicketInquiry } from '../src/modules/inquiry/ticket-inquiry.service';
import { recordingDb, startSqlBaseline, type RecordedStatement } from './bench-tools';
import { benchToken, createScaleBenchDatabase } from './scale-bench-database';

const connections = 20;
const days = 365;
const ordersPerDay = 2000;
/** The filtered search's range: a quarter, ending on the last day of history. */
const rangeDays = 90;

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };
type Scenario = {
  label: string;
  target: number;
  /** The request paths, one per term, asked in turn. */
  paths: string[];
  describe: string;
};

const searchPath = (params: Record<string, string>) =>
  `/api/v1/inquiry/tickets?${new URLSearchParams(params).toString()}`;

async function load(
  url: string,
  headers: Record<string, string>,
  paths: string[],
  seconds: number,
) {
  const requests = paths.map((path) => ({ method: 'GET' as const, path }));
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
  } satisfies Result;
}

/** The statements the inquiry runs for each path, captured from its service on a recording pool. */
async function capture(pool: pg.Pool, paths: string[]) {
  const byPath = new Map<string, RecordedStatement[]>();
  const matches: number[] = [];
  for (const path of paths) {
    const { db, statements } = recordingDb(pool);
    const query = ticketInquiryQuerySchema.parse(
      Object.fromEntries(new URL(path, 'http://bench').searchParams),
    );
    const answer = await searchTicketInquiry(
      db,
      {
        ...query,
        // The bench login works with every system type, as the route's scope would say.
        allowedSystemTypeIds: allowedSystemTypes(systemTypes.map((type) => type.groupId)),
      },
      true,
    );
    const { count } = JSON.parse(answer) as { count: number };
    byPath.set(path, statements);
    matches.push(count);
  }
  return { byPath, matches };
}

const row = (label: string, r: Result) =>
  `  ${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(5)} ms   errors ${r.errors + r.non2xx}`;

/** Seeds (or reuses, BENCH_INQUIRY_DATABASE) the database, measures both figures, answers the lines. */
export async function runInquiryBench(env: Env, seconds: number): Promise<string[]> {
  const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const options = scaleOptions({ ordersPerDay, days });
  const bench = await createScaleBenchDatabase(
    databaseUrl,
    options,
    process.env.BENCH_INQUIRY_DATABASE,
    env.DATABASE_POOL_SIZE,
  );
  const app = await buildApp({ env, tenancy: bench.tenancy });
  // The baseline gets as many connections as the API's pool for a named database.
  const pool = new pg.Pool({ connectionString: bench.physicalUrl, max: env.DATABASE_POOL_SIZE });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const apiUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const token = await benchToken(`${apiUrl}`, bench.name);

    // What the history holds: its span, its tickets, and terms spread over it.
    const [history] = (
      await pool.query<{
        tickets: string;
        first: string;
        last: string;
        days: string;
        low: number;
        high: number;
      }>(
        `select count(*) as tickets, min(ticket_date_time)::date::text as first,
           max(ticket_date_time)::date::text as last,
           count(distinct ticket_date_time::date) as days, min(number) as low, max(number) as high
         from tickets`,
      )
    ).rows;
    if (!history || Number(history.tickets) === 0)
      throw new Error('The bench database has no tickets.');
    // Forty numbers from the oldest to the newest a plant has written.
    const numbers = Array.from({ length: 40 }, (_, index) =>
      Math.round(history.low + ((history.high - history.low) * ((index * 37) % 40)) / 39),
    );
    // Twelve customers from the busiest down to quiet ones, by their number of orders.
    const customers = (
      await pool.query<{ id: number }>(
        `select customer_id as id from (
           select customer_id, row_number() over (order by count(*) desc, customer_id) as rank
           from orders group by customer_id) ranked
         where rank in (1, 2, 3, 10, 50, 200, 1000, 3000, 6000, 10000, 14000, 18000)
         order by rank`,
      )
    ).rows.map((found) => found.id);
    const last = new Date(`${history.last}T12:00:00`);
    const from = new Date(last);
    from.setDate(from.getDate() - (rangeDays - 1));
    const day = (date: Date) => date.toISOString().slice(0, 10);

    const scenarios: Scenario[] = [
      {
        label: 'ticket by number',
        target: 20,
        paths: numbers.map((number) => searchPath({ number: String(number) })),
        describe: 'GET /api/v1/inquiry/tickets?number=<n> (Enter on a typed ticket number)',
      },
      {
        label: 'customer and date range',
        target: 200,
        paths: customers.map((customerId) =>
          searchPath({ customerId: String(customerId), dateFrom: day(from), dateTo: history.last }),
        ),
        describe: `GET /api/v1/inquiry/tickets?customerId=<c>&dateFrom=${day(from)}&dateTo=${history.last} (${rangeDays} days, newest first, first page of 100 with its count)`,
      },
    ];
    const lines: string[] = [];
    for (const scenario of scenarios) {
      const { byPath, matches } = await capture(pool, scenario.paths);
      const baseline = await startSqlBaseline(pool, (url) => byPath.get(url) ?? [], {
        prepared: true,
      });
      const api = await load(apiUrl, { authorization: `Bearer ${token}` }, scenario.paths, seconds);
      const base = await load(`http://127.0.0.1:${baseline.port}`, {}, scenario.paths, seconds);
      await baseline.close();
      const statements = [...byPath.values()].map((list) => list.length);
      const pass = api.p99 < scenario.target && api.errors + api.non2xx === 0;
      lines.push(
        `${scenario.describe}; seed-scale ${days} days, ${Number(history.tickets).toLocaleString('en-US')} tickets on ${history.days} days from ${history.first} to ${history.last} (${bench.seeded}); PostgreSQL, ${connections} connections, ${seconds} s`,
        `  ${scenario.paths.length} ${scenario.label === 'ticket by number' ? 'numbers' : 'customers'} in turn, matching ${Math.min(...matches)} to ${Math.max(...matches)} tickets each; ${Math.min(...statements)} to ${Math.max(...statements)} SQL statement(s) per request`,
        row('API (Fastify, token, rules)', api),
        row('baseline (node:http + pg, same SQL)', base),
        `  ratio ${(api.rps / base.rps).toFixed(2)}   API p99 ${api.p99} ms (target < ${scenario.target} ms)   ${pass ? 'PASS' : 'FAIL'}`,
        '',
      );
    }
    return lines;
  } finally {
    await pool.end();
    await app.close();
    await bench.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = readEnv({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const lines = await runInquiryBench(env, Number(process.env.BENCH_SECONDS ?? 10));
  process.stdout.write(['', ...lines].join('\n'));
}
