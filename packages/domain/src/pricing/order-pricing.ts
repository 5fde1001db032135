/**
 * Order pricing (R-PRICE-1..R-PRICE-9, issue 12): where a line's price comes from, the customer's
 * price adjustment, short-load and standby charges, and the totals of an order with its tax. Pure
 * arithmetic in whole cents; the server reads the candidates and the web shows the same figures.
 * Cents are rounded half away from zero by price escalation's own rounding (R-ESC-4).
 */
import {
  divideRoundingHalfAwayFromZero,
  escalatedPrice,
  fromCents,
  toCents,
} from './price-escalation';

export const priceSources = ['quote', 'customer', 'product', 'none'] as const;
/** Where a line's price came from: the job's quote, the customer's defaults, the product, nowhere. */
export type PriceSource = (typeof priceSources)[number];

/** A customer's price adjustment (pricing defaults): an amount per unit, or a percent. */
export type PriceAdjustment = {
  /** Signed: negative lowers. Two decimals (an amount, or a percent such as -2.5). */
  readonly amount: number;
  readonly percent: boolean;
};

/**
 * R-PRICE-2: a price after the customer's adjustment. An amount adds, a percent multiplies; the
 * result is rounded to the cent, half away from zero, and never below zero: price escalation's
 * arithmetic (R-ESC-4), reused.
 */
export function adjustedPrice(price: number, adjustment: PriceAdjustment): number {
  return escalatedPrice(price, adjustment.percent ? 'percent' : 'amount', adjustment.amount);
}

/** What may price a line, each already taken on the order's ship date. */
export type PriceCandidates = {
  /** The job's quote line for the product, in effect on the ship date; null without one. */
  readonly quotePrice: number | null;
  /** The adjustment of the customer's pricing defaults in effect; null without defaults. */
  readonly customerAdjustment: PriceAdjustment | null;
  /** The product's price in effect on the ship date at the plant; null when it has none. */
  readonly productPrice: number | null;
};

export type ResolvedPrice = { readonly price: number | null; readonly source: PriceSource };

/**
 * R-PRICE-1: the job's quote wins; else the customer's defaults adjust the product's price; else
 * the product's price; else there is no price. _Project decision_: defaults whose adjustment is
 * zero leave the product's price as it is, so its source is the product; and the customer's
 * adjustment needs a product price to adjust (without one, no price).
 */
export function orderLinePrice(candidates: PriceCandidates): ResolvedPrice {
  if (candidates.quotePrice !== null) return { price: candidates.quotePrice, source: 'quote' };
  const product = candidates.productPrice;
  if (product === null) return { price: null, source: 'none' };
  const adjustment = candidates.customerAdjustment;
  if (adjustment && adjustment.amount !== 0) {
    return { price: adjustedPrice(product, adjustment), source: 'customer' };
  }
  return { price: product, source: 'product' };
}

/** Rows in effect between two optional dates (customer pricing defaults). */
export type DatedDefaults = {
  readonly startDate: string | null;
  readonly terminationDate: string | null;
  /** Orders rows of the same start: the later written (higher) wins. */
  readonly sequence: number;
};

/**
 * R-PRICE-3: the customer's pricing defaults in effect on `day`: started by then (no start date:
 * always started) and not terminated before it (the termination day still counts). Of several,
 * the latest start wins, then the later written.
 */
export function defaultsInEffect<T extends DatedDefaults>(
  rows: readonly T[],
  day: string,
): T | undefined {
  let found: T | undefined;
  for (const row of rows) {
    if (row.startDate !== null && row.startDate > day) continue;
    if (row.terminationDate !== null && row.terminationDate < day) continue;
    const start = row.startDate ?? '';
    const foundStart = found?.startDate ?? '';
    if (!found || start > foundStart || (start === foundStart && row.sequence > found.sequence)) {
      found = row;
    }
  }
  return found;
}

/**
 * R-PRICE-4: a job's quote prices the order when it is active, of the order's system type, and
 * the ship date lies within its effective date (when it has one) and its expiration date (when it
 * has one, the day itself included).
 */
