/**
 * Order pricing (R-PRICE-1..R-PRICE-10, issue 12): reads the candidates for a line's price on the
 * ship date (the job's quote line, the customer's pricing defaults, the product's price in
 * effect), the tax schedule's rate and the short load and standby rules, and leaves the decisions
 * to the domain (`@dispatch/domain/pricing/order-pricing`). The candidates of every line of an
 * order are read in one statement (`priceBookReads`, issue 12's creation bench): order entry reads
 * them with the order's other references, `priceOrderLine` for one line.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  applicableShortLoadTypes,
  combinedTaxRate,
  defaultsInEffect,
  lineTaxable,
  orderLinePrice,
  quotePricesOn,
  standbyMethodOf,
  type PriceSource,
  type ShortLoadType,
  type StandbyMethod,
} from '@dispatch/domain/pricing/order-pricing';
import { priceInEffect, productPriceInEffect } from '@dispatch/domain/pricing/price-in-effect';
import type { SystemTypeId } from '@dispatch/domain/system-types';
import type { Db, Tx } from '../../db/client';
import {
  customerAggregatePricing,
  customerBlockPricing,
  customerConcretePricing,
  customers,
} from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import {
  freeShortLoads,
  shortLoadTypes,
  taxLevels,
  taxScheduleLevels,
} from '../../db/schema/lookups';
import { productPrices, quoteProductPrices } from '../../db/schema/prices';
import { products } from '../../db/schema/products';
import { quoteProducts, quotes } from '../../db/schema/quotes';
import { idList, idsIn, jsonRows, readInOneStatement, type JsonRead } from './one-statement';

type Connection = Tx | Db;

export type OrderPriceInput = {
  customerId: number;
  jobId: number | null;
  productId: number;
  plantId: number | null;
  systemTypeId: number;
  /** YYYY-MM-DD: prices, quotes and defaults are taken as they stand on this day. */
  shipDate: string;
};

export type OrderLinePricing = {
  price: number | null;
  source: PriceSource;
  /** R-PRICE-5: the quote line's flag or the product's, never for a nontaxable customer or job. */
  taxable: boolean;
  /** The quote line's unit when it priced the line and has one, else the product's. */
  unitOfMeasureId: number | null;
  /** The quote line that priced it. */
  quoteProductId: number | null;
};

/** The customer pricing defaults of each system type share these columns (spec section 3). */
export const pricingTables = {
  1: customerConcretePricing,
  2: customerAggregatePricing,
  3: customerBlockPricing,
} as const;

export type CustomerPricingDefaults = {
  id: number;
  shortLoadTypeId: number | null;
  freeShortLoadId: number | null;
  standbyChargeTypeId: number | null;
  standbyMinPerQty: number | null;
  standbyPrice: number | null;
  priceAdjustment: number | null;
  priceAdjustmentPercentFlag: boolean;
  startDate: string | null;
  terminationDate: string | null;
};

/** The JSON of one customer pricing defaults row, as `customerDefaultsOn` answers it. */
function defaultsJson(table: typeof customerConcretePricing): SQL {
  return sql`json_build_object(
    'id', ${table.id},
    'shortLoadTypeId', ${table.shortLoadTypeId},
    'freeShortLoadId', ${table.freeShortLoadId},
    'standbyChargeTypeId', ${table.standbyChargeTypeId},
    'standbyMinPerQty', ${table.standbyMinPerQty},
    'standbyPrice', ${table.standbyPrice},
    'priceAdjustment', ${table.priceAdjustment},
    'priceAdjustmentPercentFlag', ${table.priceAdjustmentPercentFlag},
    'startDate', ${table.startDate},
    'terminationDate', ${table.terminationDate})`;
}

/**
 * The placeholders of the order pricing reads, filled from `orderValues`: the customer, the job
 * and the ship date (YYYY-MM-DD).
 */
const order = {
  customerId: sql.placeholder('customerId'),
  jobId: sql.placeholder('jobId'),
  shipDate: sql.placeholder('shipDate'),
};

/** The values of `order`'s placeholders for an order. */
export const orderValues = (query: OrderQuery) => ({
  customerId: query.customerId,
  jobId: query.jobId,
  shipDate: query.shipDate,
});

