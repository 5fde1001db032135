/** Customers and their dated pricing defaults per system type (concrete, aggregate, block). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  addressColumns,
  identityId,
  modifiedAt,
  modifiedBy,
  money,
  nonNegativeCheck,
  quantity,
  timestamptz,
  version,
} from './columns';
import { employees } from './employees';
import {
  creditStatuses,
  freeShortLoads,
  printMaterialTypes,
  shortLoadTypes,
  standbyChargeTypes,
  taxSchedules,
  termsDiscounts,
} from './lookups';
import { plants } from './plants';

export const customers = pgTable(
  'customers',
  {
    id: identityId(),
    number: text().notNull().unique('customers_number_unique'),
    name: text().notNull(),
    // Shown in lists instead of the legal name when the two differ ("Smith, J" vs "John Smith").
    sortName: text(),
    ...addressColumns(),
    contactName: text(),
    phoneNumber: text(),
    phoneExtension: text(),
    faxNumber: text(),
    emailAddress: text(),
    // Default recipients of emailed tickets and invoices, copied into new orders.
    emailAddressCsv: text(),
    billingName: text(),
    billingAddress1: text(),
    billingAddress2: text(),
    billingAddress3: text(),
    billingAddress4: text(),
    billingAddress5: text(),
    billingAddress6: text(),
    billingAddress7: text(),
    billingEmailAddress: text(),
    accountingCustomerNumber: text(),
    creditStatusId: integer().references(() => creditStatuses.id),
    creditLimit: money(),
    creditNotes: text(),
    cashOnlyFlag: boolean().notNull().default(false),
    // R-INV-11: the nightly job invoices this customer's delivered tickets without a clerk.
    autoInvoiceFlag: boolean().notNull().default(false),
    taxScheduleId: integer().references(() => taxSchedules.id),
    nontaxableFlag: boolean().notNull().default(false),
    taxExemptNumber: text(),
    inactiveFlag: boolean().notNull().default(false),
    // Issue 25, item 4: the language its tickets and invoices are printed in (documentLanguages).
    // Never null: English is every customer's until someone sets another.
    language: text().notNull().default('en'),
    // R-TRACK-14, R-TRACK-15: which e-mailed notices the order's addresses get, and whether those carry prices.
    noticeDayBefore: boolean().notNull().default(true),
    noticeFirstLoad: boolean().notNull().default(true),
    noticeDaysEnd: boolean().notNull().default(true),
    noticePricedTickets: boolean().notNull().default(false),
    createdAt: timestamptz().notNull().defaultNow(),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('customers_name_lower_idx').on(sql`lower(${t.name})`),
    // The list search (R-RES-3, R-BENCH-2) matches inside words: trigram indexes serve it.
    index('customers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('customers_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
    index('customers_phone_number_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    index('customers_sort_name_trgm_idx').using('gin', t.sortName.op('gin_trgm_ops')),
    nonNegativeCheck('customers_credit_limit_check', t.creditLimit),
    check('customers_name_check', sql`length(trim(${t.name})) > 0`),
    check('customers_language_check', sql`${t.language} in ('en', 'es')`),
  ],
);

/** The fields the three variants share (spec section 3, customer pricing defaults). */
const pricingColumns = () => ({
  id: identityId(),
  customerId: integer().notNull(),
  shortLoadTypeId: integer(),
  freeShortLoadId: integer(),
  standbyChargeTypeId: integer(),
  // Free standby minutes per unit delivered before standby is charged.
  standbyMinPerQty: quantity(),
  standbyPrice: money(),
  salesmanEmployeeId: integer(),
  salesPlantId: integer(),
  priceAdjustment: money(),
  priceAdjustmentPercentFlag: boolean().notNull().default(false),
  termsDiscountId: integer(),
  nonworkdayChargeFlag: boolean().notNull().default(false),
  startDate: date({ mode: 'string' }),
  terminationDate: date({ mode: 'string' }),
  version: version(),
  modifiedAt: modifiedAt(),
  modifiedBy: modifiedBy(),
});

type PricingColumns = { [K in keyof ReturnType<typeof pricingColumns>]: AnyPgColumn };

/**
 * Foreign keys are named here because drizzle-kit's generated names for these long table and
 * column names pass PostgreSQL's 63-character limit, which would silently truncate them.
 */
const pricingConstraints = (table: string, t: PricingColumns) => [
  foreignKey({
    name: `${table}_customer_id_fk`,
    columns: [t.customerId],
    foreignColumns: [customers.id],
  }).onDelete('cascade'),
  foreignKey({
    name: `${table}_short_load_type_id_fk`,
    columns: [t.shortLoadTypeId],
    foreignColumns: [shortLoadTypes.id],
  }),
  foreignKey({
    name: `${table}_free_short_load_id_fk`,
    columns: [t.freeShortLoadId],
    foreignColumns: [freeShortLoads.id],
  }),
  foreignKey({
    name: `${table}_standby_charge_type_id_fk`,
    columns: [t.standbyChargeTypeId],
    foreignColumns: [standbyChargeTypes.id],
  }),
  foreignKey({
    name: `${table}_salesman_employee_id_fk`,
    columns: [t.salesmanEmployeeId],
    foreignColumns: [employees.id],
  }),
  foreignKey({
    name: `${table}_sales_plant_id_fk`,
    columns: [t.salesPlantId],
    foreignColumns: [plants.id],
  }),
  foreignKey({
    name: `${table}_terms_discount_id_fk`,
    columns: [t.termsDiscountId],
    foreignColumns: [termsDiscounts.id],
  }),
  index(`${table}_customer_id_start_date_idx`).on(t.customerId, t.startDate),
  check(`${table}_dates_check`, sql`${t.terminationDate} >= ${t.startDate}`),
  nonNegativeCheck(`${table}_standby_check`, t.standbyMinPerQty, t.standbyPrice),
];

export const customerConcretePricing = pgTable(
  'customer_concrete_pricing',
  {
    ...pricingColumns(),
    cartageRate: money(),
    printMaterialTypeId: integer(),
    requireOnSiteQC: boolean().notNull().default(false),
  },
  (t) => [
    ...pricingConstraints('customer_concrete_pricing', t),
    foreignKey({
      name: 'customer_concrete_pricing_print_material_type_id_fk',
      columns: [t.printMaterialTypeId],
      foreignColumns: [printMaterialTypes.id],
    }),
    nonNegativeCheck('customer_concrete_pricing_cartage_rate_check', t.cartageRate),
  ],
);

export const customerAggregatePricing = pgTable(
  'customer_aggregate_pricing',
  {
    ...pricingColumns(),
    requireQuotedDelChargeFlag: boolean().notNull().default(false),
    overrideFuelSurchargeFlag: boolean().notNull().default(false),
    printMaterialTypeId: integer(),
  },
  (t) => [
    ...pricingConstraints('customer_aggregate_pricing', t),
    foreignKey({
      name: 'customer_aggregate_pricing_print_material_type_id_fk',
      columns: [t.printMaterialTypeId],
      foreignColumns: [printMaterialTypes.id],
    }),
  ],
);

export const customerBlockPricing = pgTable(
  'customer_block_pricing',
  {
    ...pricingColumns(),
    // An amount, or a percentage of the returned goods when blockRestockPercentFlag is set.
    blockRestockingCharge: money(),
    blockRestockPercentFlag: boolean().notNull().default(false),
  },
  (t) => [
    ...pricingConstraints('customer_block_pricing', t),
    nonNegativeCheck('customer_block_pricing_restocking_check', t.blockRestockingCharge),
  ],
);
