import path from 'node:path';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildApp } from './app';
import { readEnv } from './env';
import { createTenancy } from './db/tenancy';
import { demoDatabaseName, ensureDemoDatabase, keepDemoOnTheClock } from '../seed/demo-database';
import { demoLogins } from '../seed/demo';
import { driveDemoFleet } from '../seed/demo-fleet-simulator';
import { startDemoPlantHardware } from '../seed/demo-plant-hardware';
import { keepGeofenceClocks } from './modules/trucks/geofence-clock';
import { createChangeFeed } from './dispatch/change-feed';
import { dispatchHubPath } from './dispatch/dispatcher';
import { createDispatchHub } from './dispatch/hub-wiring';
import { loggerOptions } from './http/logger';
import { spoolDirOf } from './printing/printer';

const roles = ['both', 'api', 'dispatcher'] as const;
type Role = (typeof roles)[number];

function readRole(): Role {
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'both' } } });
  const role = values.role as Role;
  if (!roles.includes(role)) {
    throw new Error(`--role must be one of ${roles.join(', ')}; got '${String(values.role)}'.`);
  }
  return role;
}

/**
 * Starts the roles asked for (default: the API and the dispatcher in one process) over the
 * configured database (PGlite under DATA_DIR by default), with the demo database created and
 * seeded on first start and its day kept on the clock (R-DEMO-1), and prints where to go and how
 * to log in.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const role = readRole();
  const env = readEnv();
  const runsApi = role !== 'dispatcher';
  const runsDispatcher = role !== 'api';
  const webDist = env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');
  const tenancy = createTenancy({
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  });
  const logger = pino(loggerOptions(env) as pino.LoggerOptions);
  const changeFeed = createChangeFeed(tenancy, logger);
  const followClock = env.DEMO_FOLLOWS_CLOCK;
  const demo = runsApi
    ? await ensureDemoDatabase(tenancy, new Date(), { followClock })
    : { created: false };
  const demoClock = runsApi && followClock ? keepDemoOnTheClock(tenancy, { logger }) : undefined;
  // R-SCALE-1, R-BATCH-9: the demo's scales and batch system, read through the real drivers.
  const demoHardware = runsApi
    ? await startDemoPlantHardware(tenancy, { dataDir: env.DATA_DIR, logger })
    : undefined;
  // R-DEMO-7: a demo standing at mid-day while real time runs on would send its trucks flying.
  const geofenceClocks = runsApi ? keepGeofenceClocks(tenancy, { logger }) : undefined;
  const demoFleet =
    runsApi && followClock && env.DEMO_FLEET === 'on'
      ? driveDemoFleet(tenancy, { logger })
      : undefined;
  const app = runsApi
    ? await buildApp({
        env: { ...env, ...(existsSync(webDist) ? { WEB_DIST_DIR: webDist } : {}) },
        tenancy,
        changeFeed,
      })
    : undefined;
  const dispatcher = runsDispatcher
    ? createDispatchHub({
        tenancy,
        changeFeed,
        now: () => new Date(),
        logger,
        printing: { spoolDir: spoolDirOf(env) },
        allowedOrigins: env.HUB_ALLOWED_ORIGINS,
      })
    : undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await demoFleet?.stop();
    await geofenceClocks?.stop();
    await demoClock?.stop();
    await dispatcher?.close();
    await demoHardware?.stop();
    await app?.close();
    await changeFeed.close();
    await tenancy.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app?.listen({ host: env.HOST, port: env.PORT });
  await dispatcher?.listen(env.DISPATCHER_PORT, env.HOST);

  const url = `http://localhost:${env.PORT}`;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const database = env.DATABASE_URL
    ? 'PostgreSQL'
    : `embedded PGlite in ${path.resolve(env.DATA_DIR)}`;
  const lines = [''];
  if (app) {
    lines.push(
      `  Dispatch is running at ${url}  (started in ${seconds} s)`,
      `  Database: ${database}` + (demo.created ? `; ${demoDatabaseName} created and seeded` : ''),
      `  API documentation: ${url}/docs`,
    );
  }
  if (dispatcher) {
    lines.push(
      `  Dispatcher (DispatchHub): http://localhost:${env.DISPATCHER_PORT}${dispatchHubPath}` +
        (app ? '' : `  (started in ${seconds} s; ${database})`),
    );
  }
  if (app) {
    lines.push(
      '',
      `  Demo logins (database ${demoDatabaseName}):`,
      ...demoLogins.map(
        (login) =>
          `    ${login.username.padEnd(11)} password ${login.password.padEnd(6)} ${login.description}`,
      ),
    );
  }
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Dispatch could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