/** The customer's pricing defaults rows of the system type (all of them: the domain picks). */
function defaultsRead(systemTypeId: number): JsonRead {
  const table = pricingTables[systemTypeId as SystemTypeId] as
    typeof customerConcretePricing | undefined;
  if (!table) return sql`select '[]'::json`;
  return jsonRows(
    defaultsJson(table),
    sql`from ${table} where ${table.customerId} = ${order.customerId}`,
  );
}

/** R-PRICE-3: of the rows read, the defaults in effect on the ship date. */
function defaultsOn(rows: unknown, shipDate: string): CustomerPricingDefaults | undefined {
  return defaultsInEffect(
    (rows as CustomerPricingDefaults[]).map((row) => ({ ...row, sequence: row.id })),
    shipDate,
  );
}

/** R-PRICE-3: the customer's pricing defaults for the system type in effect on `shipDate`. */
export async function customerDefaultsOn(
  tx: Connection,
  query: { customerId: number; systemTypeId: number; shipDate: string },
): Promise<CustomerPricingDefaults | undefined> {
  const { defaults } = await readInOneStatement(tx, {
    shape: `orders.customerDefaults.${query.systemTypeId}`,
    reads: () => ({ defaults: defaultsRead(query.systemTypeId) }),
    values: { customerId: query.customerId },
  });
  return defaultsOn(defaults, query.shipDate);
}

/** The JSON objects of the price book's reads. */
const priceBookJson = {
  flags: sql`json_build_object(
    'customerNontaxable', ${customers.nontaxableFlag},
    'jobNontaxable', ${jobs.nontaxableFlag})`,
  quote: sql`json_build_object(
    'inactiveFlag', ${quotes.inactiveFlag},
    'systemTypeId', ${quotes.systemTypeId},
    'effectiveDate', ${quotes.effectiveDate},
    'expirationDate', ${quotes.expirationDate})`,
  quoteLine: sql`json_build_object(
    'id', ${quoteProducts.id},
    'productId', ${quoteProducts.productId},
    'price', ${quoteProducts.price},
    'taxable', ${quoteProducts.taxableFlag},
    'unitOfMeasureId', ${quoteProducts.unitOfMeasureId})`,
  quoteLinePrice: sql`json_build_object(
    'quoteProductId', ${quoteProductPrices.quoteProductId},
    'price', ${quoteProductPrices.price},
    'effectiveDate', ${quoteProductPrices.effectiveDate},
    'sequence', ${quoteProductPrices.id})`,
  product: sql`json_build_object(
    'id', ${products.id},
    'price', ${products.price},
    'taxable', ${products.taxableFlag},
    'unitOfMeasureId', ${products.unitOfMeasureId})`,
  productPrice: sql`json_build_object(
    'productId', ${productPrices.productId},
    'plantId', ${productPrices.plantId},
    'price', ${productPrices.price},
    'effectiveDate', ${productPrices.effectiveDate},
    'sequence', ${productPrices.id})`,
};

/** What the lines of an order are priced from, for `priceBookReads`. */
export type PriceBookQuery = {
  systemTypeId: number;
  /** The products to price, as a subquery of ids (`idsIn`, or one adding static products). */
  productIds: SQL;
  /** The plants the lines ship from, as a subquery of ids: their own dated prices are read. */
  plantIds: SQL;
};

type OrderQuery = {
  customerId: number;
  jobId: number | null;
  systemTypeId: number;
  /** YYYY-MM-DD: prices, quotes and defaults are taken as they stand on this day. */
  shipDate: string;
};

type DatedRow = { price: number; effectiveDate: string; sequence: number };
type QuoteRead = {
  inactiveFlag: boolean;
  systemTypeId: number;
  effectiveDate: string | null;
  expirationDate: string | null;
};
type QuoteLineRead = {
  id: number;
  productId: number;
  price: number | null;
  taxable: boolean;
  unitOfMeasureId: number | null;
};
type ProductRead = {
  id: number;
  price: number | null;
  taxable: boolean;
  unitOfMeasureId: number | null;
};

