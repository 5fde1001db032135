/** Orders, their delivery schedules and scheduled products, and cash taken against an order. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  identityId,
  modifiedAt,
  modifiedBy,
  money,
  nonNegativeCheck,
  quantity,
  systemTypeCheck,
  systemTypeId,
  timestamptz,
  version,
} from './columns';
import { customers } from './customers';
import { jobs } from './jobs';
import {
  adjustmentTypes,
  deliveryChargeTypes,
  freeShortLoads,
  orderFlags,
  orderStatuses,
  orderTypes,
  printMaterialTypes,
  productTypes,
  reasons,
  shortLoadTypes,
  standbyChargeTypes,
  suburbs,
  truckTypes,
  unitsOfMeasure,
  usageTypes,
} from './lookups';
import { plants } from './plants';
import { products } from './products';
import { quotes } from './quotes';
import { pumpers } from './trucks';

/** Order numbers are handed out by a sequence so concurrent order entry never collides. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1 });

/**
 * Section 5's required order fields are not null. Flags and charge types carry the spec's new
 * order defaults (section 9); order status defaults to 0 as a new order has status 0.
 */
export const orders = pgTable(
  'orders',
  {
    id: identityId(),
    number: integer()
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    // Copied at order time: the order keeps the name it was placed under.
    customerName: text().notNull(),
    customerPoNumber: text().notNull(),
    plantId: integer()
      .notNull()
      .references(() => plants.id),
    jobId: integer().references(() => jobs.id),
    quoteId: integer().references(() => quotes.id),
    orderDate: date({ mode: 'string' }).notNull(),
    shipDate: date({ mode: 'string' }).notNull(),
    orderStatusId: integer()
      .notNull()
      .default(0)
      .references(() => orderStatuses.id),
    orderTypeId: integer()
      .notNull()
      .references(() => orderTypes.id),
    systemTypeId: systemTypeId().notNull(),
    orderFlagId: integer().references(() => orderFlags.id),
    orderedByName: text(),
    notes: text(),
    dispatchNotes: text(),
    batchNotes: text(),
    creditNotes: text(),
    ticketNotes: text(),
    emailAddressCsv: text(),
    cartageRate: money(),
    milesToJob: quantity(),
    hoursToJob: quantity(),
    firstLoadTime: timestamptz(),
    imperialFlag: boolean().notNull(),
    invoicedFlag: boolean().notNull().default(false),
    chargeOrderFlag: boolean().notNull().default(true),
    orderVerifiedFlag: boolean().notNull().default(false),
    blockReturnOrderFlag: boolean().notNull().default(false),
    pumperId: integer().references(() => pumpers.id),
    reasonId: integer()
      .notNull()
      .references(() => reasons.id),
    shortLoadTypeId: integer().references(() => shortLoadTypes.id),
    freeShortLoadId: integer()
      .default(1)
      .references(() => freeShortLoads.id),
    standbyChargeTypeId: integer()
      .notNull()
      .default(1)
      .references(() => standbyChargeTypes.id),
    aggDeliveryChargeTypeId: integer()
      .default(1)
      .references(() => deliveryChargeTypes.id),
    printMaterialTypeId: integer()
      .default(1)
      .references(() => printMaterialTypes.id),
    // Which address decides the sales tax (plant or job); a code of the classic system.
    sourceTaxingType: smallint().notNull(),
    suburbId: integer().references(() => suburbs.id),
    uploadMixToBatchPanel: boolean().notNull().default(false),
    zoneReferenceNumber: text(),
    // R-TRACK-12: the customer confirmed the order from the day-before notice (who: 'customer').
    confirmedAt: timestamptz(),
    confirmedBy: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    index('orders_ship_date_plant_id_idx').on(t.shipDate, t.plantId),
    index('orders_ship_date_system_type_id_idx').on(t.shipDate, t.systemTypeId),
    index('orders_customer_id_idx').on(t.customerId),
    index('orders_job_id_idx').on(t.jobId),
    // R-INQ-12: ticket and invoice inquiry find a PO by any part of it.
    index('orders_customer_po_number_trgm_idx').using('gin', t.customerPoNumber.op('gin_trgm_ops')),
    check('orders_order_status_id_check', sql`${t.orderStatusId} between 0 and 9`),
    systemTypeCheck('orders_system_type_id_check', t.systemTypeId),
    // Block orders have no short loads and no printed material type (section 5).
    check(
      'orders_non_block_required_check',
      sql`${t.systemTypeId} = 3 or (${t.freeShortLoadId} is not null and ${t.shortLoadTypeId} is not null and ${t.printMaterialTypeId} is not null)`,
    ),
    nonNegativeCheck('orders_amounts_check', t.cartageRate, t.milesToJob, t.hoursToJob),
    check('orders_number_check', sql`${t.number} >= 1`),
  ],
);

