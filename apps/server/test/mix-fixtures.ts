/**
 * Test helper: a small producer's mixes for the mix operation suites: two concrete plants and a
 * quarry, cements, slag, fly ash, sand, water (gallons) and an admixture (fluid ounces), and five
 * mixes with their recipes (one inactive), plus the users every suite signs in as.
 */
import { and, asc, eq } from 'drizzle-orm';
import { formIdOf } from '@dispatch/domain/resources/define';
import { permissionLevels } from '@dispatch/domain/permissions';
import { units } from '@dispatch/domain/units';
import type { Db } from '../src/db/client';
import { plants } from '../src/db/schema/plants';
import {
  concreteMixes,
  concreteMixRawMaterials,
  products,
  rawMaterials,
} from '../src/db/schema/products';
import { addUsers } from './order-fixtures';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { listenToDispatch, type DispatchListener } from './dispatch-listener';
import { callerOf, createTestApp, type TestApp } from './test-app';
import type { TestDatabaseKind } from './test-tenancy';

export type MixWorld = Awaited<ReturnType<typeof buildMixWorld>>;

type Recipe = Record<string, [number, number | null]>;

export async function buildMixWorld(db: Db) {
  const [north, south, pit] = await db
    .insert(plants)
    .values([
      { description: 'North', systemTypeId: 1 },
      { description: 'South', systemTypeId: 1 },
      { description: 'Pit', systemTypeId: 2 },
    ])
    .returning({ id: plants.id });
  const materialSpecs = [
    ['CEM', 'Portland cement Type I/II', units.pounds],
    ['CEM3', 'Portland cement Type III', units.pounds],
    ['SLAG', 'Slag cement', units.pounds],
    ['FLYASH', 'Fly ash Class F', units.pounds],
    ['SAND', 'Concrete sand', units.pounds],
    ['WATER', 'Water', units.gallons],
    ['WRA', 'Water reducer', units.fluidOz],
    ['OLD', 'Retired cement', units.pounds],
  ] as const;
  const materialRows = await db
    .insert(rawMaterials)
    .values(
      materialSpecs.map(([code, description, unitOfMeasureId]) => ({
        code,
        description,
        unitOfMeasureId,
        inactiveFlag: code === 'OLD',
      })),
    )
    .returning({ id: rawMaterials.id, code: rawMaterials.code });
  const material = Object.fromEntries(materialRows.map((row) => [row.code, row.id])) as Record<
    (typeof materialSpecs)[number][0],
    number
  >;
  const productRows = await db
    .insert(products)
    .values(
      ['3000', '4000', '5000', 'FLOW'].map((number) => ({
        number,
        description: `${number} mix`,
        systemTypeId: 1,
        unitOfMeasureId: units.cubicYards,
      })),
    )
    .returning({ id: products.id, number: products.number });
  const product = Object.fromEntries(productRows.map((row) => [row.number, row.id]));
  const mixSpecs: {
    key: string;
    product: string;
    plantId: number;
    strength: number;
    inactive?: boolean;
    recipe: Recipe;
  }[] = [
    {
      key: 'north3000',
      product: '3000',
      plantId: north!.id,
      strength: 3000,
      recipe: {
        CEM: [470, units.pounds],
        FLYASH: [100, units.pounds],
        SAND: [1400, units.pounds],
        WATER: [32, units.gallons],
        WRA: [14, units.fluidOz],
      },
    },
    {
      key: 'north4000',
      product: '4000',
      plantId: north!.id,
      strength: 4000,
      recipe: { CEM: [540, units.pounds], SLAG: [115, null], WATER: [31, units.gallons] },
    },
    {
      key: 'north5000',
      product: '5000',
      plantId: north!.id,
      strength: 5000,
      recipe: { CEM3: [610, units.pounds], WATER: [30, units.gallons] },
    },
    {
      key: 'northFlow',
      product: 'FLOW',
      plantId: north!.id,
      strength: 100,
      inactive: true,
      recipe: { CEM: [50, units.pounds], WATER: [50, units.gallons] },
    },
    {
      key: 'south3000',
      product: '3000',
      plantId: south!.id,
      strength: 3000,
      recipe: {
        CEM: [480, units.pounds],
        CEM3: [50, units.pounds],
        SLAG: [20, units.ounces],
        WATER: [33, units.gallons],
      },
    },
  ];
  const mixRows = await db
    .insert(concreteMixes)
    .values(
      mixSpecs.map((spec) => ({
        productId: product[spec.product]!,
        plantId: spec.plantId,
        description: `${spec.product} psi - ${spec.plantId === north!.id ? 'North' : 'South'}`,
        strength: spec.strength,
        slump: 4,
        air: 1.5,
        waterToCementRatio: 0.45,
        inactiveFlag: spec.inactive ?? false,
        modifiedBy: 'seed',
      })),
    )
    .returning({ id: concreteMixes.id });
  const mix = Object.fromEntries(
    mixSpecs.map((spec, index) => [spec.key, mixRows[index]!.id]),
  ) as Record<'north3000' | 'north4000' | 'north5000' | 'northFlow' | 'south3000', number>;
  await db.insert(concreteMixRawMaterials).values(
    mixSpecs.flatMap((spec, index) =>
      Object.entries(spec.recipe).map(([code, [quantity, unitOfMeasureId]], sequence) => ({
        concreteMixId: mixRows[index]!.id,
        rawMaterialId: material[code as keyof typeof material],
        quantity,
        unitOfMeasureId,
        sequence,
      })),
    ),
  );
  return { plant: { north: north!.id, south: south!.id, pit: pit!.id }, material, mix, product };
}

