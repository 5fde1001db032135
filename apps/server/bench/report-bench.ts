/**
 * The shipped-orders report for a month (issue 14, R-RPT-10, R-RPT-21) on a seed-scale database with
 * 365 days of history (2,000 orders a day: about 60,000 orders and 130,000 tickets in a month),
 * timed from the request (`POST /api/v1/reports/runs`, all three files: PDF, CSV, Excel) until
 * the requester's reportComplete_v1 arrives through the change feed the hub listens to. Beside it,
 * a baseline from the same run: the same month's tickets and their lines read with bare SQL into
 * memory (pg, no API, no files). Target: under 5 s.
 * BENCH_REPORT_DATABASE=NAME (or BENCH_INQUIRY_DATABASE, the same seed-scale options) keeps and
 * reuses the seeded database: seeding 365 days takes minutes.
 *
 * Runs at the end of `npm run bench`, or alone: tsx bench/report-bench.ts.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { BackgroundJob } from '@dispatch/domain/jobs/background-jobs';
import { reportPeriodLabel } from '@dispatch/domain/reports/report-period';
import { buildApp } from '../src/app';
import { readEnv, type Env } from '../src/env';
import { scaleOptions } from '../seed/scale-options';
import { startOfBusinessDay } from '../src/modules/tickets/tickets.service';
import { listenToDispatch } from '../test/dispatch-listener';
import { benchToken, createScaleBenchDatabase } from './scale-bench-database';

const days = 365;
const ordersPerDay = 2000;
const targetMs = 5000;
const runs = Number(process.env.BENCH_REPORT_RUNS ?? 3);

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Seeds (or reuses) the database, runs the report `runs` times and the baseline as often. */
export async function runReportBench(env: Env): Promise<string[]> {
  const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const bench = await createScaleBenchDatabase(
    databaseUrl,
    scaleOptions({ ordersPerDay, days }),
    process.env.BENCH_REPORT_DATABASE ?? process.env.BENCH_INQUIRY_DATABASE,
    env.DATABASE_POOL_SIZE,
  );
  // Jobs are asked for every half second, as an idle worker does in tests.
  const app = await buildApp({
    env,
    tenancy: bench.tenancy,
    jobOptions: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 30 },
  });
  const pool = new pg.Pool({ connectionString: bench.physicalUrl, max: 2 });
  const events = await listenToDispatch(await bench.tenancy.open(bench.name));
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const apiUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const token = await benchToken(`${apiUrl}`, bench.name);

    // The last whole month of the history.
    const [history] = (
      await pool.query<{ last: string }>(
        `select max(ticket_date_time)::date::text as last from tickets`,
      )
    ).rows;
    if (!history?.last) throw new Error('The bench database has no tickets.');
    const lastDay = new Date(`${history.last.slice(0, 7)}-01T00:00:00Z`);
    lastDay.setUTCDate(0);
    const to = lastDay.toISOString().slice(0, 10);
    const from = `${to.slice(0, 7)}-01`;
    const params = { from, to };

    const baseline = async () => {
      const started = performance.now();
      const { rows } = await pool.query(
        `select t.*, tp.*
           from tickets t join ticket_products tp on tp.ticket_id = t.id
          where t.ticket_date_time >= $1 and t.ticket_date_time < $2`,
        [startOfBusinessDay(from), startOfBusinessDay(to, 1)],
      );
      return { ms: performance.now() - started, rows: rows.length };
    };
    const report = async () => {
      const started = performance.now();
      const response = await fetch(`${apiUrl}/api/v1/reports/runs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reportKey: 'shippedOrders', params }),
      });
      if (response.status !== 202) throw new Error(`report run: ${await response.text()}`);
      const job = (await response.json()) as BackgroundJob;
      await events.next(
        'reportComplete_v1',
        (event) => (event.data as { reportId?: number }).reportId === job.id,
        600_000,
      );
      const ms = performance.now() - started;
      const done = (await (
        await fetch(`${apiUrl}/api/v1/background-jobs/${job.id}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as BackgroundJob;
      return { ms, job: done };
    };

    const reports: Awaited<ReturnType<typeof report>>[] = [];
    const baselines: Awaited<ReturnType<typeof baseline>>[] = [];
    for (let run = 0; run < runs; run += 1) {
      baselines.push(await baseline());
      reports.push(await report());
    }
    const last = reports[reports.length - 1]!.job;
    const timings = (last.result?.timings ?? {}) as Record<string, number>;
    const apiMs = median(reports.map((each) => each.ms));
    const pass = apiMs < targetMs && last.state === 'completed';
    return [
      `Shipped-orders report for ${reportPeriodLabel(from, to)} (POST /api/v1/reports/runs, PDF + CSV + Excel) until reportComplete_v1; seed-scale ${days} days (${bench.seeded}); PostgreSQL; ${runs} runs one after another`,
      `  ${last.message}; files ${last.files.map((file) => `${file.name.split('.').pop()} ${(file.size / 1024).toFixed(0)} KB`).join(', ')}`,
      `  report (API, job, files)            ${reports.map((each) => seconds(each.ms)).join('  ')}   median ${seconds(apiMs)}`,
      `    last run's steps: ${Object.entries(timings)
        .map(([step, ms]) => `${step} ${seconds(ms)}`)
        .join(', ')}`,
      `  baseline (pg: the month's ${baselines[0]!.rows.toLocaleString('en-US')} ticket lines into memory)   ${baselines.map((each) => seconds(each.ms)).join('  ')}   median ${seconds(median(baselines.map((each) => each.ms)))}`,
      `  report median ${seconds(apiMs)} (target < ${seconds(targetMs)})   ${pass ? 'PASS' : 'BELOW TARGET'}`,
      '',
    ];
  } finally {
    await events.stop();
    await pool.end();
    await app.close();
    await bench.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = readEnv({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  process.stdout.write(['', ...(await runReportBench(env))].join('\n'));
}
