/**
 * Dated prices and the escalations that write them (ADR 010, R-ESC-1..R-ESC-8). A product's list
 * price (products.price) and a quote line's quoted price (quote_products.price) hold until their
 * first dated price; each dated price holds from its effective date until the next one.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
import { identityId, money, nonNegativeCheck, timestamptz } from './columns';
import { plants } from './plants';
import { products } from './products';
import { quoteProducts, quotes } from './quotes';

/** One applied escalation: what was asked, by whom, and whether it was reversed. */
export const priceEscalations = pgTable(
  'price_escalations',
  {
    id: identityId(),
    /** product: products' prices (per plant or for every plant); quote: quote lines' prices. */
    kind: text().notNull(),
    /** percent or amount. */
    method: text().notNull(),
    // A percent with four decimals or an amount with two, signed: negative lowers.
    amount: numeric({ precision: 12, scale: 4, mode: 'number' }).notNull(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    /** The selection as the request gave it (system types, product types, products, plants, ...). */
    selection: jsonb().notNull(),
    description: text(),
    appliedAt: timestamptz().notNull().defaultNow(),
    appliedBy: text().notNull(),
    reversedAt: timestamptz(),
    reversedBy: text(),
    rowCount: integer().notNull(),
  },
  (t) => [
    check('price_escalations_kind_check', sql`${t.kind} in ('product', 'quote')`),
    check('price_escalations_method_check', sql`${t.method} in ('percent', 'amount')`),
    index('price_escalations_kind_applied_at_idx').on(t.kind, t.appliedAt),
  ],
);

/** A product's dated price, for every plant (plantId null) or one plant's own. */
export const productPrices = pgTable(
  'product_prices',
  {
    id: identityId(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    plantId: integer().references(() => plants.id, { onDelete: 'cascade' }),
    price: money().notNull(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    /** The escalation that wrote it; reversing the escalation deletes it. */
    escalationId: integer().references(() => priceEscalations.id),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('product_prices_product_id_effective_date_idx').on(t.productId, t.effectiveDate),
    index('product_prices_escalation_id_idx').on(t.escalationId),
    nonNegativeCheck('product_prices_price_check', t.price),
  ],
);

/** A quote line's dated price. */
export const quoteProductPrices = pgTable(
  'quote_product_prices',
  {
    id: identityId(),
    quoteProductId: integer()
      .notNull()
      .references(() => quoteProducts.id, { onDelete: 'cascade' }),
    price: money().notNull(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    escalationId: integer().references(() => priceEscalations.id),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('quote_product_prices_quote_product_id_effective_date_idx').on(
      t.quoteProductId,
      t.effectiveDate,
    ),
    index('quote_product_prices_escalation_id_idx').on(t.escalationId),
    nonNegativeCheck('quote_product_prices_price_check', t.price),
  ],
);

/** Every price an escalation changed, before and after: what the history and the audit show. */
export const priceEscalationRows = pgTable(
  'price_escalation_rows',
  {
    id: identityId(),
    escalationId: integer()
      .notNull()
      .references(() => priceEscalations.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    plantId: integer().references(() => plants.id, { onDelete: 'set null' }),
    quoteId: integer().references(() => quotes.id, { onDelete: 'set null' }),
    quoteProductId: integer(),
    priceBefore: money().notNull(),
    priceAfter: money().notNull(),
  },
  (t) => [
    // Named by hand: the generated name passes PostgreSQL's 63-character identifier limit.
    foreignKey({
      name: 'price_escalation_rows_quote_product_id_fk',
      columns: [t.quoteProductId],
      foreignColumns: [quoteProducts.id],
    }).onDelete('set null'),
    index('price_escalation_rows_escalation_id_idx').on(t.escalationId),
    index('price_escalation_rows_product_id_idx').on(t.productId),
    index('price_escalation_rows_quote_product_id_idx').on(t.quoteProductId),
  ],
);
