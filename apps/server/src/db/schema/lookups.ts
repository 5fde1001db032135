/**
 * Order statuses and the lookup tables the business entities refer to by id. Their ids are codes
 * the classic system, reports and integrations share, so they are plain keys chosen on insert
 * (seeded or typed by an administrator), never generated.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  addressColumns,
  factor,
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
import { plants } from './plants';

/** What every simple lookup has; the generic maintenance screen edits these columns. */
const lookupColumns = () => ({
  id: integer().primaryKey(),
  description: text().notNull(),
  inactiveFlag: boolean().notNull().default(false),
  version: version(),
  modifiedAt: modifiedAt(),
  modifiedBy: modifiedBy(),
});

/** Spec section 4: D 0, S 1, F 2, W 3, H 4, C 5, P 6, X 7, B 8, M 9. Fixed by the product. */
export const orderStatuses = pgTable(
  'order_statuses',
  {
    id: integer().primaryKey(),
    code: char({ length: 1 }).notNull().unique('order_statuses_code_unique'),
    name: text().notNull(),
  },
  (t) => [
    check('order_statuses_id_check', sql`${t.id} between 0 and 9`),
    check('order_statuses_code_check', sql`${t.code} ~ '^[A-Z]$'`),
  ],
);

export const orderTypes = pgTable(
  'order_types',
  {
    ...lookupColumns(),
    systemTypeId: systemTypeId(),
  },
  (t) => [systemTypeCheck('order_types_system_type_id_check', t.systemTypeId)],
);

export const orderFlags = pgTable(
  'order_flags',
  {
    ...lookupColumns(),
    colorHex: text(),
  },
  (t) => [check('order_flags_color_hex_check', sql`${t.colorHex} ~ '^#[0-9A-Fa-f]{6}$'`)],
);

export const reasons = pgTable('reasons', lookupColumns());

export const creditStatuses = pgTable('credit_statuses', {
  ...lookupColumns(),
  // Orders for a customer in this status are held for credit approval.
  holdOrdersFlag: boolean().notNull().default(false),
});

export const glCategories = pgTable('gl_categories', {
  ...lookupColumns(),
  glAccountNumber: text(),
});

export const truckTypes = pgTable(
  'truck_types',
  {
    ...lookupColumns(),
    maxLoadQuantity: quantity(),
  },
  (t) => [nonNegativeCheck('truck_types_max_load_quantity_check', t.maxLoadQuantity)],
);

export const truckCompanies = pgTable('truck_companies', {
  // Handed out by the database; the demo seed's own ids are followed by the sequence (demo-fleet).
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  ...addressColumns(),
  contactName: text(),
  phoneNumber: text(),
  faxNumber: text(),
  emailAddress: text(),
  // Hauliers not owned by the producer: their trucks are paid by the load, not by the hour.
  outsideCompanyFlag: boolean().notNull().default(false),
  inactiveFlag: boolean().notNull().default(false),
  version: version(),
  modifiedAt: modifiedAt(),
  modifiedBy: modifiedBy(),
});

/** The live truck view shows statusDescription and statusLocation from here. */
export const truckStatuses = pgTable('truck_statuses', {
  ...lookupColumns(),
  location: text(),
});

export const truckFlags = pgTable(
  'truck_flags',
  {
    ...lookupColumns(),
    colorHex: text(),
  },
  (t) => [check('truck_flags_color_hex_check', sql`${t.colorHex} ~ '^#[0-9A-Fa-f]{6}$'`)],
);

export const taxLevels = pgTable(
  'tax_levels',
  {
    ...lookupColumns(),
    taxRate: rate().notNull().default(0),
    glAccountNumber: text(),
  },
  (t) => [check('tax_levels_tax_rate_check', sql`${t.taxRate} between 0 and 100`)],
);

export const taxSchedules = pgTable('tax_schedules', lookupColumns());

/** A tax schedule is the set of levels (state, county, city, ...) charged together. */
export const taxScheduleLevels = pgTable(
  'tax_schedule_levels',
  {
    taxScheduleId: integer()
      .notNull()
      .references(() => taxSchedules.id, { onDelete: 'cascade' }),
    taxLevelId: integer()
      .notNull()
      .references(() => taxLevels.id),
  },
  (t) => [
    primaryKey({ columns: [t.taxScheduleId, t.taxLevelId] }),
    index('tax_schedule_levels_tax_level_id_idx').on(t.taxLevelId),
  ],
);

