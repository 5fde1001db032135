/** Products of every system type, the raw materials behind them, and concrete mix designs. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import {
  identityId,
  modifiedAt,
  modifiedBy,
  money,
  nonNegativeCheck,
  quantity,
  rate,
  systemTypeCheck,
  systemTypeId,
  version,
} from './columns';
import { glCategories, productTypes, unitsOfMeasure } from './lookups';
import { plants } from './plants';

/** Cement, sand, stone, admixtures, water: what plants batch and keep in inventory. */
export const rawMaterials = pgTable(
  'raw_materials',
  {
    id: identityId(),
    code: text().notNull().unique('raw_materials_code_unique'),
    description: text().notNull(),
    unitOfMeasureId: integer()
      .notNull()
      .references(() => unitsOfMeasure.id),
    specificGravity: rate(),
    cost: money(),
    inactiveFlag: boolean().notNull().default(false),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [nonNegativeCheck('raw_materials_amounts_check', t.specificGravity, t.cost)],
);

export const products = pgTable(
  'products',
  {
    id: identityId(),
    number: text().notNull(),
    description: text().notNull(),
    systemTypeId: systemTypeId().notNull(),
    productTypeId: integer().references(() => productTypes.id),
    unitOfMeasureId: integer()
      .notNull()
      .references(() => unitsOfMeasure.id),
    price: money(),
    taxableFlag: boolean().notNull().default(true),
    // Selling the product draws down this raw material (aggregate sold straight from the pile).
    rawMaterialId: integer().references(() => rawMaterials.id),
    glCategoryId: integer().references(() => glCategories.id),
    inactiveFlag: boolean().notNull().default(false),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    unique('products_system_type_id_number_unique').on(t.systemTypeId, t.number),
    index('products_raw_material_id_idx').on(t.rawMaterialId),
    systemTypeCheck('products_system_type_id_check', t.systemTypeId),
  ],
);

/** A concrete product's design at one plant: the same product batches differently per plant. */
export const concreteMixes = pgTable(
  'concrete_mixes',
  {
    id: identityId(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    plantId: integer()
      .notNull()
      .references(() => plants.id),
    description: text().notNull(),
    strength: quantity(),
    slump: quantity(),
    air: rate(),
    aggregateSize: text(),
    cementType: text(),
    maxLoadSize: quantity(),
    maxExtraWaterGallons: quantity(),
    mixerSeconds: integer(),
    sackEquivalent: quantity(),
    waterToCementRatio: rate(),
    applyAdmixDosageFactor: boolean().notNull().default(false),
    inactiveFlag: boolean().notNull().default(false),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    unique('concrete_mixes_product_id_plant_id_unique').on(t.productId, t.plantId),
    index('concrete_mixes_plant_id_idx').on(t.plantId),
    nonNegativeCheck(
      'concrete_mixes_amounts_check',
      t.strength,
      t.slump,
      t.air,
      t.maxLoadSize,
      t.maxExtraWaterGallons,
      t.mixerSeconds,
      t.sackEquivalent,
      t.waterToCementRatio,
    ),
  ],
);

/** Edited with its mix; the mix's version guards the whole recipe. */
export const concreteMixRawMaterials = pgTable(
  'concrete_mix_raw_materials',
  {
    concreteMixId: integer()
      .notNull()
      .references(() => concreteMixes.id, { onDelete: 'cascade' }),
    rawMaterialId: integer()
      .notNull()
      .references(() => rawMaterials.id),
    sequence: smallint().notNull().default(0),
    // Per unit of mix (per cubic yard or cubic metre), in the raw material's unit.
    quantity: quantity().notNull(),
    unitOfMeasureId: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.concreteMixId, t.rawMaterialId] }),
    // Named by hand: the generated name would pass PostgreSQL's 63-character identifier limit.
    foreignKey({
      name: 'concrete_mix_raw_materials_unit_of_measure_id_fk',
      columns: [t.unitOfMeasureId],
      foreignColumns: [unitsOfMeasure.id],
    }),
    index('concrete_mix_raw_materials_raw_material_id_idx').on(t.rawMaterialId),
    nonNegativeCheck('concrete_mix_raw_materials_quantity_check', t.quantity),
    check('concrete_mix_raw_materials_sequence_check', sql`${t.sequence} >= 0`),
  ],
);

/**
 * Products added to every order or ticket of a system type (an environmental fee, a fuel
 * surcharge), at this quantity per order or ticket.
 */
export const staticProducts = pgTable(
  'static_products',
  {
    id: identityId(),
    systemTypeId: systemTypeId().notNull(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    quantity: quantity().notNull().default(1),
    addToOrders: boolean().notNull().default(true),
    addToTickets: boolean().notNull().default(true),
    inactiveFlag: boolean().notNull().default(false),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    unique('static_products_system_type_id_product_id_unique').on(t.systemTypeId, t.productId),
    systemTypeCheck('static_products_system_type_id_check', t.systemTypeId),
    nonNegativeCheck('static_products_quantity_check', t.quantity),
  ],
);