/** The names of the price book's reads in the statement that reads them. */
type PriceBookRead =
  | 'pricingDefaults'
  | 'pricingFlags'
  | 'pricingQuote'
  | 'pricingQuoteLines'
  | 'pricingQuoteLinePrices'
  | 'pricingProducts'
  | 'pricingProductPrices';

/**
 * The reads that price an order's lines (R-PRICE-1..5): the customer's defaults, the customer's
 * and job's nontaxable flags, the job's quote with its lines for the products (first by
 * sequence) and their dated prices, and the products with theirs, up to the ship date. For
 * `readInOneStatement`, alone (`readPriceBook`) or with the order's other references, with the
 * values of `orderValues`.
 */
export function priceBookReads(query: PriceBookQuery): Record<PriceBookRead, JsonRead> {
  const jobsQuote = sql`from ${jobs} join ${quotes} on ${quotes.id} = ${jobs.quoteId}
    where ${jobs.id} = ${order.jobId} and ${jobs.customerId} = ${order.customerId}`;
  const quoteLines = sql`from ${quoteProducts}
    where ${quoteProducts.productId} in (${query.productIds})
      and ${quoteProducts.quoteId} = (select ${quotes.id} ${jobsQuote})`;
  return {
    pricingDefaults: defaultsRead(query.systemTypeId),
    pricingFlags: sql`select ${priceBookJson.flags}
      from ${customers}
      left join ${jobs} on ${jobs.id} = ${order.jobId} and ${jobs.customerId} = ${customers.id}
      where ${customers.id} = ${order.customerId}`,
    pricingQuote: sql`select ${priceBookJson.quote} ${jobsQuote}`,
    pricingQuoteLines: jsonRows(
      priceBookJson.quoteLine,
      quoteLines,
      sql`${quoteProducts.sequence}, ${quoteProducts.id}`,
    ),
    pricingQuoteLinePrices: jsonRows(
      priceBookJson.quoteLinePrice,
      sql`from ${quoteProductPrices}
        where ${quoteProductPrices.effectiveDate} <= ${order.shipDate}
          and ${quoteProductPrices.quoteProductId} in (select ${quoteProducts.id} ${quoteLines})`,
    ),
    pricingProducts: jsonRows(
      priceBookJson.product,
      sql`from ${products} where ${products.id} in (${query.productIds})`,
    ),
    pricingProductPrices: jsonRows(
      priceBookJson.productPrice,
      sql`from ${productPrices}
        where ${productPrices.productId} in (${query.productIds})
          and ${productPrices.effectiveDate} <= ${order.shipDate}
          and (${productPrices.plantId} is null or ${productPrices.plantId} in (${query.plantIds}))`,
    ),
  };
}

/** An order's prices as read: each line priced without another round trip. */
export type PriceBook = {
  /** R-PRICE-3: the customer's pricing defaults in effect on the ship date. */
  defaults: CustomerPricingDefaults | undefined;
  /** R-PRICE-1..5: a line's price, source, tax and unit; undefined for a product not read. */
  line(productId: number, plantId: number | null): OrderLinePricing | undefined;
};

/** Rows grouped by one of their fields. */
function groupedBy<T, K extends keyof T>(rows: readonly T[], key: K): Map<T[K], T[]> {
  const groups = new Map<T[K], T[]>();
  for (const row of rows) groups.set(row[key], [...(groups.get(row[key]) ?? []), row]);
  return groups;
}

