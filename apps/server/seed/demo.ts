/**
 * The demo database: a regional producer around Columbus, Ohio with three concrete plants, a
 * quarry, a rail terminal and a block plant, its fleet, staff, customers, jobs, products and a
 * working week of orders and tickets centred on `today`. Deterministic: the same seed and the
 * same `today` write the same rows (generated ids included, on an empty database).
 */
import { eq, sql } from 'drizzle-orm';
import { systemTypeIds } from '@dispatch/domain/system-types';
import { hashPassword } from '../src/auth/passwords';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema/auth';
import { systemParameters } from '../src/db/schema/settings';
import { createDemoClock } from './demo-clock';
import { demoCompany } from './demo-company';
import { seedCreditLetters, seedOpeningBalances } from './demo-credit-letters';
import { seedCustomers } from './demo-customers';
import { seedFleet } from './demo-fleet';
import { seedJobs } from './demo-jobs';
import { seedOrders, type DemoOrderCounts } from './demo-orders';
import { assignBatchmen, seedPlants } from './demo-plants';
import { seedProducts } from './demo-products';
import { seedMixOperations } from './demo-mix-operations';
import { createEmailBook, seedStaff } from './demo-staff';
import { demoPassword, seedUsers } from './demo-users';
import { seedDemoHistory } from './demo-history';
import { createRandom } from './random';
import { seedReferenceData } from './reference-data';
import type { SeedDb } from '../src/db/bulk-insert';

export { demoLogins, type DemoLogin } from './demo-users';

export const defaultDemoSeed = 20_240_601;

/** Marks a database the demo seed has filled; its value is a DemoSeeded. */
export const demoSeededParameter = 'demoSeeded';

/**
 * With which seed the demo was filled, the day that is its today, and the instant its picture of
 * that day stands at (R-DEMO-1): the seed's mid-day, then wherever a re-base moved it. Demos
 * seeded before the picture had a moment stand at their today's mid-day.
 */
export type DemoSeeded = { seed: number; today: string; moment?: string };

export type SeedDemoOptions = {
  /** The day the demo's "today" is, YYYY-MM-DD. */
  today: string;
  seed?: number;
  /** The local zone's offset east of UTC in minutes (-new Date().getTimezoneOffset()). */
  timeZoneOffsetMinutes?: number;
};

export type DemoCounts = DemoOrderCounts & {
  plants: number;
  concretePlants: number;
  aggregatePlants: number;
  blockPlants: number;
  trucks: number;
  drivers: number;
  employees: number;
  customers: number;
  jobs: number;
  quotes: number;
  quoteProducts: number;
  products: number;
  rawMaterials: number;
  concreteMixes: number;
  users: number;
  formPermissions: number;
};

export type SeedDemoResult = { seeded: false } | { seeded: true; counts: DemoCounts };

/** Serialises concurrent seeders and re-basers of one database (two processes starting at once). */
export const demoSeedLockKey = 84_840_002;

/** A past and a future working week's worth of days either side of today. */
const pastDayCount = 3;
const futureDayCount = 3;

async function isSeeded(db: SeedDb): Promise<boolean> {
  const marker = await db
    .select({ key: systemParameters.key })
    .from(systemParameters)
    .where(eq(systemParameters.key, demoSeededParameter))
    .limit(1);
  if (marker.length > 0) return true;
  const admin = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = 'admin'`)
    .limit(1);
  return admin.length > 0;
}

export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const clock = createDemoClock(options.today, options.timeZoneOffsetMinutes ?? 0);
  const seed = options.seed ?? defaultDemoSeed;
  if (await isSeeded(db)) return { seeded: false };
  // Hashed once, before the transaction, for all four logins: scrypt is slow on purpose.
  const passwordHash = await hashPassword(demoPassword);

  const result = await db.transaction(async (tx): Promise<SeedDemoResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${demoSeedLockKey})`);
    if (await isSeeded(tx)) return { seeded: false };
    await seedReferenceData(tx);

    const random = createRandom(seed);
    const emailFor = createEmailBook();
    const plants = await seedPlants(tx);
    const staff = await seedStaff(tx, random.fork('staff'), clock, plants, emailFor);
    await assignBatchmen(
      tx,
      [...staff.batchmanIdByPlant].map(([plantId, employeeId]) => ({ plantId, employeeId })),
    );
    const fleet = await seedFleet(tx, random.fork('fleet'), clock, plants, emailFor);
    const catalogue = await seedProducts(tx, random.fork('products'), plants);
    await seedMixOperations(tx, plants);
    const customers = await seedCustomers(tx, random.fork('customers'), clock, plants, staff);
    const jobs = await seedJobs(
      tx,
      random.fork('jobs'),
      clock,
      plants,
      customers,
      catalogue.products,
      staff,
    );
    const orderCounts = await seedOrders(tx, random.fork('orders'), {
      clock,
      plants,
      fleet,
      staff,
      jobs: jobs.jobs,
      catalogue: catalogue.products,
      pastDayCount,
      futureDayCount,
    });
    const userCounts = await seedUsers(tx, passwordHash, staff);
    await seedOpeningBalances(tx, random.fork('opening-balances'), clock);
    await seedDemoHistory(tx, clock);
    await seedCreditLetters(tx, random.fork('credit-letters'), clock);

    await tx.insert(systemParameters).values([
      {
        key: demoSeededParameter,
        value: { seed, today: options.today, moment: clock.now.toISOString() } satisfies DemoSeeded,
        description:
          'The demo data was seeded with this seed; its day and the moment it stands at.',
      },
      {
        key: 'companyName',
        value: demoCompany.name,
        description: 'Printed on tickets and invoices.',
      },
      // The demo shows AI-Assisted Query working (R-NLQ-11); a new database starts with it off.
      {
        key: 'nlqEnabled',
        value: true,
        description: 'Users can ask questions of the data in plain words (Ask AI).',
      },
    ]);

    const countOf = (systemTypeId: number) =>
      plants.filter((plant) => plant.systemTypeId === systemTypeId).length;
    return {
      seeded: true,
      counts: {
        ...orderCounts,
        plants: plants.length,
        concretePlants: countOf(systemTypeIds.concrete),
        aggregatePlants: countOf(systemTypeIds.aggregate),
        blockPlants: countOf(systemTypeIds.block),
        trucks: fleet.trucks.length,
        drivers: fleet.driverCount,
        employees: staff.employees.length + fleet.driverEmployeeCount,
        customers: customers.length,
        jobs: jobs.jobs.length,
        quotes: jobs.quoteCount,
        quoteProducts: jobs.quoteProductCount,
        products: catalogue.products.length,
        rawMaterials: catalogue.rawMaterialCount,
        concreteMixes: catalogue.concreteMixCount,
        users: userCounts.users,
        formPermissions: userCounts.formPermissions,
      },
    };
  });
  // A bulk load leaves the planner without statistics until autovacuum wakes: gather them now,
  // so the dispatch board's first queries use their indexes.
  await db.execute(sql`analyze`);
  return result;
}
