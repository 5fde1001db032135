/**
 * npx tsx bench/load-board-run.ts
 *
 * Only the load board's scenarios of `npm run bench` (load-board-bench.ts: the board's read,
 * dispatch latency and delivery latency to 200 screens), on the same seed-scale data, for
 * measuring a change to the board or the delivery chain without the minutes around it.
 * BENCH_ORDERS_DATABASE=NAME keeps the seeded database between runs (as in orders-bench.ts).
 */
import { readEnv } from '../src/env';
import { runLoadBoardBench } from './load-board-bench';
import { startScaleBenchApp } from './scale-bench-app';
import { benchLogin } from './scale-bench-database';

const env = readEnv({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const { bench, apiUrl, token, close } = await startScaleBenchApp(env);
const lines = await runLoadBoardBench({
  apiUrl,
  token,
  username: benchLogin.username,
  tenancy: bench.tenancy,
  name: bench.name,
  physicalUrl: bench.physicalUrl,
  seconds,
});
process.stdout.write(`${bench.seeded}\n${lines.join('\n')}\n`);
await close();
