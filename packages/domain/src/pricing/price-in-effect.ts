/**
 * The price in effect on a day (R-ESC-8): prices are dated. A product's (or a quote line's) own
 * price is what holds until its first dated price; each dated price holds from its effective day
 * until the next. Two dated prices of the same day: the one written last holds.
 */

/** A dated price: `sequence` orders prices of the same day (the row id: later written, higher). */
export type DatedPrice = {
  readonly price: number;
  readonly effectiveDate: string;
  readonly sequence: number;
};

/** The dated price in effect on `day` (YYYY-MM-DD), or undefined when none has started yet. */
export function datedPriceOn<T extends DatedPrice>(
  history: readonly T[],
  day: string,
): T | undefined {
  let found: T | undefined;
  for (const entry of history) {
    if (entry.effectiveDate > day) continue;
    if (
      !found ||
      entry.effectiveDate > found.effectiveDate ||
      (entry.effectiveDate === found.effectiveDate && entry.sequence > found.sequence)
    ) {
      found = entry;
    }
  }
  return found;
}

/** The price in effect on `day`: the latest dated price started by then, else the undated one. */
export function priceInEffect(
  history: readonly DatedPrice[],
  day: string,
  undated: number | null,
): number | null {
  return datedPriceOn(history, day)?.price ?? undated;
}

/**
 * A product's price at a plant on `day`: the plant's own dated price when one has started, else
 * the product's dated price, else its list price. Without a plant, the product's price.
 */
export function productPriceInEffect(
  input: {
    readonly plantPrices: readonly DatedPrice[];
    readonly productPrices: readonly DatedPrice[];
    readonly listPrice: number | null;
  },
  day: string,
): number | null {
  return (
    datedPriceOn(input.plantPrices, day)?.price ??
    priceInEffect(input.productPrices, day, input.listPrice)
  );
}
