/**
 * npm run bench -w @dispatch/server
 *
 * The dashboard's main read and the full orders read, GET /api/v1/orders for today, on a seed-scale
 * database with 2,000 orders that day, through the whole API (token lookup, permissions, price
 * rules, validation, serialisation) against a baseline in the same run: the same SQL served by a
 * bare node:http handler with pg. Both under autocannon on loopback at 50 connections, while an
 * order is saved every 250 ms (each save drops the cached answers, as on a busy day). The API is
 * asked as a browser asks, accepting gzip; the bare baseline answers plain JSON. Targets
 * (issues 3 and 12): ratio of requests per second at least 0.6, API p99 under 50 ms.
 * Then order creation (order-create-bench.ts), the load board's reads and dispatch latency
 * (load-board-bench.ts) and the customers search (customers-bench.ts).
 * BENCH_ORDERS_DATABASE=NAME keeps the seeded orders database between runs.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { buildApp } from '../src/app';
import { readEnv } from '../src/env';
import type { Db } from '../src/db/client';
import { scaleOptions } from '../seed/scale-options';
import { recordingDb, startSqlBaseline } from './bench-tools';
import { runCustomersBench } from './customers-bench';
import { runInquiryBench } from './inquiry-bench';
import { runReportBench } from './report-bench';
import { runLoadBoardBench } from './load-board-bench';
import { orderBodyFrom, runOrderCreateBench } from './order-create-bench';
import { benchLogin, benchToken, createScaleBenchDatabase } from './scale-bench-database';
import {
  listOrderBoard,
  listOrders,
  type OrderListOptions,
} from '../src/modules/orders/orders.service';

const connections = 50;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const env = readEnv({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production' });

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(url: string, headers: Record<string, string>): Promise<Result> {
  // A short warm-up, so both sides are measured with hot caches and JIT-compiled handlers.
  // The load generator runs in its own thread: sharing the server's event loop would measure both.
  await autocannon({ url, headers, connections, workers: 1, duration: 2 });
  const result = await autocannon({
    url,
    headers,
    connections,
    workers: 1,
    duration: durationSeconds,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const scale = scaleOptions({ ordersPerDay: 2000, days: 2 });
  const today = scale.today;
  const bench = await createScaleBenchDatabase(
    env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    scale,
    process.env.BENCH_ORDERS_DATABASE,
    env.DATABASE_POOL_SIZE,
  );
  const { tenancy, name } = bench;
  const app = await buildApp({ env, tenancy });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const apiPort = (app.server.address() as { port: number }).port;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const token = await benchToken(apiUrl, name);
  const { db } = await tenancy.open(name);
  const orderBody = await orderBodyFrom(db, today);
  /** A dispatcher saving an order every 250 ms while the reads are measured. */
  const writing = (seconds: number) => {
    const until = Date.now() + seconds * 1000;
    let saved = 0;
    const done = (async () => {
      while (Date.now() < until) {
        const response = await fetch(`${apiUrl}/api/v1/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ...orderBody, shipDate: today, orderDate: today }),
        });
        if (response.status === 201) saved += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return saved;
    })();
    return done;
  };

  // The exact statements the API runs for a request, captured from Drizzle's logger.
  const pool = new pg.Pool({ connectionString: bench.physicalUrl, max: 20 });
  const capture = async (
    list: (db: Db, options: OrderListOptions) => Promise<{ count: number }>,
  ) => {
    const { db: recording, statements } = recordingDb(pool);
    const { count } = await list(recording, {
      allowedSystemTypeIds: allowedSystemTypes([1001, 1002, 1003]),
      shipDateFrom: today,
      shipDateTo: today,
      order: 'asc',
      offset: 0,
      limit: 100,
    });
    return { statements, count };
  };

  const row = (label: string, r: Result) =>
    `  ${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(5)} ms   errors ${r.errors + r.non2xx}`;
  const lines: string[] = [''];
  const views = [
    {
      label: 'board (the dashboard main read)',
      query: '?view=board',
      list: listOrderBoard,
    },
    { label: 'full (orders with schedules)', query: '', list: listOrders },
  ];
  for (const view of views) {
    const { statements, count } = await capture(view.list);
    const baseline = await startSqlBaseline(pool, () => statements);
    const writes = writing(durationSeconds + 2);
    // As a browser asks: it accepts gzip, which the API gives for its cached answers.
    const api = await load(`${apiUrl}/api/v1/orders${view.query}`, {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip, deflate, br',
    });
    const saved = await writes;
    const base = await load(`http://127.0.0.1:${baseline.port}/`, {});
    await baseline.close();
    const ratio = api.rps / base.rps;
    lines.push(
      `GET /api/v1/orders${view.query} for today: ${view.label}; first page of ${count} orders (seed-scale, ${bench.seeded}), ${statements.length} SQL statement(s); PostgreSQL, ${connections} connections, ${durationSeconds} s, ${saved} orders saved meanwhile`,
      row('API (Fastify, token, rules, gzip)', api),
      row('baseline (node:http + pg, same SQL)', base),
      `  ratio ${ratio.toFixed(2)} (target >= 0.60)   API p99 ${api.p99} ms (target < 50 ms)   ${ratio >= 0.6 && api.p99 < 50 ? 'PASS' : 'BELOW TARGET'}`,
      '',
    );
  }
  process.stdout.write(lines.join('\n'));

  // The second scenario: saving orders, each until its event arrives.
  process.stdout.write(
    [
      '',
      ...(await runOrderCreateBench({
        apiUrl,
        token,
        physicalUrl: bench.physicalUrl,
        body: { ...orderBody, customerPoNumber: 'BENCH-CREATE' },
        seconds: durationSeconds,
      })),
    ].join('\n'),
  );

  // The fourth scenario (issue 13): the load board's reads and dispatch latency to 200 screens.
  process.stdout.write(
    [
      '',
      ...(await runLoadBoardBench({
        apiUrl,
        token,
        username: benchLogin.username,
        tenancy,
        name,
        physicalUrl: bench.physicalUrl,
        seconds: durationSeconds,
      })),
    ].join('\n'),
  );

  await pool.end();
  await app.close();
  await bench.drop();

  // The third scenario: the customers search on a seed-scale database.
  process.stdout.write(['', ...(await runCustomersBench(env, durationSeconds))].join('\n'));

  // Ticket inquiry on 365 days of tickets (issue 14): by number, and by customer and days.
  process.stdout.write(['', ...(await runInquiryBench(env, durationSeconds))].join('\n'));
  // The shipped-orders report for a month of that history (issue 14), request to reportComplete_v1.
  process.stdout.write(['', ...(await runReportBench(env))].join('\n'));
}

await main();
