/**
 * Quotes and their product lines. A job points at its quote (job.quoteId), not the reverse: one
 * quote can price several jobs, and one direction keeps the schema files free of import cycles.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import {
  identityId,
  modifiedAt,
  modifiedBy,
  money,
  nonNegativeCheck,
  quantity,
  systemTypeCheck,
  systemTypeId,
  version,
} from './columns';
import { customers } from './customers';
import { employees } from './employees';
import { unitsOfMeasure } from './lookups';
import { plants } from './plants';
import { products } from './products';

export const quotes = pgTable(
  'quotes',
  {
    id: identityId(),
    number: text().notNull().unique('quotes_number_unique'),
    description: text(),
    customerId: integer().references(() => customers.id),
    // A quote for a prospect not yet set up as a customer keeps the name here.
    customerName: text(),
    plantId: integer().references(() => plants.id),
    systemTypeId: systemTypeId().notNull(),
    salesmanEmployeeId: integer().references(() => employees.id),
    contactName: text(),
    quoteDate: date({ mode: 'string' }).notNull(),
    effectiveDate: date({ mode: 'string' }),
    expirationDate: date({ mode: 'string' }),
    notes: text(),
    inactiveFlag: boolean().notNull().default(false),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('quotes_customer_id_idx').on(t.customerId),
    systemTypeCheck('quotes_system_type_id_check', t.systemTypeId),
    check('quotes_dates_check', sql`${t.expirationDate} >= ${t.quoteDate}`),
  ],
);

export const quoteProducts = pgTable(
  'quote_products',
  {
    id: identityId(),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    sequence: smallint().notNull().default(0),
    quantity: quantity(),
    price: money(),
    unitOfMeasureId: integer().references(() => unitsOfMeasure.id),
    taxableFlag: boolean().notNull().default(true),
    deliveryCharge: money(),
    version: version(),
    modifiedAt: modifiedAt(),
    modifiedBy: modifiedBy(),
  },
  (t) => [
    index('quote_products_quote_id_idx').on(t.quoteId),
    nonNegativeCheck('quote_products_amounts_check', t.quantity, t.deliveryCharge),
  ],
);
