/**
 * The pour-page benchmark's API, run as its own process (so its CPU time is its own): what
 * `src/main.ts --role api` runs (the tenancy, one change feed, the geofence clocks, the app on
 * HOST:PORT) without the demo database. The bench measures its own seed-scale database only, and
 * `main.ts` would create, seed or migrate the demo database on the PostgreSQL server it is given,
 * which is no business of a benchmark's (and fails the start when that shared database was migrated
 * by another version of the code). Configured as the server is, by the environment (env.ts), and
 * BENCH_DATABASE names the bench's database.
 */
import pino from 'pino';
import { buildApp } from '../src/app';
import { createTenancy } from '../src/db/tenancy';
import { createChangeFeed } from '../src/dispatch/change-feed';
import { readEnv } from '../src/env';
import { loggerOptions } from '../src/http/logger';
import { keepGeofenceClocks } from '../src/modules/trucks/geofence-clock';

const env = readEnv();
const tenancy = createTenancy({
  dataDir: env.DATA_DIR,
  poolSize: env.DATABASE_POOL_SIZE,
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
});
const logger = pino(loggerOptions(env) as pino.LoggerOptions);
const changeFeed = createChangeFeed(tenancy, logger);
// The geofence clocks over the bench's own database (BENCH_DATABASE) only: main.ts runs them over
// every database on the server, and a benchmark has no business in the others.
const benchDatabase = process.env.BENCH_DATABASE?.toUpperCase();
const geofenceClocks = keepGeofenceClocks(
  {
    ...tenancy,
    list: async () =>
      (await tenancy.list()).filter((named) => named.databaseName.toUpperCase() === benchDatabase),
  },
  { logger },
);
const app = await buildApp({ env, tenancy, changeFeed });

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  void (async () => {
    await geofenceClocks.stop();
    await app.close();
    await changeFeed.close();
    await tenancy.close();
    process.exit(0);
  })();
});

await app.listen({ host: env.HOST, port: env.PORT });
process.stdout.write(`Pour bench API listening on ${env.HOST}:${env.PORT}\n`);