export const termsDiscounts = pgTable(
  'terms_discounts',
  {
    ...lookupColumns(),
    discountPercent: rate().notNull().default(0),
    discountDays: smallint().notNull().default(0),
    netDays: smallint().notNull().default(0),
  },
  (t) => [
    check('terms_discounts_discount_percent_check', sql`${t.discountPercent} between 0 and 100`),
    nonNegativeCheck('terms_discounts_days_check', t.discountDays, t.netDays),
  ],
);

export const shortLoadTypes = pgTable(
  'short_load_types',
  {
    ...lookupColumns(),
    // A load below this quantity is short and draws the charge.
    minimumQuantity: quantity(),
    charge: money(),
    // Which orders the charge applies to: one system type, and one plant or (null) every plant.
    systemTypeId: systemTypeId().notNull().default(1),
    plantId: integer().references((): AnyPgColumn => plants.id),
  },
  (t) => [
    nonNegativeCheck('short_load_types_amounts_check', t.minimumQuantity, t.charge),
    systemTypeCheck('short_load_types_system_type_id_check', t.systemTypeId),
  ],
);

export const freeShortLoads = pgTable(
  'free_short_loads',
  {
    ...lookupColumns(),
    numberOfFreeLoads: smallint().notNull().default(0),
  },
  (t) => [nonNegativeCheck('free_short_loads_number_of_free_loads_check', t.numberOfFreeLoads)],
);

export const standbyChargeTypes = pgTable('standby_charge_types', lookupColumns());

export const deliveryChargeTypes = pgTable('delivery_charge_types', lookupColumns());

export const printMaterialTypes = pgTable('print_material_types', lookupColumns());

export const conversionFactorTypes = pgTable('conversion_factor_types', lookupColumns());

/** Ids are the unit enum of spec section 3 (cubic yards 1, pounds 2, ..., each quantity 30). */
export const unitsOfMeasure = pgTable(
  'units_of_measure',
  {
    id: integer().primaryKey(),
    imperialDescription: text().notNull(),
    metricDescription: text().notNull(),
    imperialToMetricConvFactor: factor(),
    conversionFactorTypeId: integer(),
    value: factor(),
    inactiveFlag: boolean().notNull().default(false),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    // Named by hand: the generated name would pass PostgreSQL's 63-character identifier limit.
    foreignKey({
      name: 'units_of_measure_conversion_factor_type_id_fk',
      columns: [t.conversionFactorTypeId],
      foreignColumns: [conversionFactorTypes.id],
    }),
    check('units_of_measure_conv_factor_check', sql`${t.imperialToMetricConvFactor} > 0`),
  ],
);

export const zones = pgTable(
  'zones',
  {
    ...lookupColumns(),
    deliveryCharge: money(),
  },
  (t) => [nonNegativeCheck('zones_delivery_charge_check', t.deliveryCharge)],
);

export const suburbs = pgTable(
  'suburbs',
  {
    ...lookupColumns(),
    zoneId: integer().references(() => zones.id),
    postalCode: text(),
  },
  (t) => [index('suburbs_zone_id_idx').on(t.zoneId)],
);

export const divisions = pgTable('divisions', lookupColumns());

export const plantColors = pgTable(
  'plant_colors',
  {
    ...lookupColumns(),
    colorHex: text().notNull(),
  },
  (t) => [check('plant_colors_color_hex_check', sql`${t.colorHex} ~ '^#[0-9A-Fa-f]{6}$'`)],
);

export const employeeTypes = pgTable('employee_types', lookupColumns());

/** Jobs default to type 0, so a row 0 ("none") always exists. */
export const jobTypes = pgTable('job_types', lookupColumns());

export const usageTypes = pgTable('usage_types', lookupColumns());

export const productTypes = pgTable(
  'product_types',
  {
    ...lookupColumns(),
    systemTypeId: systemTypeId(),
  },
  (t) => [systemTypeCheck('product_types_system_type_id_check', t.systemTypeId)],
);

/** How a schedule's load times are adjusted when it is re-planned; new schedules take 1. */
export const adjustmentTypes = pgTable('adjustment_types', lookupColumns());

export const ticketStatuses = pgTable('ticket_statuses', lookupColumns());

export const voidStatuses = pgTable('void_statuses', lookupColumns());

export const loadStatuses = pgTable('load_statuses', lookupColumns());