/** Durations (load interval, travel, wait, wash) are whole minutes. */
export const schedules = pgTable(
  'schedules',
  {
    id: identityId(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    plantId: integer()
      .notNull()
      .references(() => plants.id),
    systemTypeId: systemTypeId().notNull(),
    numberOfLoads: integer(),
    numberOfTrucks: integer().notNull(),
    quantityPerHour: quantity().notNull(),
    loadIntervalTime: integer().notNull(),
    travelTimeToJob: integer().notNull(),
    travelTimeToPlant: integer().notNull(),
    onJobWaitMinutes: integer().notNull(),
    onJobWashMinutes: integer().notNull(),
    adjustmentTypeId: integer()
      .notNull()
      .default(1)
      .references(() => adjustmentTypes.id),
    addPlusLoad: boolean().notNull().default(false),
    truckTypeId: integer().references(() => truckTypes.id),
    firstLoadOnJobTime: timestamptz(),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('schedules_order_id_idx').on(t.orderId),
    index('schedules_plant_id_first_load_on_job_time_idx').on(t.plantId, t.firstLoadOnJobTime),
    systemTypeCheck('schedules_system_type_id_check', t.systemTypeId),
    nonNegativeCheck(
      'schedules_amounts_check',
      t.numberOfLoads,
      t.numberOfTrucks,
      t.quantityPerHour,
      t.loadIntervalTime,
      t.travelTimeToJob,
      t.travelTimeToPlant,
      t.onJobWaitMinutes,
      t.onJobWashMinutes,
    ),
  ],
);

/** Product number, description and type are copied so the schedule reads as it was ordered. */
export const scheduleProducts = pgTable(
  'schedule_products',
  {
    id: identityId(),
    scheduleId: integer()
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    // The schedule form has one primary product and any number of extras.
    primaryFlag: boolean().notNull().default(false),
    sequence: smallint().notNull().default(0),
    productNumber: text(),
    productDescription: text(),
    productTypeId: integer().references(() => productTypes.id),
    quantity: quantity().notNull().default(0),
    deliveredQuantity: quantity().notNull().default(0),
    slump: quantity(),
    price: money(),
    taxableFlag: boolean().notNull().default(true),
    unitOfMeasure: integer().references(() => unitsOfMeasure.id),
    loadSize: quantity(),
    // The planned load sizes as the load-scheduling screen lays them out.
    loadPlan: text(),
    quantityOnHand: quantity(),
    usageTypeId: integer().references(() => usageTypes.id),
    unitsPerCube: quantity(),
    ticketed: boolean().notNull().default(false),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('schedule_products_schedule_id_idx').on(t.scheduleId),
    index('schedule_products_product_id_idx').on(t.productId),
    uniqueIndex('schedule_products_primary_unique')
      .on(t.scheduleId)
      .where(sql`${t.primaryFlag}`),
    nonNegativeCheck(
      'schedule_products_quantities_check',
      t.quantity,
      t.deliveredQuantity,
      t.slump,
      t.loadSize,
      t.unitsPerCube,
    ),
  ],
);

/**
 * Payment taken at order time (quick sale, COD). Card numbers and security values are never
 * stored: the payment provider keeps them, and we keep what a receipt shows.
 */
export const cashTransactions = pgTable(
  'cash_transactions',
  {
    id: identityId(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    cashNotes: text(),
    cashFlag: boolean().notNull().default(false),
    cashAmount: money().notNull().default(0),
    checkFlag: boolean().notNull().default(false),
    checkAmount: money().notNull().default(0),
    checkNumber: text(),
    checkApprovalCode: text(),
    creditCardFlag: boolean().notNull().default(false),
    creditCardAmount: money().notNull().default(0),
    creditCardApprovalCode: text(),
    creditCardBillingAddress: text(),
    creditCardBrand: text(),
    creditCardLast4: char({ length: 4 }),
    creditCardExpirationDate: text(),
    // The payment provider's reference for the charge: refunds go through it, never a card number.
    paymentReference: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('cash_transactions_order_id_idx').on(t.orderId),
    check('cash_transactions_credit_card_last4_check', sql`${t.creditCardLast4} ~ '^[0-9]{4}$'`),
    // Month and year only (MM/YY or MM/YYYY): enough for a receipt, useless for a charge.
    check(
      'cash_transactions_credit_card_expiration_date_check',
      sql`${t.creditCardExpirationDate} ~ '^(0[1-9]|1[0-2])/([0-9]{2}|[0-9]{4})$'`,
    ),
  ],
);
