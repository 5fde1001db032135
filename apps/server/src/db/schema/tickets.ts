/** Delivery tickets, their products, and the scheduled loads tickets fulfil. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import {
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
import { jobs } from './jobs';
import {
  loadStatuses,
  ticketStatuses,
  truckCompanies,
  unitsOfMeasure,
  voidStatuses,
} from './lookups';
import { orders, schedules } from './orders';
import { plants } from './plants';
import { products } from './products';
import { drivers, trucks } from './trucks';

/**
 * Truck number and user names are copied: a ticket is a printed legal record and must read the
 * same after the truck is renumbered or the user renamed.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: identityId(),
    // From the plant's nextTicketNumber, hence unique per plant only.
    number: integer().notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    scheduleId: integer().references(() => schedules.id),
    plantId: integer()
      .notNull()
      .references(() => plants.id),
    truckId: integer().references(() => trucks.id),
    truckNumber: text(),
    truckCompanyId: integer().references(() => truckCompanies.id),
    loadNumber: integer(),
    statusId: integer()
      .notNull()
      .references(() => ticketStatuses.id),
    voidStatusId: integer().references(() => voidStatuses.id),
    driverId: integer().references(() => drivers.id),
    batchmanId: integer().references(() => employees.id),
    grossWeight: quantity(),
    tareWeight: quantity(),
    netWeight: quantity(),
    waterAdded: quantity(),
    maxAllowableWaterGallons: quantity(),
    codAmount: money(),
    ticketDateTime: timestamptz().notNull().defaultNow(),
    printDateTime: timestamptz(),
    // R-PRINT-7: why the print made when the truck was sent failed; cleared once it prints.
    printFailure: text(),
    batchDateTime: timestamptz(),
    loadedDateTime: timestamptz(),
    toJobDateTime: timestamptz(),
    onJobDateTime: timestamptz(),
    startUnloadDateTime: timestamptz(),
    finishUnloadDateTime: timestamptz(),
    toPlantDateTime: timestamptz(),
    arrivePlantDateTime: timestamptz(),
    suspendDateTime: timestamptz(),
    testBeginDateTime: timestamptz(),
    testEndDateTime: timestamptz(),
    voidDateTime: timestamptz(),
    userName: text(),
    voidUserName: text(),
    // R-TEDIT-2: the job and PO a clerk corrected on this ticket; null reads the order's.
    jobId: integer().references(() => jobs.id),
    customerPoNumber: text(),
    notes: text(),
    // R-TEDIT-9: why the ticket was voided, printed and shown with its void status.
    voidReason: text(),
    // R-TENT-3: an aggregate ticket's bill of lading, from the pit's next bill-of-lading number.
    billOfLadingNumber: integer(),
    // R-TENT-6: a block return's restocking charge (the customer's block pricing defaults).
    restockingCharge: money(),
    // Set once the ticket is on an invoice; an invoiced ticket no longer changes (R-INV-3).
    invoiceId: integer(),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    unique('tickets_plant_id_number_unique').on(t.plantId, t.number),
    index('tickets_ticket_date_time_idx').on(t.ticketDateTime),
    index('tickets_order_id_idx').on(t.orderId),
    index('tickets_schedule_id_idx').on(t.scheduleId),
    index('tickets_truck_id_ticket_date_time_idx').on(t.truckId, t.ticketDateTime),
    // R-INQ-12: ticket inquiry by number, by a customer's orders and days, by plant and days,
    // by a clerk's job and PO.
    index('tickets_number_idx').on(t.number),
    index('tickets_order_id_ticket_date_time_idx').on(t.orderId, t.ticketDateTime),
    index('tickets_plant_id_ticket_date_time_idx').on(t.plantId, t.ticketDateTime),
    index('tickets_job_id_idx')
      .on(t.jobId)
      .where(sql`${t.jobId} is not null`),
    index('tickets_customer_po_number_trgm_idx').using(
      'gin',
      t.customerPoNumber.op('gin_trgm_ops'),
    ),
    check('tickets_number_check', sql`${t.number} >= 1 and ${t.loadNumber} >= 1`),
    nonNegativeCheck(
      'tickets_quantities_check',
      t.grossWeight,
      t.tareWeight,
      t.netWeight,
      t.waterAdded,
      t.maxAllowableWaterGallons,
      t.codAmount,
      t.restockingCharge,
    ),
  ],
);

export const ticketProducts = pgTable(
  'ticket_products',
  {
    id: identityId(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    quantity: quantity().notNull().default(0),
    deliveredQuantity: quantity(),
    // Returned concrete: quantity batched but not poured.
    unusedQuantity: quantity(),
    price: money(),
    slump: quantity(),
    taxableFlag: boolean().notNull().default(true),
    unitOfMeasure: integer().references(() => unitsOfMeasure.id),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('ticket_products_ticket_id_idx').on(t.ticketId),
    index('ticket_products_product_id_idx').on(t.productId),
    // R-TENT-6: a block return's line has a negative quantity, so quantity is not checked.
    nonNegativeCheck(
      'ticket_products_quantities_check',
      t.deliveredQuantity,
      t.unusedQuantity,
      t.slump,
    ),
  ],
);

/** A planned load of a schedule; the ticket written for it is linked once it exists. */
export const loads = pgTable(
  'loads',
  {
    id: identityId(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    scheduleId: integer()
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    loadNumber: integer().notNull(),
    quantity: quantity().notNull(),
    statusId: integer()
      .notNull()
      .references(() => loadStatuses.id),
    driverId: integer().references(() => drivers.id),
    ticketId: integer()
      .unique('loads_ticket_id_unique')
      .references(() => tickets.id, { onDelete: 'set null' }),
    onJobTime: timestamptz(),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('loads_order_id_idx').on(t.orderId),
    // R-BOARD-3: the load board finds a window's loads by time, and every load out on a ticket.
    index('loads_on_job_time_idx').on(t.onJobTime),
    index('loads_ticketed_idx')
      .on(t.statusId)
      .where(sql`${t.statusId} = 2`),
    unique('loads_schedule_id_load_number_unique').on(t.scheduleId, t.loadNumber),
    nonNegativeCheck('loads_quantity_check', t.quantity),
    check('loads_load_number_check', sql`${t.loadNumber} >= 1`),
  ],
);