export function quotePricesOn(
  quote: {
    readonly inactiveFlag: boolean;
    readonly systemTypeId: number;
    readonly effectiveDate: string | null;
    readonly expirationDate: string | null;
  },
  order: { readonly systemTypeId: number; readonly shipDate: string },
): boolean {
  if (quote.inactiveFlag || quote.systemTypeId !== order.systemTypeId) return false;
  if (quote.effectiveDate !== null && quote.effectiveDate > order.shipDate) return false;
  return quote.expirationDate === null || quote.expirationDate >= order.shipDate;
}

/**
 * R-PRICE-5: whether a line is taxed: the quote line's flag when the quote priced it, else the
 * product's; never for a nontaxable customer or job.
 */
export function lineTaxable(input: {
  readonly productTaxable: boolean;
  /** The quote line's flag when the quote priced the line; null otherwise. */
  readonly quoteLineTaxable: boolean | null;
  readonly customerNontaxable: boolean;
  readonly jobNontaxable: boolean;
}): boolean {
  if (input.customerNontaxable || input.jobNontaxable) return false;
  return input.quoteLineTaxable ?? input.productTaxable;
}

/** Tax rates are percents with four decimals (tax_levels.tax_rate, numeric(9, 4), 0 to 100). */
const rateScale = 10_000;

/**
 * R-PRICE-6: a tax schedule's rate: the sum of its levels' rates, in percent (5.75 + 1.25 + 1 =
 * 8), added exactly.
 */
export function combinedTaxRate(levelRates: readonly number[]): number {
  return levelRates.reduce((sum, rate) => sum + Math.round(rate * rateScale), 0) / rateScale;
}

/** One line of an order: a product, or a charge (short load, standby) added as a line. */
export type PricedLine = {
  readonly quantity: number;
  /** Null: not priced (it counts nothing). */
  readonly price: number | null;
  readonly taxable: boolean;
};

/** Quantities have three decimals (numeric(12, 3)). */
const quantityScale = 1000;

/**
 * R-PRICE-7: a line's amount: quantity times price, rounded to the cent half away from zero
 * (2.5 yd at 101.25 is 253.13, not the 253.12 a binary double gives).
 */
export function lineAmount(line: Pick<PricedLine, 'quantity' | 'price'>): number {
  return fromCents(Number(lineCents(line)));
}

function lineCents(line: Pick<PricedLine, 'quantity' | 'price'>): bigint {
  if (line.price === null) return 0n;
  const milli = BigInt(Math.round(line.quantity * quantityScale));
  return divideRoundingHalfAwayFromZero(milli * BigInt(toCents(line.price)), BigInt(quantityScale));
}

export type OrderTotals = {
  /** Every line's amount, in order. */
  readonly amounts: readonly number[];
  readonly subtotal: number;
  readonly taxableSubtotal: number;
  readonly taxRate: number;
  readonly tax: number;
  readonly total: number;
};

/**
 * R-PRICE-7: an order's totals. Tax is the sum of the taxable lines' amounts times the schedule's
 * combined rate, rounded once to the cent (half away from zero), so lines do not each lose a
 * fraction of a cent. No schedule: a rate of 0.
 */
export function orderTotals(lines: readonly PricedLine[], taxRate: number | null): OrderTotals {
  let subtotal = 0n;
  let taxable = 0n;
  const amounts: number[] = [];
  for (const line of lines) {
    const cents = lineCents(line);
    amounts.push(fromCents(Number(cents)));
    subtotal += cents;
    if (line.taxable) taxable += cents;
  }
  const rate = BigInt(Math.round((taxRate ?? 0) * rateScale));
  const tax = divideRoundingHalfAwayFromZero(taxable * rate, BigInt(100 * rateScale));
  return {
    amounts,
    subtotal: fromCents(Number(subtotal)),
    taxableSubtotal: fromCents(Number(taxable)),
    taxRate: taxRate ?? 0,
    tax: fromCents(Number(tax)),
    total: fromCents(Number(subtotal + tax)),
  };
}

/** A short load charge row (short_load_types, R-MAINT-22). */
export type ShortLoadType = {
  readonly id: number;
  /** A load below this quantity is short. */
  readonly minimumQuantity: number | null;
  readonly charge: number | null;
  readonly systemTypeId: number;
  /** Null: every plant of the system type. */
  readonly plantId: number | null;
  readonly inactiveFlag: boolean;
};

