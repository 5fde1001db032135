import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { seedReferenceData } from '../seed/reference-data';
import { createTestTenancy, uniqueDatabaseName } from './test-tenancy';

/** A suite's in-memory database, as createTestApp opens one. */
async function openInMemory() {
  const { tenancy, cleanup } = createTestTenancy('pglite', { inMemory: true });
  const name = uniqueDatabaseName('POOL');
  await tenancy.create(name);
  const { db } = await tenancy.open(name);
  return { db, client: (db as unknown as { $client: PGlite }).$client, close: cleanup };
}

async function count(db: Db, table: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
  );
  return rows[0]!.n;
}

describe('the embedded databases a worker keeps between suites (ADR 017)', () => {
  it('gives a closed database to the next suite as the migrations left it', async () => {
    const first = await openInMemory();
    const unitsAtStart = await count(first.db, 'units_of_measure');
    expect(unitsAtStart).toBeGreaterThan(0);
    await seedReferenceData(first.db);
    await first.db.execute(
      sql`UPDATE units_of_measure SET imperial_description = 'changed by a suite'`,
    );
    await first.db.execute(sql`SELECT setval(pg_get_serial_sequence('users', 'id'), 500)`);
    await first.db.execute(sql`SET TIME ZONE 'Pacific/Auckland'`);
    expect(await count(first.db, 'groups')).toBeGreaterThan(0);
    await first.close();

    const next = await openInMemory();
    try {
      // The same database, emptied: starting it again from the image is what this saves.
      expect(next.client).toBe(first.client);
      expect(await count(next.db, 'groups')).toBe(0);
      expect(await count(next.db, 'units_of_measure')).toBe(unitsAtStart);
      expect(
        await count(next.db, `units_of_measure WHERE imperial_description = 'changed by a suite'`),
      ).toBe(0);
      const { rows } = await next.db.execute<{ id: number }>(
        sql`INSERT INTO users (username, password_hash) VALUES ('first', 'x') RETURNING id`,
      );
      expect(rows[0]!.id).toBe(1);
      const zone = await next.db.execute<{ TimeZone: string }>(sql`SHOW TIME ZONE`);
      expect(zone.rows[0]!.TimeZone).not.toBe('Pacific/Auckland');
    } finally {
      await next.close();
    }
  });

  it('does not hand on a database whose schema a suite changed', async () => {
    const first = await openInMemory();
    await first.db.execute(
      sql`CREATE FUNCTION left_by_a_suite() RETURNS int LANGUAGE sql AS 'SELECT 1'`,
    );
    await first.close();

    const next = await openInMemory();
    try {
      expect(next.client).not.toBe(first.client);
      const { rows } = await next.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'left_by_a_suite'`,
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      await next.close();
    }
  });
});
