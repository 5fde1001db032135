/**
 * npx tsx bench/order-create-run.ts
 *
 * R-ORD-14: only the order-creation scenario of `npm run bench` (order-create-bench.ts), on the
 * same seed-scale data, for measuring a change to order entry without the minutes around it.
 * BENCH_ORDERS_DATABASE=NAME keeps the seeded database between runs (as in orders-bench.ts);
 * BENCH_SECONDS sets the measured seconds (default 10); BENCH_RUNS runs the scenario that many
 * times in a row on one server (default 1).
 */
import { readEnv } from '../src/env';
import { orderBodyFrom, runOrderCreateBench } from './order-create-bench';
import { startScaleBenchApp } from './scale-bench-app';

const env = readEnv({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const runs = Number(process.env.BENCH_RUNS ?? 1);

const { bench, scale, apiUrl, token, close } = await startScaleBenchApp(env);
const { db } = await bench.tenancy.open(bench.name);
const orderBody = await orderBodyFrom(db, scale.today);
for (let run = 0; run < runs; run += 1) {
  const lines = await runOrderCreateBench({
    apiUrl,
    token,
    physicalUrl: bench.physicalUrl,
    body: { ...orderBody, customerPoNumber: 'BENCH-CREATE' },
    seconds,
  });
  process.stdout.write(`${bench.seeded}\n${lines.join('\n')}\n`);
}
await close();
