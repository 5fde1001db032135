/**
 * Order pricing (R-PRICE-1..R-PRICE-10, issue 12): reads the candidates for a line's price on the
 * ship date (the job's quote line, the customer's pricing defaults, the product's price in
 * effect), the tax schedule's rate and the short load and standby rules, and leaves the decisions
 * to the domain (`@dispatch/domain/pricing/order-pricing`). Order entry calls `resolveOrderPrice`
 * for lines saved without a price.
 */
import { and, asc, eq, or } from 'drizzle-orm';
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
import { products } from '../../db/schema/products';
import { quoteProducts, quotes } from '../../db/schema/quotes';
import { productPriceOn, quoteLinePriceOn } from '../price-escalation/price-in-effect.service';

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
const pricingTables = {
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

/** R-PRICE-3: the customer's pricing defaults for the system type in effect on `shipDate`. */
export async function customerDefaultsOn(
  tx: Connection,
  query: { customerId: number; systemTypeId: number; shipDate: string },
): Promise<CustomerPricingDefaults | undefined> {
  const table = pricingTables[query.systemTypeId as SystemTypeId] as
    typeof customerConcretePricing | undefined;
  if (!table) return undefined;
  const rows = await tx
    .select({
      id: table.id,
      shortLoadTypeId: table.shortLoadTypeId,
      freeShortLoadId: table.freeShortLoadId,
      standbyChargeTypeId: table.standbyChargeTypeId,
      standbyMinPerQty: table.standbyMinPerQty,
      standbyPrice: table.standbyPrice,
      priceAdjustment: table.priceAdjustment,
      priceAdjustmentPercentFlag: table.priceAdjustmentPercentFlag,
      startDate: table.startDate,
      terminationDate: table.terminationDate,
    })
    .from(table)
    .where(eq(table.customerId, query.customerId));
  return defaultsInEffect(
    rows.map((row) => ({ ...row, sequence: row.id })),
    query.shipDate,
  );
}

/** The job's quote line for the product, when the quote prices an order of that day (R-PRICE-4). */
async function quoteLineFor(
  tx: Connection,
  input: OrderPriceInput,
): Promise<
  { id: number; price: number | null; taxable: boolean; unitOfMeasureId: number | null } | undefined
> {
  if (input.jobId === null) return undefined;
  const [quote] = await tx
    .select({
      id: quotes.id,
      inactiveFlag: quotes.inactiveFlag,
      systemTypeId: quotes.systemTypeId,
      effectiveDate: quotes.effectiveDate,
      expirationDate: quotes.expirationDate,
    })
    .from(jobs)
    .innerJoin(quotes, eq(quotes.id, jobs.quoteId))
    .where(and(eq(jobs.id, input.jobId), eq(jobs.customerId, input.customerId)));
  if (!quote || !quotePricesOn(quote, input)) return undefined;
  // A product quoted twice: the first line (by sequence) prices it.
  const [line] = await tx
    .select({
      id: quoteProducts.id,
      taxable: quoteProducts.taxableFlag,
      unitOfMeasureId: quoteProducts.unitOfMeasureId,
    })
    .from(quoteProducts)
    .where(and(eq(quoteProducts.quoteId, quote.id), eq(quoteProducts.productId, input.productId)))
    .orderBy(asc(quoteProducts.sequence), asc(quoteProducts.id))
    .limit(1);
  if (!line) return undefined;
  const priced = await quoteLinePriceOn(tx, { quoteProductId: line.id, date: input.shipDate });
  return { ...line, price: priced?.price ?? null };
}

/**
 * R-PRICE-1..R-PRICE-5: a line's price on the ship date with where it came from, whether it is
 * taxed and its unit. Undefined for an unknown product.
 */
export async function priceOrderLine(
  tx: Connection,
  input: OrderPriceInput,
): Promise<OrderLinePricing | undefined> {
  const [product] = await tx
    .select({ taxable: products.taxableFlag, unitOfMeasureId: products.unitOfMeasureId })
    .from(products)
    .where(eq(products.id, input.productId));
  if (!product) return undefined;
  const [flags] = await tx
    .select({ customerNontaxable: customers.nontaxableFlag, jobNontaxable: jobs.nontaxableFlag })
    .from(customers)
    .leftJoin(jobs, and(eq(jobs.id, input.jobId ?? 0), eq(jobs.customerId, customers.id)))
    .where(eq(customers.id, input.customerId));
  const line = await quoteLineFor(tx, input);
  const quotePrice = line?.price ?? null;
  const defaults = quotePrice === null ? await customerDefaultsOn(tx, input) : undefined;
  const productPrice =
    quotePrice === null
      ? ((
          await productPriceOn(tx, {
            productId: input.productId,
            plantId: input.plantId,
            date: input.shipDate,
          })
        )?.price ?? null)
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
}

/**
 * R-PRICE-1: the price of a line saved without one: the job's quote, else the customer's adjusted
 * defaults, else the product's price in effect on the ship date, else none.
 */
export async function resolveOrderPrice(
  tx: Tx | Db,
  input: {
    customerId: number;
    jobId: number | null;
    productId: number;
    plantId: number | null;
    systemTypeId: number;
    shipDate: string;
  },
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
