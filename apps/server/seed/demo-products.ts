/**
 * Raw materials, the product list of every system type, and each concrete plant's mix designs.
 * Concrete is priced per cubic yard, aggregate per ton and block per piece; fees and surcharges
 * exist per system type, as each system type prices its own.
 */
import { systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import { units, type UnitId } from '@dispatch/domain/units';
import {
  concreteMixes,
  concreteMixRawMaterials,
  products,
  rawMaterials,
  staticProducts,
} from '../src/db/schema/products';
import type { DemoPlant } from './demo-plants';
import type { Random } from './random';
import { glCategoryIds, productTypeIds, usageTypeIds } from '../src/db/reference-ids';
import { idAt, insertAll, insertReturningIds, type SeedDb } from '../src/db/bulk-insert';

export type DemoProduct = {
  readonly id: number;
  readonly number: string;
  readonly description: string;
  readonly systemTypeId: SystemTypeId;
  readonly productTypeId: number;
  readonly unitOfMeasureId: UnitId;
  readonly price: number;
  readonly taxableFlag: boolean;
  /** Primary products are what a schedule delivers; the others are charged beside them. */
  readonly primary: boolean;
  readonly usageTypeId: number;
  /** Pieces per cube (block) for load planning. */
  readonly unitsPerCube: number | null;
  /** Design slump in inches (concrete). */
  readonly slump: number | null;
  /** The largest load the mix may be batched in (pump mix rides lighter). */
  readonly maxLoadSize: number | null;
  /** Extra water a driver may add, in gallons per cubic yard. */
  readonly extraWaterPerYard: number;
};

export type DemoCatalogue = {
  readonly products: readonly DemoProduct[];
  readonly rawMaterialCount: number;
  readonly concreteMixCount: number;
};

type RawMaterialCode =
  | 'CEM'
  | 'CEM3'
  | 'FLYASH'
  | 'SLAG'
  | 'SAND'
  | 'MSAND'
  | 'STONE57'
  | 'STONE8'
  | 'STONE2'
  | 'BASE304'
  | 'SCREEN411'
  | 'RIPRAP'
  | 'PEA'
  | 'FILL'
  | 'WATER'
  | 'AEA'
  | 'WRA'
  | 'RET'
  | 'NCA'
  | 'HRWR';

const rawMaterialSpecs: readonly {
  code: RawMaterialCode;
  description: string;
  unit: UnitId;
  specificGravity: number;
  cost: number;
}[] = [
  {
    code: 'CEM',
    description: 'Portland cement Type I/II',
    unit: units.pounds,
    specificGravity: 3.15,
    cost: 0.08,
  },
  {
    code: 'CEM3',
    description: 'Portland cement Type III',
    unit: units.pounds,
    specificGravity: 3.15,
    cost: 0.09,
  },
  {
    code: 'FLYASH',
    description: 'Fly ash Class F',
    unit: units.pounds,
    specificGravity: 2.3,
    cost: 0.04,
  },
  {
    code: 'SLAG',
    description: 'Slag cement Grade 100',
    unit: units.pounds,
    specificGravity: 2.9,
    cost: 0.06,
  },
  {
    code: 'SAND',
    description: 'Concrete sand (ASTM C33)',
    unit: units.pounds,
    specificGravity: 2.62,
    cost: 0.01,
  },
  {
    code: 'MSAND',
    description: 'Mason sand',
    unit: units.pounds,
    specificGravity: 2.6,
    cost: 0.01,
  },
  {
    code: 'STONE57',
    description: '#57 limestone',
    unit: units.pounds,
    specificGravity: 2.68,
    cost: 0.01,
  },
  {
    code: 'STONE8',
    description: '#8 limestone',
    unit: units.pounds,
    specificGravity: 2.68,
    cost: 0.01,
  },
  {
    code: 'STONE2',
    description: '#2 limestone',
    unit: units.pounds,
    specificGravity: 2.68,
    cost: 0.01,
  },
  {
    code: 'BASE304',
    description: 'Crusher run (ODOT 304)',
    unit: units.pounds,
    specificGravity: 2.65,
    cost: 0.01,
  },
  {
    code: 'SCREEN411',
    description: '#411 screenings',
    unit: units.pounds,
    specificGravity: 2.65,
    cost: 0.01,
  },
  {
    code: 'RIPRAP',
    description: 'Rip rap Type D',
    unit: units.pounds,
    specificGravity: 2.68,
    cost: 0.01,
  },
  { code: 'PEA', description: 'Pea gravel', unit: units.pounds, specificGravity: 2.6, cost: 0.01 },
  { code: 'FILL', description: 'Fill dirt', unit: units.pounds, specificGravity: 2.0, cost: 0 },
  { code: 'WATER', description: 'Water', unit: units.gallons, specificGravity: 1, cost: 0.01 },
  {
    code: 'AEA',
    description: 'Air-entraining admixture',
    unit: units.fluidOz,
    specificGravity: 1.01,
    cost: 0.07,
  },
  {
    code: 'WRA',
    description: 'Water reducer (Type A)',
    unit: units.fluidOz,
    specificGravity: 1.2,
    cost: 0.05,
  },
  {
    code: 'RET',
    description: 'Retarder (Type D)',
    unit: units.fluidOz,
    specificGravity: 1.2,
    cost: 0.06,
  },
  {
    code: 'NCA',
    description: 'Non-chloride accelerator (Type C)',
    unit: units.fluidOz,
    specificGravity: 1.3,
    cost: 0.09,
  },
  {
    code: 'HRWR',
    description: 'High-range water reducer (Type F)',
    unit: units.fluidOz,
    specificGravity: 1.1,
    cost: 0.11,
  },
];

/** A mix design per cubic yard: pounds of solids, gallons of water, fluid ounces of admixture. */
type MixSpec = {
  number: string;
  description: string;
  price: number;
  strength: number;
  slump: number;
  air: number;
  aggregateSize: string;
  cementType: string;
  maxLoadSize: number;
  extraWaterPerYard: number;
  recipe: Partial<Record<RawMaterialCode, number>>;
};

const mixSpecs: readonly MixSpec[] = [
  mix('2500', 'Footer mix 2500 psi', 132, 2500, 4, 1.5, {
    CEM: 400,
    FLYASH: 75,
    SAND: 1450,
    STONE57: 1800,
    WATER: 33,
    WRA: 12,
  }),
  mix('3000', '3000 psi #57', 141, 3000, 4, 1.5, {
    CEM: 470,
    FLYASH: 100,
    SAND: 1400,
    STONE57: 1800,
    WATER: 32,
    WRA: 14,
  }),
  mix('3500AE', '3500 psi air-entrained flatwork', 149, 3500, 4, 6, {
    CEM: 500,
    FLYASH: 110,
    SAND: 1330,
    STONE57: 1780,
    WATER: 31,
    AEA: 6,
    WRA: 16,
  }),
  mix('4000', '4000 psi #57', 154, 4000, 4, 1.5, {
    CEM: 540,
    FLYASH: 115,
    SAND: 1300,
    STONE57: 1800,
    WATER: 31,
    WRA: 18,
  }),
  mix('4000AE', '4000 psi air-entrained exterior', 159, 4000, 5, 6, {
    CEM: 560,
    FLYASH: 120,
    SAND: 1260,
    STONE57: 1760,
    WATER: 31,
    AEA: 7,
    WRA: 18,
  }),
  {
    ...mix('4500HE', '4500 psi high early', 178, 4500, 5, 1.5, {
      CEM3: 700,
      SAND: 1250,
      STONE57: 1780,
      WATER: 33,
      NCA: 40,
      WRA: 20,
    }),
    cementType: 'Type III',
  },
  mix('5000', '5000 psi structural', 171, 5000, 5, 1.5, {
    CEM: 610,
    FLYASH: 130,
    SAND: 1220,
    STONE57: 1790,
    WATER: 30,
    WRA: 22,
    HRWR: 10,
  }),
  {
    ...mix('PUMP35', '3500 psi pump mix #8 stone', 163, 3500, 5, 1.5, {
      CEM: 520,
      FLYASH: 120,
      SAND: 1500,
      STONE8: 1550,
      WATER: 34,
      WRA: 18,
    }),
    aggregateSize: '#8 (3/8")',
    maxLoadSize: 9,
  },
  {
    ...mix('FLOWFILL', 'Flowable fill, excavatable', 104, 100, 9, 0, {
      CEM: 50,
      FLYASH: 300,
      SAND: 2900,
      WATER: 50,
    }),
    aggregateSize: 'Sand',
    extraWaterPerYard: 0,
  },
];

function mix(
  number: string,
  description: string,
  price: number,
  strength: number,
  slump: number,
  air: number,
  recipe: MixSpec['recipe'],
): MixSpec {
  return {
    number,
    description,
    price,
    strength,
    slump,
    air,
    aggregateSize: '#57 (1")',
    cementType: 'Type I/II',
    maxLoadSize: 10,
    extraWaterPerYard: air > 3 ? 0.75 : 1,
    recipe,
  };
}

type ProductSpec = Omit<
  DemoProduct,
  'id' | 'primary' | 'usageTypeId' | 'unitsPerCube' | 'slump' | 'maxLoadSize' | 'extraWaterPerYard'
> &
  Partial<
    Pick<DemoProduct, 'primary' | 'usageTypeId' | 'unitsPerCube' | 'slump' | 'maxLoadSize'>
  > & {
    rawMaterial?: RawMaterialCode;
    glCategoryId: number;
    extraWaterPerYard?: number;
  };

function concrete(
  number: string,
  description: string,
  price: number,
  unit: UnitId,
  productTypeId: number,
  usageTypeId: number,
): ProductSpec {
  return {
    number,
    description,
    systemTypeId: systemTypeIds.concrete,
    productTypeId,
    unitOfMeasureId: unit,
    price,
    taxableFlag: true,
    primary: false,
    usageTypeId,
    glCategoryId:
      productTypeId === productTypeIds.surcharge ? glCategoryIds.fees : glCategoryIds.concrete,
  };
}

function aggregate(
  number: string,
  description: string,
  price: number,
  productTypeId: number,
  rawMaterial: RawMaterialCode,
): ProductSpec {
  return {
    number,
    description,
    systemTypeId: systemTypeIds.aggregate,
    productTypeId,
    unitOfMeasureId: units.tons,
    price,
    taxableFlag: true,
    primary: true,
    usageTypeId: usageTypeIds.perUnit,
    rawMaterial,
    glCategoryId: glCategoryIds.aggregate,
  };
}

function block(
  number: string,
  description: string,
  price: number,
  productTypeId: number,
  unitsPerCube: number,
): ProductSpec {
  return {
    number,
    description,
    systemTypeId: systemTypeIds.block,
    productTypeId,
    unitOfMeasureId: units.each,
    price,
    taxableFlag: true,
    primary: true,
    usageTypeId: usageTypeIds.perUnit,
    unitsPerCube,
    glCategoryId: glCategoryIds.block,
  };
}

function fee(
  systemTypeId: SystemTypeId,
  number: string,
  description: string,
  price: number,
  unit: UnitId,
  usageTypeId: number,
  glCategoryId: number = glCategoryIds.fees,
): ProductSpec {
  return {
    number,
    description,
    systemTypeId,
    productTypeId: productTypeIds.surcharge,
    unitOfMeasureId: unit,
    price,
    taxableFlag: false,
    primary: false,
    usageTypeId,
    glCategoryId,
  };
}

const productSpecs: readonly ProductSpec[] = [
  ...mixSpecs.map((spec): ProductSpec => ({
    number: spec.number,
    description: spec.description,
    systemTypeId: systemTypeIds.concrete,
    productTypeId: productTypeIds.concreteMix,
    unitOfMeasureId: units.cubicYards,
    price: spec.price,
    taxableFlag: true,
    primary: true,
    usageTypeId: usageTypeIds.perUnit,
    slump: spec.slump,
    maxLoadSize: spec.maxLoadSize,
    extraWaterPerYard: spec.extraWaterPerYard,
    glCategoryId: glCategoryIds.concrete,
  })),
  concrete(
    'HOTWTR',
    'Hot water',
    6,
    units.perYard,
    productTypeIds.concreteAdmixture,
    usageTypeIds.perUnit,
  ),
  concrete(
    'CACL1',
    'Calcium chloride 1%',
    4.5,
    units.perYard,
    productTypeIds.concreteAdmixture,
    usageTypeIds.perUnit,
  ),
  concrete(
    'NCA1',
    'Non-chloride accelerator 1%',
    7.5,
    units.perYard,
    productTypeIds.concreteAdmixture,
    usageTypeIds.perUnit,
  ),
  concrete(
    'FIBER',
    'Fibermesh 1.5 lb/yd',
    12,
    units.perYard,
    productTypeIds.concreteAdmixture,
    usageTypeIds.perUnit,
  ),
  concrete(
    'RETARD',
    'Retarder, hot weather',
    3.75,
    units.perYard,
    productTypeIds.concreteAdmixture,
    usageTypeIds.perUnit,
  ),
  concrete(
    'WINTER',
    'Winter service charge',
    8,
    units.perYard,
    productTypeIds.concreteService,
    usageTypeIds.perUnit,
  ),
  concrete(
    'STANDBY',
    'Standby time',
    95,
    units.hours,
    productTypeIds.concreteService,
    usageTypeIds.perHour,
  ),
  fee(
    systemTypeIds.concrete,
    'FUEL',
    'Fuel surcharge',
    18,
    units.each,
    usageTypeIds.perLoad,
    glCategoryIds.delivery,
  ),
  fee(systemTypeIds.concrete, 'ENV', 'Environmental fee', 25, units.each, usageTypeIds.perOrder),
  aggregate('57', '#57 limestone', 18.5, productTypeIds.stone, 'STONE57'),
  aggregate('8', '#8 limestone', 20.25, productTypeIds.stone, 'STONE8'),
  aggregate('2', '#2 limestone', 17.75, productTypeIds.stone, 'STONE2'),
  aggregate('304', 'Crusher run (ODOT 304)', 14.25, productTypeIds.fill, 'BASE304'),
  aggregate('411', '#411 screenings', 13.5, productTypeIds.fill, 'SCREEN411'),
  aggregate('CSAND', 'Concrete sand', 16.75, productTypeIds.sand, 'SAND'),
  aggregate('MSAND', 'Mason sand', 19.5, productTypeIds.sand, 'MSAND'),
  aggregate('RIPRAP', 'Rip rap Type D', 28, productTypeIds.stone, 'RIPRAP'),
  aggregate('PEA', 'Pea gravel', 22, productTypeIds.stone, 'PEA'),
  aggregate('FILL', 'Fill dirt', 6.5, productTypeIds.fill, 'FILL'),
  fee(
    systemTypeIds.aggregate,
    'HAUL',
    'Trucking per ton',
    5.25,
    units.tons,
    usageTypeIds.perUnit,
    glCategoryIds.delivery,
  ),
  fee(
    systemTypeIds.aggregate,
    'FUEL',
    'Fuel surcharge',
    12,
    units.each,
    usageTypeIds.perLoad,
    glCategoryIds.delivery,
  ),
  fee(systemTypeIds.aggregate, 'ENV', 'Environmental fee', 15, units.each, usageTypeIds.perOrder),
  block('8CMU', '8" standard CMU (8x8x16)', 1.95, productTypeIds.cmu, 90),
  block('12CMU', '12" standard CMU', 3.1, productTypeIds.cmu, 60),
  block('6CMU', '6" standard CMU', 1.75, productTypeIds.cmu, 105),
  block('4CMU', '4" solid CMU', 1.55, productTypeIds.cmu, 135),
  block('8HALF', '8" half block', 1.6, productTypeIds.cmu, 180),
  block('4CAP', '4" solid cap block', 1.45, productTypeIds.specialtyBlock, 135),
  block('8SPLIT', '8" split face CMU', 2.85, productTypeIds.specialtyBlock, 90),
  block('8BOND', '8" bond beam', 2.25, productTypeIds.specialtyBlock, 90),
  {
    // Charged per pallet (one cube of block each), refunded when the pallet comes back.
    ...block('PALLET', 'Pallet deposit', 15, productTypeIds.blockAccessory, 1),
    primary: false,
    usageTypeId: usageTypeIds.perUnit,
    taxableFlag: false,
    unitsPerCube: null,
  },
  fee(
    systemTypeIds.block,
    'BOOM',
    'Boom unloading',
    45,
    units.each,
    usageTypeIds.perLoad,
    glCategoryIds.delivery,
  ),
  fee(
    systemTypeIds.block,
    'FUEL',
    'Fuel surcharge',
    25,
    units.each,
    usageTypeIds.perLoad,
    glCategoryIds.delivery,
  ),
  fee(systemTypeIds.block, 'ENV', 'Environmental fee', 10, units.each, usageTypeIds.perOrder),
];

/** The recipe a plant batches: Riverside replaces fly ash with slag; moisture shifts the rest. */
function plantRecipe(random: Random, plant: DemoPlant, recipe: MixSpec['recipe']) {
  const swapsAsh = plant.description.startsWith('Riverside');
  return Object.entries(recipe).flatMap(([code, amount]) => {
    const material = (code === 'FLYASH' && swapsAsh ? 'SLAG' : code) as RawMaterialCode;
    const adjusted = ['SAND', 'STONE57', 'STONE8'].includes(code)
      ? Math.round((amount * random.int(97, 103)) / 100 / 5) * 5
      : amount;
    return [{ material, quantity: adjusted }];
  });
}

const poundsPerGallonOfWater = 8.34;

export async function seedProducts(
  db: SeedDb,
  random: Random,
  plants: readonly DemoPlant[],
): Promise<DemoCatalogue> {
  const rawMaterialIds = await insertReturningIds(
    db,
    rawMaterials,
    rawMaterialSpecs.map((spec) => ({
      code: spec.code,
      description: spec.description,
      unitOfMeasureId: spec.unit,
      specificGravity: spec.specificGravity,
      cost: spec.cost,
    })),
  );
  const rawMaterialId = (code: RawMaterialCode) =>
    idAt(
      rawMaterialIds,
      rawMaterialSpecs.findIndex((spec) => spec.code === code),
    );
  const rawMaterialUnit = (code: RawMaterialCode) =>
    rawMaterialSpecs.find((spec) => spec.code === code)?.unit ?? units.pounds;

  const productIds = await insertReturningIds(
    db,
    products,
    productSpecs.map((spec) => ({
      number: spec.number,
      description: spec.description,
      systemTypeId: spec.systemTypeId,
      productTypeId: spec.productTypeId,
      unitOfMeasureId: spec.unitOfMeasureId,
      price: spec.price,
      taxableFlag: spec.taxableFlag,
      rawMaterialId: spec.rawMaterial ? rawMaterialId(spec.rawMaterial) : null,
      glCategoryId: spec.glCategoryId,
    })),
  );
  const seeded = productSpecs.map((spec, index): DemoProduct => ({
    id: idAt(productIds, index),
    number: spec.number,
    description: spec.description,
    systemTypeId: spec.systemTypeId,
    productTypeId: spec.productTypeId,
    unitOfMeasureId: spec.unitOfMeasureId,
    price: spec.price,
    taxableFlag: spec.taxableFlag,
    primary: spec.primary ?? false,
    usageTypeId: spec.usageTypeId ?? usageTypeIds.perUnit,
    unitsPerCube: spec.unitsPerCube ?? null,
    slump: spec.slump ?? null,
    maxLoadSize: spec.maxLoadSize ?? null,
    extraWaterPerYard: spec.extraWaterPerYard ?? 0,
  }));

  const concretePlants = plants.filter((plant) => plant.systemTypeId === systemTypeIds.concrete);
  const designs = concretePlants.flatMap((plant) =>
    mixSpecs.map((spec) => ({ plant, spec, recipe: plantRecipe(random, plant, spec.recipe) })),
  );
  const mixIds = await insertReturningIds(
    db,
    concreteMixes,
    designs.map(({ plant, spec, recipe }) => {
      const binder = recipe
        .filter(({ material }) => ['CEM', 'CEM3', 'FLYASH', 'SLAG'].includes(material))
        .reduce((sum, { quantity }) => sum + quantity, 0);
      const water = recipe.find(({ material }) => material === 'WATER')?.quantity ?? 0;
      const productIndex = productSpecs.findIndex(
        (product) =>
          product.systemTypeId === systemTypeIds.concrete && product.number === spec.number,
      );
      return {
        productId: idAt(productIds, productIndex),
        plantId: plant.id,
        description: `${spec.description} - ${plant.description}`,
        strength: spec.strength,
        slump: spec.slump,
        air: spec.air,
        aggregateSize: spec.aggregateSize,
        cementType: spec.cementType,
        maxLoadSize: spec.maxLoadSize,
        maxExtraWaterGallons: spec.extraWaterPerYard,
        mixerSeconds: spec.number === 'FLOWFILL' ? 60 : random.pick([70, 75, 80, 90]),
        sackEquivalent: Math.round((binder / 94) * 100) / 100,
        waterToCementRatio: Math.round(((water * poundsPerGallonOfWater) / binder) * 100) / 100,
        applyAdmixDosageFactor: spec.air > 3,
      };
    }),
  );
  await insertAll(
    db,
    concreteMixRawMaterials,
    designs.flatMap(({ recipe }, designIndex) =>
      recipe.map(({ material, quantity }, sequence) => ({
        concreteMixId: idAt(mixIds, designIndex),
        rawMaterialId: rawMaterialId(material),
        sequence,
        quantity,
        unitOfMeasureId: rawMaterialUnit(material),
      })),
    ),
  );
  // R-MAINT-23: every concrete order gets the environmental fee, once (it is charged per order).
  const environmentalFee = seeded.find(
    (product) => product.systemTypeId === systemTypeIds.concrete && product.number === 'ENV',
  );
  if (environmentalFee) {
    await insertAll(db, staticProducts, [
      {
        systemTypeId: systemTypeIds.concrete,
        productId: environmentalFee.id,
        quantity: 1,
        addToOrders: true,
        addToTickets: false,
      },
    ]);
  }
  return {
    products: seeded,
    rawMaterialCount: rawMaterialIds.length,
    concreteMixCount: mixIds.length,
  };
}