/** The price book from the answer of `priceBookReads` (read alone or with other reads). */
export function priceBookFrom(
  answer: Record<PriceBookRead, unknown>,
  query: OrderQuery,
): PriceBook {
  const defaults = defaultsOn(answer.pricingDefaults, query.shipDate);
  const flags = answer.pricingFlags as {
    customerNontaxable: boolean;
    jobNontaxable: boolean | null;
  } | null;
  const quote = answer.pricingQuote as QuoteRead | null;
  // R-PRICE-4: the job's quote prices the order only when it is in effect for it.
  const quoteLines =
    quote && quotePricesOn(quote, query) ? (answer.pricingQuoteLines as QuoteLineRead[]) : [];
  const quoteLinePrices = groupedBy(
    answer.pricingQuoteLinePrices as (DatedRow & { quoteProductId: number })[],
    'quoteProductId',
  );
  const productsById = new Map(
    (answer.pricingProducts as ProductRead[]).map((product) => [product.id, product]),
  );
  const productPrices = groupedBy(
    answer.pricingProductPrices as (DatedRow & { productId: number; plantId: number | null })[],
    'productId',
  );
  return {
    defaults,
    line(productId, plantId) {
      const product = productsById.get(productId);
      if (!product) return undefined;
      // A product quoted twice: the first line (by sequence) prices it.
      const line = quoteLines.find((candidate) => candidate.productId === productId);
      const quotePrice = line
        ? priceInEffect(quoteLinePrices.get(line.id) ?? [], query.shipDate, line.price)
        : null;
      const dated = productPrices.get(productId) ?? [];
      const productPrice =
        quotePrice === null
          ? productPriceInEffect(
              {
                plantPrices: dated.filter((row) => plantId !== null && row.plantId === plantId),
                productPrices: dated.filter((row) => row.plantId === null),
                listPrice: product.price,
              },
              query.shipDate,
            )
          : null;
      const { price, source } = orderLinePrice({
        quotePrice,
        customerAdjustment: defaults
          ? { amount: defaults.priceAdjustment ?? 0, percent: defaults.priceAdjustmentPercentFlag }
          : null,
        productPrice,
      });
      const byQuote = source === 'quote' ? line : undefined;
      return {
        price,
        source,
        taxable: lineTaxable({
          productTaxable: product.taxable,
          quoteLineTaxable: byQuote?.taxable ?? null,
          customerNontaxable: flags?.customerNontaxable ?? false,
          jobNontaxable: flags?.jobNontaxable ?? false,
        }),
        unitOfMeasureId: byQuote?.unitOfMeasureId ?? product.unitOfMeasureId,
        quoteProductId: byQuote?.id ?? null,
      };
    },
  };
}

/** The price book of an order's products in one statement. */
export async function readPriceBook(
  tx: Connection,
  query: OrderQuery & { productIds: readonly number[]; plantIds: readonly number[] },
): Promise<PriceBook> {
  const answer = await readInOneStatement(tx, {
    shape: `orders.priceBook.${query.systemTypeId}`,
    reads: () =>
      priceBookReads({
        systemTypeId: query.systemTypeId,
        productIds: idsIn(sql.placeholder('productIds')),
        plantIds: idsIn(sql.placeholder('plantIds')),
      }),
    values: {
      ...orderValues(query),
      productIds: idList(query.productIds),
      plantIds: idList(query.plantIds),
    },
  });
  return priceBookFrom(answer, query);
}

/**
 * R-PRICE-1..R-PRICE-5: a line's price on the ship date with where it came from, whether it is
 * taxed and its unit. Undefined for an unknown product.
 */
export async function priceOrderLine(
  tx: Connection,
  input: OrderPriceInput,
): Promise<OrderLinePricing | undefined> {
  const book = await readPriceBook(tx, {
    ...input,
    productIds: [input.productId],
    plantIds: input.plantId === null ? [] : [input.plantId],
  });
  return book.line(input.productId, input.plantId);
}

/**
 * R-PRICE-1: the price of a line saved without one: the job's quote, else the customer's adjusted
 * defaults, else the product's price in effect on the ship date, else none.
 */
export async function resolveOrderPrice(
  tx: Tx | Db,
  input: OrderPriceInput,
): Promise<{ price: number | null; source: 'quote' | 'customer' | 'product' | 'none' }> {
  const found = await priceOrderLine(tx, input);
  return found ? { price: found.price, source: found.source } : { price: null, source: 'none' };
}

/** R-PRICE-6: which tax schedule taxes the order: the job's, else the customer's. */
export async function taxScheduleFor(
  tx: Connection,
  query: { jobId: number | null; customerId: number },
): Promise<{ taxScheduleId: number; from: 'job' | 'customer' } | undefined> {
  if (query.jobId !== null) {
    const [job] = await tx
      .select({ taxScheduleId: jobs.taxScheduleId })
      .from(jobs)
      .where(eq(jobs.id, query.jobId));
    if (job?.taxScheduleId != null) return { taxScheduleId: job.taxScheduleId, from: 'job' };
  }
  const [customer] = await tx
    .select({ taxScheduleId: customers.taxScheduleId })
    .from(customers)
    .where(eq(customers.id, query.customerId));
  if (customer?.taxScheduleId != null) {
    return { taxScheduleId: customer.taxScheduleId, from: 'customer' };
  }
  return undefined;
}

