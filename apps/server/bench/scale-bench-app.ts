/**
 * The API on the benchmark's seed-scale orders database (2,000 orders a day for 2 days, as
 * `npm run bench` seeds it), on a free port, with the bench user's token: what a runner of one
 * scenario (order-create-run.ts, load-board-run.ts) starts before measuring it.
 * BENCH_ORDERS_DATABASE=NAME keeps the seeded database between runs.
 */
import { buildApp } from '../src/app';
import type { Env } from '../src/env';
import { scaleOptions, type ScaleOptions } from '../seed/scale-options';
import {
  benchToken,
  createScaleBenchDatabase,
  type ScaleBenchDatabase,
} from './scale-bench-database';

export type ScaleBenchApp = {
  bench: ScaleBenchDatabase;
  scale: ScaleOptions;
  apiUrl: string;
  token: string;
  /** Closes the API and drops the database unless it was named to be kept. */
  close: () => Promise<void>;
};

export async function startScaleBenchApp(env: Env): Promise<ScaleBenchApp> {
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
  return {
    bench,
    scale,
    apiUrl,
    token,
    close: async () => {
      await app.close();
      await bench.drop();
    },
  };
}
