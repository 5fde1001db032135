/**
 * npx tsx bench/load-board-run.ts
 *
 * Only the load board's scenarios of `npm run bench` (load-board-bench.ts: the board's read,
 * dispatch latency and delivery latency to 200 screens), on the same seed-scale data, for
 * measuring a change to the board or the delivery chain without the minutes around it.
 * BENCH_ORDERS_DATABASE=NAME keeps the seeded database between runs (as in orders-bench.ts).
 */
import { buildApp } from '../src/app';
import { readEnv } from '../src/env';
import { scaleOptions } from '../src/db/seed/scale-options';
import { runLoadBoardBench } from './load-board-bench';
import { benchLogin, benchToken, createScaleBenchDatabase } from './scale-bench-database';

const env = readEnv({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const scale = scaleOptions({ ordersPerDay: 2000, days: 2 });
const bench = await createScaleBenchDatabase(
  env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  scale,
  process.env.BENCH_ORDERS_DATABASE,
  env.DATABASE_POOL_SIZE,
);
const app = await buildApp({ env, tenancy: bench.tenancy });
await app.listen({ host: '127.0.0.1', port: 0 });
const apiUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const token = await benchToken(apiUrl, bench.name);
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
await app.close();
await bench.drop();