/** A mix's recipe exactly as stored: what a reversal must bring back. */
export function recipeRows(db: Db, mixId: number) {
  return db
    .select({
      rawMaterialId: concreteMixRawMaterials.rawMaterialId,
      quantity: concreteMixRawMaterials.quantity,
      unitOfMeasureId: concreteMixRawMaterials.unitOfMeasureId,
      sequence: concreteMixRawMaterials.sequence,
    })
    .from(concreteMixRawMaterials)
    .where(and(eq(concreteMixRawMaterials.concreteMixId, mixId)))
    .orderBy(asc(concreteMixRawMaterials.sequence));
}

export async function mixVersion(db: Db, mixId: number): Promise<number> {
  const [row] = await db
    .select({ version: concreteMixes.version })
    .from(concreteMixes)
    .where(eq(concreteMixes.id, mixId));
  return row!.version;
}

const full = permissionLevels.FullWithPrices;
const concrete = [1001];

/** The suites' users, by what they may do (form ids by enumId, R-CODE-2). */
export async function addMixUsers(t: TestApp, tokens: Record<string, string>) {
  const modification = formIdOf('ConcreteMixModification');
  const ranking = formIdOf('RawMaterialRanking');
  const globalChange = formIdOf('GlobalMixDesignChange');
  const products = formIdOf('ConcreteProductMaintenance');
  const every = { [modification]: full, [ranking]: full, [globalChange]: full };
  const reading = permissionLevels.ReadOnlyNoPrices;
  return addUsers(t, tokens, [
    ['clerk', concrete, every],
    ['maria', concrete, { ...every, [products]: full }],
    ['reader', concrete, { [modification]: reading, [ranking]: reading, [globalChange]: reading }],
    ['outsider', concrete, { [formIdOf('PendingOrders')]: full }],
    ['quarry', [1002], every],
  ]);
}

/**
 * A mix suite on one engine: the app at 2026-03-10 14:00 UTC, the mix world, the users and a
 * listener for the events written; `s.t`, `s.world` and `s.events` are set before the tests run.
 */
export function mixSuite(kind: TestDatabaseKind) {
  const s = {} as { t: TestApp; world: MixWorld; events: DispatchListener };
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    s.t = await createTestApp(kind);
    s.t.clock.now = new Date('2026-03-10T14:00:00Z');
    s.world = await buildMixWorld(s.t.db);
    await addMixUsers(s.t, tokens);
    s.events = await listenToDispatch(await s.t.tenancy.open(s.t.database));
  });
  afterAll(async () => {
    await s.events?.stop();
    await s.t?.close();
  });
  beforeEach(() => s.events.clear());
  return { s, call: callerOf(() => s.t, tokens, 'clerk') };
}