/**
 * R-PRICE-8: the short load rows that apply to an order. The order's short load type (copied from
 * the customer's defaults) when it names an active row; else the active rows of the system type
 * and the plant; else the system type's active rows for every plant. The spec (section 3) gives
 * shortLoadTypeId in the customer's defaults and on the order, and R-MAINT-22 says a row without a
 * plant applies at every plant; the order of the fallbacks is the project's decision: the more
 * particular row wins, and an inactive row applies to nothing.
 */
export function applicableShortLoadTypes<T extends ShortLoadType>(
  rows: readonly T[],
  order: {
    readonly shortLoadTypeId: number | null;
    readonly systemTypeId: number;
    readonly plantId: number | null;
  },
): T[] {
  const active = rows.filter((row) => !row.inactiveFlag);
  const chosen = active.find((row) => row.id === order.shortLoadTypeId);
  if (chosen) return [chosen];
  const ofType = active.filter((row) => row.systemTypeId === order.systemTypeId);
  const atPlant = ofType.filter((row) => order.plantId !== null && row.plantId === order.plantId);
  if (atPlant.length > 0) return atPlant;
  return ofType.filter((row) => row.plantId === null);
}

/**
 * R-PRICE-8: the charge a load draws. A load below a row's minimum quantity is short; among the
 * rows it is short under, the one with the lowest minimum (the tightest band: with "under 4 yd,
 * 95" and "under 6 yd, 65", 3 yd draws 95 and 5 yd draws 65). Not short, or a row without a
 * charge: undefined.
 */
export function shortLoadCharge<T extends ShortLoadType>(
  quantity: number,
  rows: readonly T[],
): { readonly shortLoadTypeId: number; readonly charge: number } | undefined {
  let band: T | undefined;
  for (const row of rows) {
    if (row.minimumQuantity === null || !(quantity < row.minimumQuantity)) continue;
    if (!band || row.minimumQuantity < band.minimumQuantity!) band = row;
  }
  if (!band?.charge) return undefined;
  return { shortLoadTypeId: band.id, charge: band.charge };
}

/**
 * R-PRICE-8: each load's short load charge (0 when not short), the first `freeLoads` short loads
 * of the order free (the customer's free short loads, numberOfFreeLoads).
 */
export function shortLoadCharges(
  loadQuantities: readonly number[],
  rows: readonly ShortLoadType[],
  freeLoads: number,
): number[] {
  let free = freeLoads;
  return loadQuantities.map((quantity) => {
    const found = shortLoadCharge(quantity, rows);
    if (!found) return 0;
    if (free > 0) {
      free -= 1;
      return 0;
    }
    return found.charge;
  });
}

export const standbyMethods = ['perMinute', 'perHour', 'none'] as const;
export type StandbyMethod = (typeof standbyMethods)[number];

/**
 * The standby charge types by their seeded codes (standby_charge_types: 1 standard, 2 per minute,
 * 3 per hour, 4 none). _Project decision_: standard charges by the minute, as per minute does;
 * an unknown type charges nothing.
 */
export function standbyMethodOf(standbyChargeTypeId: number | null): StandbyMethod {
  if (standbyChargeTypeId === 1 || standbyChargeTypeId === 2) return 'perMinute';
  if (standbyChargeTypeId === 3) return 'perHour';
  return 'none';
}

/**
 * R-PRICE-9: a load's standby charge, from the customer's defaults: the minutes on the job beyond
 * the free time (standbyMinPerQty minutes per unit of the load) are charged at standbyPrice a
 * minute, or an hour for every hour begun. Rounded to the cent, half away from zero.
 */
export function standbyCharge(input: {
  readonly method: StandbyMethod;
  readonly freeMinutesPerUnit: number | null;
  readonly price: number | null;
  readonly quantity: number;
  readonly minutesOnJob: number;
}): number {
  if (input.method === 'none' || !input.price) return 0;
  const free = (input.freeMinutesPerUnit ?? 0) * input.quantity;
  const over = Math.max(0, input.minutesOnJob - free);
  if (over <= 0) return 0;
  // Whole minutes (a part minute is not charged) or hours begun.
  const units = input.method === 'perHour' ? Math.ceil(over / 60) : Math.floor(over);
  return lineAmount({ quantity: units, price: input.price });
}
