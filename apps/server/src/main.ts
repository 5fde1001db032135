import path from 'node:path';
import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { readEnv } from './env';
import { createTenancy } from './db/tenancy';
import { demoDatabaseName, ensureDemoDatabase } from './db/demo-database';
import { demoLogins } from './db/seed/demo';

/**
 * Starts the API over the configured database (PGlite under DATA_DIR by default), with the demo
 * database created and seeded on first start, and prints where to go and how to log in.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const env = readEnv();
  const webDist = env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');
  const tenancy = createTenancy({
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  });
  const demo = await ensureDemoDatabase(tenancy, new Date());
  const app = await buildApp({
    env: { ...env, ...(existsSync(webDist) ? { WEB_DIST_DIR: webDist } : {}) },
    tenancy,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await tenancy.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
  const url = `http://localhost:${env.PORT}`;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const lines = [
    '',
    `  Dispatch is running at ${url}  (started in ${seconds} s)`,
    `  Database: ${env.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${path.resolve(env.DATA_DIR)}`}` +
      (demo.created ? `; ${demoDatabaseName} created and seeded` : ''),
    `  API documentation: ${url}/docs`,
    '',
    `  Demo logins (database ${demoDatabaseName}):`,
    ...demoLogins.map(
      (login) =>
        `    ${login.username.padEnd(11)} password ${login.password.padEnd(6)} ${login.description}`,
    ),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Dispatch could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
