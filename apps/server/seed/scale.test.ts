import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTenancy, databaseKinds, uniqueDatabaseName } from '../test/test-tenancy';
import type { Db } from '../src/db/client';
import type { Tenancy } from '../src/db/tenancy';
import { defaultScaleSizes, parseScaleArgs, scaleOptions } from './scale-options';
import { seedScale, seedScaleDatabase, type ScaleSeedResult } from './scale-seed';

const options = scaleOptions({
  plants: 3,
  trucks: 5,
  customers: 30,
  jobs: 60,
  ordersPerDay: 10,
  days: 3,
  seed: 7,
  today: '2026-03-11',
  timeZoneOffsetMinutes: -300,
});

async function rows<Row>(db: Db, text: string): Promise<Row[]> {
  return ((await db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
}

async function countOf(db: Db, table: string): Promise<number> {
  const [row] = await rows<{ n: unknown }>(db, `SELECT count(*) AS n FROM ${table}`);
  return Number(row?.n);
}

/** Every foreign key and index of the schema, as PostgreSQL prints their definitions. */
async function schemaShape(db: Db): Promise<string[]> {
  const keys = await rows<{ line: string }>(
    db,
    `SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS line
     FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
     ORDER BY 1`,
  );
  const indexes = await rows<{ line: string }>(
    db,
    `SELECT indexdef AS line FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1`,
  );
  return [...keys, ...indexes].map((row) => row.line);
}

describe('parseScaleArgs', () => {
  it('fills in the default sizes and reads the options', () => {
    const now = new Date(2026, 2, 11, 9, 30);
    expect(parseScaleArgs(['BENCH'], now)?.options).toMatchObject({
      ...defaultScaleSizes,
      today: '2026-03-11',
    });
    expect(
      parseScaleArgs(['BENCH', '--plants', '2', '--orders-per-day', '50', '--seed', '9'], now),
    ).toMatchObject({ name: 'BENCH', options: { plants: 2, ordersPerDay: 50, seed: 9 } });
  });

  it('refuses a missing name and sizes out of range', () => {
    expect(parseScaleArgs([])).toBeUndefined();
    expect(() => parseScaleArgs(['X', '--plants', '0'])).toThrow(/--plants/);
    expect(() => parseScaleArgs(['X', '--days', 'many'])).toThrow(/--days/);
    expect(() => parseScaleArgs(['X', '--today', '2026-13-01'])).toThrow(/--today/);
  });
});

describe.each(databaseKinds)('seed-scale on %s', (kind) => {
  let tenancy: Tenancy;
  let cleanup: () => Promise<void>;
  let first: Db;
  let second: Db;
  let result: ScaleSeedResult;
  let shapeBefore: string[];

  beforeAll(async () => {
    ({ tenancy, cleanup } = createTestTenancy(kind));
    const names = [uniqueDatabaseName('SCALE'), uniqueDatabaseName('SCALE')] as const;
    // The shape of a freshly created database, to compare with the shape after seeding.
    await tenancy.create(names[1]);
    second = (await tenancy.open(names[1])).db;
    shapeBefore = await schemaShape(second);
    result = await seedScaleDatabase(tenancy, names[0], options);
    first = (await tenancy.open(names[0])).db;
    await seedScaleDatabase(tenancy, names[1], options);
  }, 180_000);

  afterAll(async () => {
    await cleanup();
  });

  it('writes the requested sizes', async () => {
    expect(await countOf(first, 'plants')).toBe(3);
    expect(await countOf(first, 'trucks')).toBe(5);
    expect(await countOf(first, 'drivers')).toBe(5);
    expect(await countOf(first, 'customers')).toBe(30);
    expect(await countOf(first, 'jobs')).toBe(60);
    expect(await countOf(first, 'orders')).toBe(30);
    expect(await countOf(first, 'schedules')).toBe(30);
    // Plant 0 is concrete, 1 aggregate, 2 block: one detail row each for the first two.
    expect(await countOf(first, 'concrete_plants')).toBe(1);
    expect(await countOf(first, 'aggregate_pits')).toBe(1);
    expect(await countOf(first, 'truck_companies')).toBe(2);
    const [loads] = await rows<{ n: unknown }>(
      first,
      'SELECT sum(number_of_loads) AS n FROM schedules',
    );
    expect(await countOf(first, 'loads')).toBe(Number(loads?.n));
    expect(await countOf(first, 'ticket_products')).toBe(await countOf(first, 'tickets'));
    // Ticket inquiry's read model is built once at the end (ADR 015): a row for every ticket.
    expect(await countOf(first, 'ticket_inquiry')).toBe(await countOf(first, 'tickets'));
    // ...and its triggers are on again for every write after the seed.
    const disabled = await rows<{ name: string }>(
      first,
      "SELECT tgname AS name FROM pg_trigger WHERE tgname LIKE 'ticket_inquiry%' AND tgenabled = 'D'",
    );
    expect(disabled).toEqual([]);
    expect(result.counts).toMatchObject({ customers: 30, jobs: 60, orders: 30, trucks: 5 });
  });

  it('writes orders for every day ending today, and tickets only before today', async () => {
    const days = await rows<{ ship_date: string; n: unknown }>(
      first,
      `SELECT to_char(ship_date, 'YYYY-MM-DD') AS ship_date, count(*) AS n
       FROM orders GROUP BY ship_date ORDER BY ship_date`,
    );
    expect(days.map((day) => [day.ship_date, Number(day.n)])).toEqual([
      ['2026-03-09', 10],
      ['2026-03-10', 10],
      ['2026-03-11', 10],
    ]);
    const ticketed = await rows<{ ship_date: string }>(
      first,
      `SELECT DISTINCT to_char(o.ship_date, 'YYYY-MM-DD') AS ship_date
       FROM tickets t JOIN orders o ON o.id = t.order_id ORDER BY 1`,
    );
    expect(ticketed.map((row) => row.ship_date)).toEqual(['2026-03-09', '2026-03-10']);
    const [numbers] = await rows<{ n: unknown; distinct_numbers: unknown }>(
      first,
      'SELECT count(*) AS n, count(DISTINCT (plant_id, number)) AS distinct_numbers FROM tickets',
    );
    expect(Number(numbers?.distinct_numbers)).toBe(Number(numbers?.n));
  });

  it('writes the same rows for the same options', async () => {
    const customersOf = (db: Db) => rows(db, 'SELECT * FROM customers ORDER BY id');
    const a = await customersOf(first);
    expect(a).toHaveLength(30);
    expect(await customersOf(second)).toEqual(a);
    const ticketsOf = (db: Db) => rows(db, 'SELECT * FROM tickets ORDER BY id');
    expect(await ticketsOf(second)).toEqual(await ticketsOf(first));
  });

  it('keeps referential integrity, and the foreign keys and indexes it set aside', async () => {
    expect(await schemaShape(first)).toEqual(shapeBefore);
    const foreignKeys = await rows<{ child: string; column: string; parent: string; key: string }>(
      first,
      `SELECT c.conrelid::regclass::text AS child, a.attname AS column,
         c.confrelid::regclass::text AS parent, pa.attname AS key
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
       WHERE c.contype = 'f' AND cardinality(c.conkey) = 1
         AND c.connamespace = current_schema()::regnamespace`,
    );
    expect(foreignKeys.length).toBeGreaterThan(50);
    const orphans: string[] = [];
    for (const fk of foreignKeys) {
      const [row] = await rows<{ n: unknown }>(
        first,
        `SELECT count(*) AS n FROM ${fk.child} c WHERE c."${fk.column}" IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM ${fk.parent} p WHERE p."${fk.key}" = c."${fk.column}")`,
      );
      if (Number(row?.n) > 0) orphans.push(`${fk.child}.${fk.column}`);
    }
    expect(orphans).toEqual([]);
  });

  it('refuses a database that already has business data', async () => {
    await expect(seedScale(first, options)).rejects.toThrow(/empty database/);
  });
});
