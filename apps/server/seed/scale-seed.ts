/**
 * `npm run db -- seed-scale NAME`: fills an empty named database with a large producer's data for
 * benchmarks. Rows are generated inside the database (INSERT ... SELECT over generate_series), every
 * value derived from the row's index with integer hashing, so a run is fast and deterministic: the
 * same options write the same rows, ids included. The whole seed is one transaction.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../src/db/client';
import type { Tenancy } from '../src/db/tenancy';
import { seedReferenceData } from './reference-data';
import { suspendConstraints } from './scale-bulk-load';
import { createScaleContext, execute, queryRows, type ScaleContext } from './scale-context';
import { seedScaleCustomerPricing, seedScaleCustomers } from './scale-customers';
import {
  seedScaleDrivers,
  seedScaleEmployees,
  seedScaleTruckCompanies,
  seedScaleTrucks,
} from './scale-fleet';
import { seedScaleJobs } from './scale-jobs';
import type { ScaleOptions } from './scale-options';
import { seedScaleOrders } from './scale-orders';
import { seedScalePlantDetails, seedScalePlants } from './scale-plants';
import { seedScaleProducts } from './scale-products';
import { seedScaleScheduleProducts, seedScaleSchedules } from './scale-schedules';
import {
  seedScaleLoads,
  seedScaleTicketCounters,
  seedScaleTicketProducts,
  seedScaleTickets,
} from './scale-tickets';

/** `analyze`: the later steps join this table, so the planner is given its statistics at once. */
type Step = {
  label: string;
  run: (context: ScaleContext) => Promise<number>;
  analyze?: string;
};

const steps: readonly Step[] = [
  { label: 'plants', run: seedScalePlants },
  { label: 'concrete plants, pits, scales', run: seedScalePlantDetails },
  { label: 'truck companies', run: seedScaleTruckCompanies },
  { label: 'employees', run: seedScaleEmployees },
  { label: 'drivers', run: seedScaleDrivers },
  { label: 'trucks', run: seedScaleTrucks },
  { label: 'products', run: seedScaleProducts },
  { label: 'customers', run: seedScaleCustomers },
  { label: 'customer pricing defaults', run: seedScaleCustomerPricing },
  { label: 'jobs', run: seedScaleJobs, analyze: 'jobs' },
  { label: 'orders', run: seedScaleOrders, analyze: 'orders' },
  { label: 'schedules', run: seedScaleSchedules, analyze: 'schedules' },
  { label: 'schedule products', run: seedScaleScheduleProducts, analyze: 'schedule_products' },
  { label: 'tickets', run: seedScaleTickets, analyze: 'tickets' },
  { label: 'ticket products', run: seedScaleTicketProducts },
  { label: 'loads', run: seedScaleLoads },
  { label: 'plant ticket counters', run: seedScaleTicketCounters },
];

export type ScaleSeedResult = {
  /** Rows written per step, by the step's label. */
  counts: Record<string, number>;
  seconds: number;
};

/** The big tables, loaded without their foreign keys and secondary indexes (scale-bulk-load). */
const bulkTables = [
  'customers',
  'customer_concrete_pricing',
  'customer_aggregate_pricing',
  'customer_block_pricing',
  'jobs',
  'orders',
  'schedules',
  'schedule_products',
  'tickets',
  'ticket_products',
  'loads',
];

/** The tables whose writes the inquiry's read model follows by triggers (migration 0011). */
const modelSources = ['tickets', 'ticket_products'];

/** Tables the seed fills; it refuses a database where any of them already has rows. */
const businessTables = ['plants', 'trucks', 'customers', 'jobs', 'products', 'orders', 'tickets'];

const formatRow = (label: string, rows: number, seconds: number) =>
  `${label.padEnd(30)} ${rows.toLocaleString('en-US').padStart(11)} rows ${seconds.toFixed(2).padStart(8)} s`;

export async function seedScale(
  db: Db,
  options: ScaleOptions,
  log: (line: string) => void = () => {},
): Promise<ScaleSeedResult> {
  const occupied = await queryRows<{ name: string }>(
    db,
    businessTables
      .map((table) => `SELECT '${table}' AS name WHERE EXISTS (SELECT 1 FROM ${table})`)
      .join(' UNION ALL '),
  );
  if (occupied.length > 0) {
    throw new Error(
      `seed-scale fills an empty database; this one already has ${occupied.map((row) => row.name).join(', ')}.`,
    );
  }
  const started = performance.now();
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    // Big sorts, hash joins and index builds stay in memory rather than spilling to disk, and
    // no statement pays for compiling its expressions (JIT) more than for running them.
    await execute(tx, "SET LOCAL work_mem = '256MB'");
    await execute(tx, "SET LOCAL maintenance_work_mem = '512MB'");
    const [jit] = await queryRows<{ name: string }>(
      tx,
      "SELECT name FROM pg_settings WHERE name = 'jit'",
    );
    if (jit) await execute(tx, 'SET LOCAL jit = off');
    const context = createScaleContext(tx, options);
    const timed = async (label: string, run: () => Promise<number>) => {
      const stepStarted = performance.now();
      const rows = await run();
      counts[label] = rows;
      log(formatRow(label, rows, (performance.now() - stepStarted) / 1000));
    };
    let restore: () => Promise<void> = async () => {};
    await timed('suspend keys and indexes', async () => {
      restore = await suspendConstraints(tx, bulkTables);
      // Ticket inquiry's read model is built once at the end, not by its triggers statement by
      // statement (lines would rewrite every ticket's row a second time).
      for (const table of modelSources)
        await execute(tx, `ALTER TABLE ${table} DISABLE TRIGGER USER`);
      return 0;
    });
    for (const step of steps) {
      await timed(step.label, async () => {
        const rows = await step.run(context);
        if (step.analyze) await execute(tx, `ANALYZE ${step.analyze}`);
        return rows;
      });
    }
    await timed('restore keys and indexes', async () => {
      await restore();
      return 0;
    });
    await timed('ticket inquiry read model', async () => {
      for (const table of modelSources)
        await execute(tx, `ALTER TABLE ${table} ENABLE TRIGGER USER`);
      const restoreModel = await suspendConstraints(tx, ['ticket_inquiry']);
      await execute(tx, 'SELECT ticket_inquiry_refresh(ARRAY(SELECT id FROM tickets))');
      await restoreModel();
      return counts.tickets ?? 0;
    });
  });
  // As PostgreSQL's advice for a bulk load: VACUUM sets the new rows' hint bits and visibility
  // map now, rather than autovacuum and the first readers doing it under the day's load.
  const analyzeStarted = performance.now();
  await execute(db, 'VACUUM (ANALYZE)');
  log(formatRow('vacuum and analyze', 0, (performance.now() - analyzeStarted) / 1000));
  const seconds = (performance.now() - started) / 1000;
  log(`${'total'.padEnd(30)} ${''.padStart(16)} ${seconds.toFixed(2).padStart(8)} s`);
  return { counts, seconds };
}

/**
 * Creates the named database with its reference data when it does not exist (as `create` does),
 * then seeds it at scale.
 */
export async function seedScaleDatabase(
  tenancy: Tenancy,
  name: string,
  options: ScaleOptions,
  log: (line: string) => void = () => {},
): Promise<ScaleSeedResult> {
  const existing = await tenancy.find(name);
  const databaseName = existing?.databaseName ?? (await tenancy.create(name)).databaseName;
  const { db } = await tenancy.open(databaseName);
  await seedReferenceData(db);
  return seedScale(db, options, log);
}
