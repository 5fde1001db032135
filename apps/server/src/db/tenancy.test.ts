import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { assertDatabaseName, createTenancy, physicalDatabaseName } from './tenancy';
import { scratchServerUrl } from '../../test/scratch-postgres';
import { createTestTenancy, databaseKinds, uniqueDatabaseName } from '../../test/test-tenancy';

describe.each(databaseKinds)('named databases on %s', (kind) => {
  const { tenancy, cleanup } = createTestTenancy(kind);
  const name = uniqueDatabaseName('NDB');
  afterAll(cleanup);

  it('creates, lists and finds a named database with its server name, case-insensitively', async () => {
    const created = await tenancy.create(name.toLowerCase());
    expect(created.databaseName).toBe(name);
    expect(created.serverName).not.toBe('');
    expect(await tenancy.find(name.toLowerCase())).toEqual(created);
    expect((await tenancy.list()).map((db) => db.databaseName)).toContain(name);
    expect(await tenancy.find('NOPE_' + name)).toBeUndefined();
    for (const impossible of ['a\u0000b', '', '1X', "x'; drop table users; --"]) {
      expect(await tenancy.find(impossible)).toBeUndefined();
    }
  });

  it('opens it migrated, with the reference order statuses', async () => {
    const { db } = await tenancy.open(name);
    const rows = await db.execute<{ code: string }>(
      sql`select code from order_statuses order by id`,
    );
    expect(rows.rows.map((row) => row.code).join('')).toBe('DSFWHCPXBM');
    expect(await tenancy.open(name)).toBe(await tenancy.open(name));
  });

  it('refuses to open a database that is not in the catalog', async () => {
    await expect(tenancy.open('MISSING_' + name)).rejects.toThrow(/does not exist/);
  });
});

describe('a new PostgreSQL catalog', () => {
  it('takes eight processes starting side by side, each making the catalog table if it is missing', async () => {
    // Each CI run's catalog is new, and its suites start their servers at once: unserialised,
    // most of them failed on the catalog's type name ("pg_type_typname_nsp_index"). A catalog
    // of its own, as a schema: a database would cost a DROP DATABASE, whose checkpoint took a
    // minute with the other suites writing.
    const server = scratchServerUrl();
    const schema = `catalog_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const catalog = new URL(server);
    catalog.searchParams.set('options', `-c search_path=${schema}`);
    const tenancies = Array.from({ length: 8 }, () =>
      createTenancy({ databaseUrl: catalog.toString(), dataDir: tmpdir() }),
    );
    try {
      const lists = await Promise.allSettled(tenancies.map((tenancy) => tenancy.list()));
      const answers = lists.map((list) =>
        list.status === 'fulfilled' ? list.value : String(list.reason),
      );
      expect(answers).toEqual(tenancies.map(() => []));
      const made = await admin.query('SELECT 1 FROM pg_tables WHERE schemaname = $1', [schema]);
      expect(made.rowCount).toBe(1);
    } finally {
      await Promise.all(tenancies.map((tenancy) => tenancy.close()));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});

describe('database names', () => {
  it('accepts a letter then letters, digits or underscores, at most 31', () => {
    expect(() => assertDatabaseName('LIVE')).not.toThrow();
    expect(() => assertDatabaseName('Training_2')).not.toThrow();
    for (const bad of ['', '1LIVE', 'LIVE;DROP', 'a'.repeat(32), 'LI VE', '../x']) {
      expect(() => assertDatabaseName(bad), bad).toThrow(/Invalid database name/);
    }
  });

  it('gives two long names two PostgreSQL databases, where PostgreSQL would cut both to one', () => {
    const catalog = 'dispatch_production_catalog_for_the_north_region';
    const first = physicalDatabaseName(catalog, 'TRAINING_DATABASE_NUMBER_ONE_A');
    const second = physicalDatabaseName(catalog, 'TRAINING_DATABASE_NUMBER_ONE_B');
    expect(first).not.toBe(second);
    for (const physical of [first, second]) {
      expect(Buffer.byteLength(physical)).toBeLessThanOrEqual(63);
    }
    expect(first.endsWith('_training_database_number_one_a')).toBe(true);
    // Short enough, a name keeps the form every installation has: catalog_name.
    expect(physicalDatabaseName('dispatch', 'LIVE')).toBe('dispatch_live');
    // Another catalog with the same first letters still gets its own databases.
    expect(physicalDatabaseName(`${catalog}_south`, 'TRAINING_DATABASE_NUMBER_ONE_A')).not.toBe(
      first,
    );
  });
});

describe('embedded database directory', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dispatch-lock-'));
  let first: Awaited<ReturnType<typeof openPglite>>;
  beforeAll(async () => {
    first = await openPglite(path.join(dir, 'live'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('cannot be opened twice while in use, and can be once closed', async () => {
    await expect(openPglite(path.join(dir, 'live'))).rejects.toThrow(/in use by process/);
    await first.close();
    const again = await openPglite(path.join(dir, 'live'));
    await again.close();
  });
});
