import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { readEnv } from '../src/env';
import { createTenancy, type Tenancy } from '../src/db/tenancy';
import { openKeptPglite } from './pglite-pool';

export type TestDatabaseKind = 'pglite' | 'postgres';

const env = readEnv();

/** Every server suite runs on PGlite, and on PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const databaseKinds: TestDatabaseKind[] = env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** Test files run in parallel against one PostgreSQL server, so each names its databases uniquely. */
export function uniqueDatabaseName(prefix = 'T'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`.toUpperCase();
}

let image: Promise<Blob | undefined> | undefined;

/** The migrated image made once per run (database-template.ts), read once per suite. */
function pgliteImage(): Promise<Blob | undefined> {
  image ??= (async () => {
    const file = inject('pgliteImageFile');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return image;
}

/**
 * A tenancy over `dataDir` whose new databases start migrated: from the run's image on PGlite, a
 * copy of the run's template on PostgreSQL. Opened again on the same folder, it finds what the
 * last one left (a suite that restarts the server). `inMemory`: embedded databases kept in
 * memory instead, and emptied for the worker's next suite once closed (pglite-pool.ts), for
 * suites that never open one twice.
 */
export function openTestTenancy(
  kind: TestDatabaseKind,
  dataDir: string,
  options: { inMemory?: boolean } = {},
): Tenancy {
  // Suites run in parallel against one PostgreSQL server, and some open every named database
  // (/api/servers/accessible): small pools keep the sum under the server's max_connections.
  return kind === 'postgres' && env.DATABASE_URL
    ? createTenancy({
        databaseUrl: env.DATABASE_URL,
        dataDir,
        poolSize: 3,
        postgresTemplate: inject('postgresTemplate'),
      })
    : createTenancy({
        dataDir,
        pgliteImage,
        ...(options.inMemory
          ? { pgliteOpen: async () => openKeptPglite(await pgliteImage()) }
          : {}),
      });
}

/** A test tenancy in a folder of its own, removed on cleanup. */
export function createTestTenancy(
  kind: TestDatabaseKind,
  options: { inMemory?: boolean } = {},
): {
  tenancy: Tenancy;
  cleanup: () => Promise<void>;
} {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-test-'));
  const tenancy = openTestTenancy(kind, dataDir, options);
  return {
    tenancy,
    async cleanup() {
      await tenancy.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