/** R-PRICE-6: a schedule's combined rate in percent: the sum of its active levels' rates. */
export async function taxScheduleRate(tx: Connection, taxScheduleId: number): Promise<number> {
  const levels = await tx
    .select({ rate: taxLevels.taxRate })
    .from(taxScheduleLevels)
    .innerJoin(taxLevels, eq(taxLevels.id, taxScheduleLevels.taxLevelId))
    .where(
      and(eq(taxScheduleLevels.taxScheduleId, taxScheduleId), eq(taxLevels.inactiveFlag, false)),
    );
  return combinedTaxRate(levels.map((level) => level.rate));
}

/**
 * R-PRICE-6: the order's tax rate in percent (8 for 8%): the job's schedule, else the customer's;
 * null when neither has one (no tax).
 */
export async function taxRateFor(
  tx: Connection,
  query: { jobId: number | null; customerId: number },
): Promise<number | null> {
  const schedule = await taxScheduleFor(tx, query);
  return schedule ? taxScheduleRate(tx, schedule.taxScheduleId) : null;
}

/** What an order's charges follow (R-PRICE-8, R-PRICE-9), from the customer's defaults. */
export type OrderChargeRules = {
  /** The short load rows that apply (R-PRICE-8): pass to `shortLoadCharge(s)`. */
  shortLoadTypes: ShortLoadType[];
  /** How many short loads of the order are free. */
  freeShortLoads: number;
  standby: {
    method: StandbyMethod;
    freeMinutesPerUnit: number | null;
    price: number | null;
  };
};

/**
 * R-PRICE-8, R-PRICE-9: the short load and standby rules of an order. The order's own short load
 * type, free short loads and standby charge type when given (order entry copies them from the
 * customer's defaults), else the customer's defaults in effect on the ship date; standby minutes
 * and price are the customer's.
 */
export async function orderChargeRulesFor(
  tx: Connection,
  query: {
    customerId: number;
    systemTypeId: number;
    plantId: number | null;
    shipDate: string;
    shortLoadTypeId?: number | null;
    freeShortLoadId?: number | null;
    standbyChargeTypeId?: number | null;
  },
): Promise<OrderChargeRules> {
  const defaults = await customerDefaultsOn(tx, query);
  const shortLoadTypeId = query.shortLoadTypeId ?? defaults?.shortLoadTypeId ?? null;
  const freeShortLoadId = query.freeShortLoadId ?? defaults?.freeShortLoadId ?? null;
  const rows = await tx
    .select({
      id: shortLoadTypes.id,
      minimumQuantity: shortLoadTypes.minimumQuantity,
      charge: shortLoadTypes.charge,
      systemTypeId: shortLoadTypes.systemTypeId,
      plantId: shortLoadTypes.plantId,
      inactiveFlag: shortLoadTypes.inactiveFlag,
    })
    .from(shortLoadTypes)
    .where(
      or(
        eq(shortLoadTypes.systemTypeId, query.systemTypeId),
        shortLoadTypeId === null ? undefined : eq(shortLoadTypes.id, shortLoadTypeId),
      ),
    );
  const [free] =
    freeShortLoadId === null
      ? []
      : await tx
          .select({ count: freeShortLoads.numberOfFreeLoads })
          .from(freeShortLoads)
          .where(eq(freeShortLoads.id, freeShortLoadId));
  return {
    shortLoadTypes: applicableShortLoadTypes(rows, {
      shortLoadTypeId,
      systemTypeId: query.systemTypeId,
      plantId: query.plantId,
    }),
    freeShortLoads: free?.count ?? 0,
    standby: {
      method: standbyMethodOf(query.standbyChargeTypeId ?? defaults?.standbyChargeTypeId ?? null),
      freeMinutesPerUnit: defaults?.standbyMinPerQty ?? null,
      price: defaults?.standbyPrice ?? null,
    },
  };
}
