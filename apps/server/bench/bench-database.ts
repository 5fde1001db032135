import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { formatDate } from '@dispatch/domain/dates/date-format';
import { seedDemo } from '../seed/demo';
import { createTenancy, type Tenancy } from '../src/db/tenancy';

export type BenchDatabase = {
  tenancy: Tenancy;
  name: string;
  databaseUrl: string;
  /** The PostgreSQL database that holds the named database. */
  physicalUrl: string;
  today: string;
  drop(): Promise<void>;
};

/**
 * A named database seeded with the demo producer on PostgreSQL (DATABASE_URL, else the local
 * server's postgres database), made for one benchmark run and dropped after it.
 */
export async function createBenchDatabase(
  databaseUrl = 'postgres://postgres@127.0.0.1:5432/postgres',
): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dispatch-bench-'));
  const tenancy = createTenancy({ databaseUrl, dataDir });
  const name = `BENCH${Date.now().toString(36).toUpperCase()}`;
  const now = new Date();
  const today = formatDate(now, 'YYYY-MM-DD');
  await tenancy.create(name);
  const { db } = await tenancy.open(name);
  await seedDemo(db, { today, timeZoneOffsetMinutes: -now.getTimezoneOffset() });
  const physical = new URL(databaseUrl);
  physical.pathname = `/${decodeURIComponent(physical.pathname.slice(1)) || 'postgres'}_${name.toLowerCase()}`;
  return {
    tenancy,
    name,
    databaseUrl,
    physicalUrl: physical.toString(),
    today,
    async drop() {
      await tenancy.close();
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(
        `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(physical.pathname.slice(1))} WITH (FORCE)`,
      );
      await admin.query('DELETE FROM named_databases WHERE database_name = $1', [name]);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
